-- Seven choice: both branches of the choice on a rolled 7, the discards before it, a short or
-- empty bank, the knight, options, labels and whole games. base.seven(p) is what a rolled 7 runs.

-- The decisions of the current game as {player, kind, count, id} rows.
local function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.count, d.id } end
  return out
end

test("seven choice: the bank branch takes exactly the 2 chosen cards; the robber stays", function(t)
  local base = fresh(t, { [1] = { "bank", "ore", "wool" } })
  settlement(base, 2, 20)
  give(1, { brick = 1 })
  give(2, { grain = 2 })
  t.eq(base.seven(1), nil, "the robber did not move")
  t.eq(hand(1), { brick = 1, wool = 1, ore = 1 })
  t.eq(hand(2), { grain = 2 }, "nobody is robbed")
  t.eq(bank(), { brick = 18, lumber = 19, wool = 18, grain = 17, ore = 18 })
  t.eq(game.get("robber"), 10)
  t.eq(rows(t), { { 1, "seven.choice", 2, "bank" }, { 1, "seven.take", 5, "ore" },
                  { 1, "seven.take", 5, "wool" } })
end)

test("seven choice: the robber branch moves the robber and steals as in base", function(t)
  local base = fresh(t, { [1] = { "robber", "tile:5" } })
  settlement(base, 2, 20) -- a corner of tile 5
  give(1, { brick = 1 })
  give(2, { wool = 1 })
  t.eq(base.seven(1), 5)
  t.eq(game.get("robber"), 5)
  t.eq(hand(1), { brick = 1, wool = 1 }, "player 2's only card")
  t.eq(hand(2), {})
  t.eq(bank(), { brick = 18, lumber = 19, wool = 18, grain = 19, ore = 19 })
  t.eq(rows(t), { { 1, "seven.choice", 2, "robber" }, { 1, "base.robber", 18, "tile:5" } })
end)

test("seven choice: big hands discard first, then the roller chooses", function(t)
  local base = fresh(t, { [1] = { "ore", "ore", "ore", "ore", "bank", "grain", "grain" },
                          [3] = { "lumber", "lumber", "lumber", "lumber" } })
  give(1, { ore = 9 })
  give(3, { lumber = 8 })
  base.seven(1)
  t.eq(hand(1), { ore = 5, grain = 2 }, "4 of 9 discarded, then 2 grain taken")
  t.eq(hand(3), { lumber = 4 })
  t.eq(bank(), { brick = 19, lumber = 15, wool = 19, grain = 17, ore = 14 })
  t.eq(rows(t), {
    { 1, "base.discard", 1, "ore" }, { 1, "base.discard", 1, "ore" },
    { 1, "base.discard", 1, "ore" }, { 1, "base.discard", 1, "ore" },
    { 3, "base.discard", 1, "lumber" }, { 3, "base.discard", 1, "lumber" },
    { 3, "base.discard", 1, "lumber" }, { 3, "base.discard", 1, "lumber" },
    { 1, "seven.choice", 2, "bank" }, { 1, "seven.take", 5, "grain" },
    { 1, "seven.take", 5, "grain" },
  })
end)

test("seven choice: only what the bank holds is offered; an empty bank means the robber", function(t)
  local base = fresh(t, { [1] = { "bank", "ore", "tile:19" } }, { "base.bank_per_resource=1" })
  give(2, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  base.seven(1)
  t.eq(hand(1), { ore = 1 }, "one card left in the bank: one taken")
  t.eq(base.seven(1), 19, "nothing in the bank: the robber moves without a choice")
  t.eq(rows(t), { { 1, "seven.choice", 2, "bank" }, { 1, "seven.take", 1, "ore" },
                  { 1, "base.robber", 18, "tile:19" } })
end)

test("seven choice: a knight moves the robber without a choice", function(t)
  local base = fresh(t, { [1] = { "tile:19" } })
  t.eq(base.move_robber(1), 19)
  t.eq(rows(t), { { 1, "base.robber", 18, "tile:19" } })
end)

test("seven choice: the number of cards is an option, and the labels say it", function(t)
  local base = fresh(t, { [1] = { "bank", "brick", "brick", "ore" } }, { "seven-choice.cards=3" })
  base.seven(1)
  t.eq(hand(1), { brick = 2, ore = 1 })
  t.eq(game.label("seven.choice", { id = "bank", action = "bank", cards = 3 }),
    "take 3 resource cards from the bank")
  t.eq(game.label("seven.choice", { id = "robber", action = "robber" }), "move the robber and steal")
  t.eq(game.label("seven.take", { id = "ore", resource = "ore" }), "take ore")
end)

test("seven choice: statistics count each branch and the cards taken", function(t)
  local base = fresh(t, { [1] = { "bank", "ore", "ore", "robber", "tile:19" } })
  local pack = t.env("seven-choice")
  base.seven(1)
  base.seven(1)
  t.eq({ pack.storage.bank, pack.storage.robber, pack.storage.taken }, { 1, 1, 2 })
end)

-- Whole games with every invariant checked; returns the 7s answered with each branch.
local function games(t, agents, n)
  local bank, robber = 0, 0
  for seed = 1, n do
    t.start { players = 4, seed = seed, options = { "base.check=true" }, agents = agents }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
    bank = bank + game.get("stats.seven_bank")
    robber = robber + game.get("stats.seven_robber")
  end
  return bank, robber
end

test("seven choice: whole games of random bots end with a winner, using both branches", function(t)
  local bank, robber = games(t, { "random" }, 3)
  t.ok(bank > 0 and robber > 0, bank .. " bank, " .. robber .. " robber")
end)

test("seven choice: whole games of heuristic bots end with a winner, using the choice", function(t)
  local bank, robber = games(t, { "heuristic" }, 3)
  t.ok(bank + robber > 0, bank .. " bank, " .. robber .. " robber")
end)
