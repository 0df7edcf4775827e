-- City walls on their own: cost, where they go, the limit, points and the discard threshold.

test("walls: a wall costs 2 brick, joins the player's own city and scores nothing", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  city(base, 1, 10)
  give(1, { brick = 2, ore = 1 })
  t.eq(base.buildable(1), { "wall" })
  t.eq(base.legal_spots(1, "wall"), { 10 })
  t.eq(base.build_action(1, "wall"), 10)
  t.eq(hand(1), { ore = 1 })
  t.eq(game.count("bank", "brick", "card"), 19)
  t.eq(board.node_get(10, "wall"), 1)
  t.eq(board.node_get(10, "building"), "city", "the city stays")
  t.eq(board.node_get(10, "owner"), 1)
  t.eq(game.count(1, "wall", "piece"), 2)
  t.eq(game.player_get(1, "walls"), 1)
  t.eq(game.player_get(1, "vp"), 2, "a city's 2 points, none for the wall")
  t.eq(t.decisions(), { { player = 1, kind = "base.place_wall", count = 1, choice = 1, id = "node:10" } })
end)

test("walls: one brick short, or no city, and the menu offers no wall", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 10, { free = true, setup = true })
  give(1, { brick = 5 })
  t.eq(base.buildable(1), {}, "a settlement cannot hold a wall")
  city(base, 2, 20)
  t.eq(base.legal_spots(1, "wall"), {}, "nor can an opponent's city")
  base.place_piece(1, "city", 10, { free = true })
  game.move(1, "bank", "brick", 4, "card")
  t.eq(base.buildable(1), {}, "1 brick is not enough")
  t.eq(ids(base.action_options(1)), { "domestic", "end" })
  give(1, { brick = 1 })
  t.eq(ids(base.action_options(1)), { "build:wall", "domestic", "end" })
end)

test("walls: only under the player's own cities, one wall per city", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 3, { free = true, setup = true })
  city(base, 1, 10)
  city(base, 1, 42)
  city(base, 2, 20)
  t.eq(base.legal_spots(1, "wall"), { 10, 42 })
  t.eq(base.legal_spots(2, "wall"), { 20 })
  base.place_piece(1, "wall", 42, { free = true })
  t.eq(base.legal_spots(1, "wall"), { 10 })
  t.raises(function() base.place_piece(1, "wall", 42, { free = true }) end,
    "node 42 already holds a wall")
  t.raises(function() base.place_piece(1, "wall", 3, { free = true }) end,
    "player 1 has no building on node 3 that a wall can join")
  t.raises(function() base.place_piece(1, "wall", 20, { free = true }) end,
    "player 1 has no building on node 20 that a wall can join")
end)

test("walls: at most 3 per player", function(t)
  local base = fresh(t)
  for _, n in ipairs({ 3, 15, 42, 25 }) do city(base, 1, n) end
  for _, n in ipairs({ 3, 15, 42 }) do base.place_piece(1, "wall", n, { free = true }) end
  give(1, { brick = 6 })
  t.eq(game.count(1, "wall", "piece"), 0)
  t.eq(game.player_get(1, "walls"), 3)
  t.eq(base.legal_spots(1, "wall"), { 25 }, "a free city is left")
  t.eq(base.buildable(1), {}, "but no wall")
  t.raises(function() base.place_piece(1, "wall", 25, { free = true }) end, "cannot remove 1")
end)

test("walls: each wall raises its owner's discard limit by 2", function(t)
  -- Player 1 (2 walls) holds 11 cards: limit 11, keeps them. Player 2 (1 wall) holds 10: limit
  -- 9, discards 5. Player 3 (no wall) holds 8: discards 4. Player 4 holds 7: keeps them.
  local base = fresh(t, {
    [1] = { "tile:19" },
    [2] = { "ore", "ore", "ore", "ore", "ore" },
    [3] = { "wool", "wool", "wool", "wool" },
  })
  city(base, 1, 3)
  city(base, 1, 15)
  city(base, 2, 42)
  base.place_piece(1, "wall", 3, { free = true })
  base.place_piece(1, "wall", 15, { free = true })
  base.place_piece(2, "wall", 42, { free = true })
  give(1, { lumber = 11 })
  give(2, { ore = 10 })
  give(3, { wool = 8 })
  give(4, { grain = 7 })
  base.seven(1)
  t.eq(hand(1), { lumber = 11 })
  t.eq(hand(2), { ore = 5 })
  t.eq(hand(3), { wool = 4 })
  t.eq(hand(4), { grain = 7 })
  give(1, { brick = 1 }) -- 12 cards over a limit of 11: half of them go
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            answers = { [1] = { "brick", "lumber", "lumber", "lumber", "lumber", "lumber",
                                "tile:19" } } }
  base = t.env("base")
  city(base, 1, 3)
  city(base, 1, 15)
  base.place_piece(1, "wall", 3, { free = true })
  base.place_piece(1, "wall", 15, { free = true })
  give(1, { lumber = 11, brick = 1 })
  base.seven(1)
  t.eq(hand(1), { lumber = 6 })
end)

test("walls: every number is an option (cost, limit, points, discard bonus)", function(t)
  local base = fresh(t, nil, { "city-walls.cost_brick=1", "city-walls.cost_ore=1",
                               "city-walls.limit=1", "city-walls.vp=1",
                               "city-walls.discard_bonus=5" })
  city(base, 1, 10)
  city(base, 1, 42)
  give(1, { brick = 1 })
  t.eq(base.buildable(1), {}, "the wall now needs an ore too")
  give(1, { ore = 1 })
  t.eq(base.buildable(1), { "wall" })
  base.place_piece(1, "wall", 10, { free = true })
  t.eq(game.player_get(1, "vp"), 5, "two cities and a wall worth 1")
  t.eq(base.legal_spots(1, "wall"), { 42 })
  t.eq(base.buildable(1), {}, "the one wall allowed is built")
  local e = { player = 1, limit = 7 }
  game.raise("base.discard_limit", e)
  t.eq(e.limit, 12)
  t.raises(function()
    t.start { players = 4, options = { "city-walls.limit=11" } }
  end, "option 'city-walls.limit': 11 is above the maximum 10")
end)

test("walls: whole games with walls keep every invariant", function(t)
  whole_games(t, { "heuristic", "heuristic", "heuristic", "random" })
end)

test("walls: statistics count the walls built and the turn of the first", function(t)
  local base = fresh(t, { [1] = { "node:10", "node:42" } })
  local walls = t.env("city-walls")
  t.eq(walls.storage.walls_built, nil)
  city(base, 1, 10)
  city(base, 1, 42)
  give(1, { brick = 4 })
  base.build_action(1, "wall")
  base.build_action(1, "wall")
  t.eq(walls.storage.walls_built, 2)
  t.eq(walls.storage.first_wall_turn, 0, "built before the first turn")
end)
