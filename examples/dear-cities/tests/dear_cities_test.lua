-- Dear cities: the new cost, the old cost refused, the 3-card yield, options and whole games.

test("dear cities: a city costs 2 ore, 2 grain and 2 wool, paid to the bank", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  settlement(base, 1, 10)
  give(1, { ore = 2, grain = 2, wool = 2, brick = 1 })
  t.eq(base.buildable(1), { "city" })
  t.eq(base.storage.pieces.city.cost, { ore = 2, grain = 2, wool = 2 })
  t.eq(base.storage.pieces.city.yield, 3)
  t.eq(base.build_action(1, "city"), 10)
  t.eq(hand(1), { brick = 1 }, "exactly the six cards paid")
  t.eq(bank(), { brick = 18, lumber = 19, wool = 19, grain = 19, ore = 19 })
  t.eq(board.node_get(10, "building"), "city")
  t.eq(game.player_get(1, "vp"), 2, "a city still scores 2")
  t.eq(game.count(1, "settlement", "piece"), 5, "the settlement went back to the supply")
end)

test("dear cities: base's 3 ore and 2 grain no longer buy a city", function(t)
  local base = fresh(t)
  settlement(base, 1, 10)
  give(1, { ore = 3, grain = 2 })
  t.eq(base.buildable(1), {})
  t.eq(ids(base.action_options(1)), { "domestic", "end" })
  give(1, { wool = 1 })
  t.eq(base.buildable(1), {}, "one wool short")
  give(1, { wool = 1 })
  t.eq(base.buildable(1), { "city" })
end)

test("dear cities: a city takes 3 from each producing hex, a settlement still 1", function(t)
  local base = fresh(t)
  settlement(base, 1, 15) -- brick 6, grain 12, lumber 11
  base.place_piece(1, "city", 15, { free = true })
  settlement(base, 2, 3) -- brick 6, ore 10, wool 2
  settlement(base, 4, 42) -- grain 6, ore 3, grain 4
  base.place_piece(4, "city", 42, { free = true })
  base.produce(6)
  t.eq(hand(1), { brick = 3 })
  t.eq(hand(2), { brick = 1 })
  t.eq(hand(4), { grain = 3 })
  t.eq(bank(), { brick = 15, lumber = 19, wool = 19, grain = 16, ore = 19 })
  base.produce(11)
  t.eq(hand(1), { brick = 3, lumber = 3 })
  game.set("robber", 5)
  base.produce(6)
  t.eq(hand(1), { brick = 3, lumber = 3 }, "the robber blocks a city as before")
  t.eq(hand(4), { grain = 6 })
end)

test("dear cities: the bank shortage rule counts a city's 3", function(t)
  local base = fresh(t)
  settlement(base, 1, 15)
  base.place_piece(1, "city", 15, { free = true })
  settlement(base, 2, 20)
  game.move("bank", 3, "brick", 16, "card") -- 3 left, 4 owed to two players
  base.produce(6)
  t.eq(hand(1), {}, "a shortage with two players owed: nobody is paid")
  t.eq(hand(2), {})
  game.move(3, "bank", "brick", 1, "card") -- 4 left: both are paid
  base.produce(6)
  t.eq(hand(1), { brick = 3 })
  t.eq(hand(2), { brick = 1 })
end)

test("dear cities: every number is an option (cost and yield)", function(t)
  local base = fresh(t, nil, { "dear-cities.cost_ore=0", "dear-cities.cost_grain=1",
                               "dear-cities.cost_wool=0", "dear-cities.cost_brick=2",
                               "dear-cities.yield=4" })
  settlement(base, 1, 15)
  give(1, { grain = 1, brick = 1 })
  t.eq(base.buildable(1), {})
  give(1, { brick = 1 })
  t.eq(base.buildable(1), { "city" })
  base.build_action(1, "city")
  t.eq(hand(1), {})
  base.produce(6)
  t.eq(hand(1), { brick = 4 })
end)

-- Whole games with every invariant checked.
local function games(t, agents, n)
  local cities = 0
  for seed = 1, n do
    t.start { players = 4, seed = seed, options = { "base.check=true" }, agents = agents }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
    for q = 1, 4 do cities = cities + game.player_get(q, "cities") end
  end
  return cities
end

test("dear cities: whole games of random bots end with a winner", function(t)
  games(t, { "random" }, 3)
end)

test("dear cities: whole games of heuristic bots end with a winner and build cities", function(t)
  t.ok(games(t, { "heuristic" }, 3) > 0)
end)
