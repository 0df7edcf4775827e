-- No early sevens.

-- Raises base.roll with a 3 + 4 for player 1 and returns the payload after the handlers.
local function roll_seven()
  local e = { player = 1, dice = { 3, 4 }, total = 7 }
  game.raise("base.roll", e)
  return e
end

test("no early sevens: a 7 in the first rounds is rolled again until it is not a 7", function(t)
  t.start { players = 4, seed = 1, start = false }
  local e = roll_seven()
  t.ok(e.total ~= 7 and e.total >= 2 and e.total <= 12)
  t.eq(e.dice[1] + e.dice[2], e.total)
  t.ok(game.get("sevens_rerolled") >= 1)
  local other = { player = 1, dice = { 2, 4 }, total = 6 }
  game.raise("base.roll", other)
  t.eq(other, { player = 1, dice = { 2, 4 }, total = 6 }, "other totals stand")
end)

test("no early sevens: from round N + 1 on, a 7 stands", function(t)
  t.start { players = 4, seed = 1, options = { "no-early-sevens.rounds=1" } }
  t.turn(3)
  t.eq(game.round(), 1)
  t.ok(roll_seven().total ~= 7, "round 1")
  t.turn(1) -- the turn passes back to the first player: round 2 begins
  t.eq(game.round(), 2)
  t.eq(roll_seven(), { player = 1, dice = { 3, 4 }, total = 7 }, "round 2")
end)

test("no early sevens: rounds = 0 turns the rule off", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "no-early-sevens.rounds=0" } }
  t.turn(1)
  t.eq(roll_seven().total, 7)
  t.eq(game.get("sevens_rerolled"), nil)
end)

test("no early sevens: no 7 is ever rolled in the first 3 rounds of real games", function(t)
  local rerolled = 0
  for seed = 1, 10 do
    t.start { players = 4, seed = seed, options = { "no-early-sevens.rounds=3", "base.check=true" } }
    t.turn(12) -- rounds 1 to 3
    t.eq(game.turn(), 12)
    t.eq(game.get("dice_histogram.7"), 0, "seed " .. seed)
    rerolled = rerolled + (game.get("sevens_rerolled") or 0)
  end
  t.ok(rerolled > 0, "some 7 was rolled and rolled again")
end)

test("no early sevens: whole games keep every invariant", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
end)
