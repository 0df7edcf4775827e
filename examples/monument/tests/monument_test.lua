-- Monuments: cost, where they go, the limit, points, statistics and whole games.

test("monument: one of each resource goes to the bank and the player gains 2 points", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  settlement(base, 1, 10)
  give(1, { brick = 1, lumber = 1, wool = 1, grain = 1, ore = 2 })
  t.eq(game.player_get(1, "vp"), 1)
  t.eq(base.buildable(1), { "monument", "road" }, "brick and lumber buy a road too")
  t.eq(base.legal_spots(1, "monument"), { 10 })
  t.ok(has(ids(base.action_options(1)), "build:monument"))
  t.eq(base.build_action(1, "monument"), 10)
  t.eq(hand(1), { ore = 1 }, "exactly one card of each resource paid")
  t.eq(bank(), { brick = 19, lumber = 19, wool = 19, grain = 19, ore = 18 })
  t.eq(board.node_get(10, "monument"), 1)
  t.eq(board.node_get(10, "building"), "settlement", "the settlement stays")
  t.eq(game.count(1, "monument", "piece"), 1)
  t.eq(game.player_get(1, "monuments"), 1)
  t.eq(game.player_get(1, "vp"), 3, "a settlement (1) and a monument (2)")
  local _, sources = base.victory_points(1)
  t.eq(sources.monuments, 2)
  t.eq(t.decisions(), { { player = 1, kind = "base.place_monument", count = 1, choice = 1,
                          id = "node:10" } })
end)

test("monument: one card short and the menu offers none", function(t)
  local base = fresh(t)
  settlement(base, 1, 10)
  for _, missing in ipairs(RESOURCES) do
    local cards = {}
    for _, r in ipairs(RESOURCES) do if r ~= missing then cards[r] = 3 end end
    give(1, cards)
    for _, b in ipairs(base.buildable(1)) do t.ok(b ~= "monument", "no " .. missing) end
    for r, n in pairs(cards) do game.move(1, "bank", r, n, "card") end
  end
end)

test("monument: beside the player's own settlement or city, one per node", function(t)
  local base = fresh(t)
  settlement(base, 1, 10)
  settlement(base, 1, 42)
  base.place_piece(1, "city", 42, { free = true })
  settlement(base, 2, 20)
  t.eq(base.legal_spots(1, "monument"), { 10, 42 })
  t.eq(base.legal_spots(3, "monument"), {}, "no building, no monument")
  base.place_piece(1, "monument", 42, { free = true })
  t.eq(base.legal_spots(1, "monument"), { 10 })
  t.raises(function() base.place_piece(1, "monument", 42, { free = true }) end,
    "node 42 already holds a monument")
  t.raises(function() base.place_piece(1, "monument", 20, { free = true }) end,
    "player 1 has no building on node 20 that a monument can join")
  t.eq(game.player_get(1, "vp"), 1 + 2 + 2)
end)

test("monument: 2 per player; a third is refused", function(t)
  local base = fresh(t)
  for _, n in ipairs({ 3, 15, 42 }) do settlement(base, 1, n) end
  base.place_piece(1, "monument", 3, { free = true })
  base.place_piece(1, "monument", 15, { free = true })
  give(1, ONE_OF_EACH)
  t.eq(game.count(1, "monument", "piece"), 0)
  t.ok(not has(base.buildable(1), "monument"), "none left in supply")
  t.ok(not has(ids(base.action_options(1)), "build:monument"))
  t.raises(function() base.build_action(1, "monument") end, "player 1 cannot build a monument now")
  t.eq(hand(1), ONE_OF_EACH, "nothing paid")
  t.eq(game.player_get(1, "vp"), 3 + 2 + 2)
end)

test("monument: monuments produce nothing", function(t)
  local base = fresh(t)
  settlement(base, 1, 15) -- brick 6
  base.place_piece(1, "monument", 15, { free = true })
  base.produce(6)
  t.eq(hand(1), { brick = 1 }, "the settlement's card only")
end)

test("monument: monuments count toward the win", function(t)
  local base = fresh(t)
  for _, n in ipairs({ 3, 15, 42 }) do
    settlement(base, 1, n)
    base.place_piece(1, "city", n, { free = true })
  end
  settlement(base, 1, 25)
  base.place_piece(1, "monument", 3, { free = true })
  t.eq(game.player_get(1, "vp"), 3 * 2 + 1 + 2)
  t.ok(not base.check_win(1))
  base.place_piece(1, "monument", 15, { free = true })
  t.eq(game.player_get(1, "vp"), 11)
  t.ok(base.check_win(1))
  t.eq(game.winner(), 1)
end)

test("monument: every number is an option (cost, limit, points)", function(t)
  local base = fresh(t, nil, { "monument.cost_brick=0", "monument.cost_lumber=0",
                               "monument.cost_wool=0", "monument.cost_grain=0",
                               "monument.cost_ore=3", "monument.limit=1", "monument.vp=4" })
  settlement(base, 1, 10)
  settlement(base, 1, 42)
  give(1, { ore = 2, brick = 1, lumber = 1, wool = 1, grain = 1 })
  t.ok(not has(base.buildable(1), "monument"), "2 ore of 3")
  give(1, { ore = 1 })
  t.ok(has(base.buildable(1), "monument"))
  t.eq(base.build_action(1, "monument"), 10)
  t.eq(hand(1), { brick = 1, lumber = 1, wool = 1, grain = 1 })
  t.eq(game.player_get(1, "vp"), 2 + 4)
  t.ok(not has(base.buildable(1), "monument"), "the one monument allowed is built")
end)

test("monument: statistics count the monuments built and the turn of the first", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  local monument = t.env("monument")
  settlement(base, 1, 10)
  give(1, ONE_OF_EACH)
  t.eq(monument.storage.monuments_built, nil)
  base.build_action(1, "monument")
  t.eq(monument.storage.monuments_built, 1)
  t.eq(monument.storage.first_monument_turn, game.turn())
end)

-- Whole games with every invariant checked; returns the monuments built over all of them.
local function games(t, agents, n)
  local built = 0
  for seed = 1, n do
    t.start { players = 4, seed = seed, options = { "base.check=true" }, agents = agents }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
    built = built + game.get("stats.monuments_built")
  end
  return built
end

test("monument: whole games of random bots end with a winner and build monuments", function(t)
  t.ok(games(t, { "random" }, 3) > 0, "random bots build monuments")
end)

-- The heuristic bot leaves the monument to its search fallback, which declines in a test's game
-- (game.search): tests/cli_checks/examples.sh and tests/mcts_test.cpp play it in real games.
test("monument: whole games of a heuristic bot and three random bots end with a winner", function(t)
  games(t, { "heuristic" }, 3)
end)
