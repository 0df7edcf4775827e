-- Tests of build.lua: costs, supply limits, and where pieces may go.
-- Positions are built on the standard board (board.hex(2)) with place_piece; node and path ids
-- below are that board's (e.g. node 20 touches paths 23 (19-20), 24 (15-20), 37 (20-30)).

local function bank()
  return cards("bank")
end

-- Roads of p along a chain of nodes.
local function roads(env, p, nodes)
  for i = 1, #nodes - 1 do
    env.place_piece(p, "road", board.path_between(nodes[i], nodes[i + 1]), { free = true })
  end
end

-- 1..n without the ids in `except`.
local function all_but(n, except)
  local skip, out = {}, {}
  for _, x in ipairs(except) do skip[x] = true end
  for i = 1, n do
    if not skip[i] then out[#out + 1] = i end
  end
  return out
end

local ZERO = { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 0 }

test("build: a road costs exactly 1 brick and 1 lumber, paid to the bank", function(t)
  local env = fresh(t, { [1] = { "path:24" } })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  give(1, { brick = 1, lumber = 1, ore = 1 })
  t.eq(env.buildable(1), { "road" })
  env.build_action(1, "road")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 1 })
  t.eq(bank(), { brick = 19, lumber = 19, wool = 19, grain = 19, ore = 18 })
  t.eq(board.path_get(24, "road"), 1)
  t.eq(game.count(1, "road", "piece"), 14)
  t.eq(game.player_get(1, "roads"), 1)
  t.eq(t.decisions(), { { player = 1, kind = "base.place_road", count = 3, choice = 2, id = "path:24" } })
end)

test("build: a settlement costs exactly brick, lumber, wool and grain", function(t)
  local env = fresh(t, { [1] = { "node:31" } })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  roads(env, 1, { 20, 30, 31 })
  give(1, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  t.eq(env.buildable(1), { "road", "settlement" })
  env.build_action(1, "settlement")
  t.eq(cards(1), ZERO)
  t.eq(bank(), { brick = 19, lumber = 19, wool = 19, grain = 19, ore = 19 })
  t.eq(board.node_get(31, "owner"), 1)
  t.eq(board.node_get(31, "building"), "settlement")
  t.eq(game.count(1, "settlement", "piece"), 3)
  t.eq(game.player_get(1, "settlements"), 2)
  t.eq(game.player_get(1, "vp"), 2)
end)

test("build: a city costs exactly 3 ore and 2 grain and returns the settlement", function(t)
  local env = fresh(t, { [1] = { "node:20" } })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  give(1, { ore = 3, grain = 2, wool = 1 })
  t.eq(env.buildable(1), { "city" })
  env.build_action(1, "city")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
  t.eq(bank(), { brick = 19, lumber = 19, wool = 18, grain = 19, ore = 19 })
  t.eq(board.node_get(20, "building"), "city")
  t.eq(board.node_get(20, "owner"), 1)
  t.eq(game.count(1, "settlement", "piece"), 5, "the settlement went back to the supply")
  t.eq(game.count(1, "city", "piece"), 3)
  t.eq(game.player_get(1, "settlements"), 0)
  t.eq(game.player_get(1, "cities"), 1)
  t.eq(game.player_get(1, "vp"), 2)
end)

test("build: without the full cost nothing is buildable and build_action refuses", function(t)
  local env = fresh(t)
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  give(1, { brick = 1, wool = 1, grain = 1, ore = 2 })
  t.eq(env.buildable(1), {})
  t.raises(function() env.build_action(1, "road") end, "player 1 cannot build a road now")
  t.raises(function() env.build_action(1, "city") end, "player 1 cannot build a city now")
  t.eq(cards(1), { brick = 1, lumber = 0, wool = 1, grain = 1, ore = 2 })
end)

test("build: no 6th settlement; a city frees one again", function(t)
  local env = fresh(t)
  for _, n in ipairs({ 1, 8, 20, 33, 51 }) do env.place_piece(1, "settlement", n, { free = true, setup = true }) end
  t.eq(game.count(1, "settlement", "piece"), 0)
  t.eq(game.player_get(1, "settlements"), 5)
  roads(env, 1, { 20, 30, 31 })
  give(1, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  t.eq(env.legal_spots(1, "settlement"), { 31 }, "a spot exists")
  t.eq(env.buildable(1), { "road" }, "but no settlement is left")
  t.raises(function() env.place_piece(1, "settlement", 31, { free = true }) end, "cannot remove 1")
  env.place_piece(1, "city", 8, {})
  t.eq(game.count(1, "settlement", "piece"), 1)
  t.eq(env.buildable(1), { "road", "settlement" })
end)

test("build: no 5th city and no 16th road", function(t)
  local env = fresh(t)
  for _, n in ipairs({ 1, 8, 20, 33, 51 }) do env.place_piece(1, "settlement", n, { free = true, setup = true }) end
  for _, n in ipairs({ 1, 8, 20, 33 }) do env.place_piece(1, "city", n, {}) end
  give(1, { ore = 3, grain = 2 })
  t.eq(env.legal_spots(1, "city"), { 51 })
  t.eq(env.buildable(1), {})
  t.eq(game.player_get(1, "cities"), 4)
  t.eq(game.player_get(1, "vp"), 9)
  -- 15 roads: a chain around tiles 1 and 2 and beyond.
  roads(env, 1, { 1, 2, 3, 4, 5, 6, 1 })
  roads(env, 1, { 3, 10, 9, 8, 7, 2 })
  roads(env, 1, { 10, 19, 20, 15, 4 })
  t.eq(game.count(1, "road", "piece"), 0)
  give(1, { brick = 1, lumber = 1 })
  t.eq(env.buildable(1), {})
end)

test("build: setup settlements follow the distance rule only", function(t)
  local env = fresh(t)
  env.place_piece(2, "settlement", 20, { free = true, setup = true })
  -- Node 20's neighbours are 15, 19 and 30.
  t.eq(env.legal_spots(1, "settlement", { setup = true }), all_but(54, { 15, 19, 20, 30 }))
  t.eq(env.legal_spots(3, "settlement", { setup = true }), all_but(54, { 15, 19, 20, 30 }))
end)

test("build: after setup a settlement needs an own road and the distance rule", function(t)
  local env = fresh(t)
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  env.place_piece(1, "road", 37, { free = true }) -- 20-30
  t.eq(env.legal_spots(1, "settlement"), {}, "30 is next to 20")
  env.place_piece(1, "road", 38, { free = true }) -- 30-31
  t.eq(env.legal_spots(1, "settlement"), { 31 })
  t.eq(env.legal_spots(2, "settlement"), {}, "player 2 has no road")
  env.place_piece(3, "settlement", 39, { free = true, setup = true }) -- next to 31
  t.eq(env.legal_spots(1, "settlement"), {})
end)

test("build: a road must touch an own building or an own road", function(t)
  local env = fresh(t)
  t.eq(env.legal_spots(1, "road"), {})
  -- A lone road 30-31, set by hand (taken from the supply, as place_piece would): every free
  -- path at 30 or 31.
  board.path_set(38, "road", 1)
  game.remove(1, "road", 1, "piece")
  t.eq(env.legal_spots(1, "road"), { 37, 39, 42, 50 })
  board.path_set(38, "road", nil)
  game.add(1, "road", 1, "piece")
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  t.eq(env.legal_spots(1, "road"), { 23, 24, 37 })
  t.eq(env.legal_spots(2, "road"), {})
  t.eq(env.legal_spots(1, "road", { setup = true, node = 20 }), { 23, 24, 37 })
end)

test("build: a road cannot continue through an opponent's settlement", function(t)
  local env = fresh(t)
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  roads(env, 1, { 20, 30, 31 })
  t.eq(env.legal_spots(1, "road"), { 23, 24, 39, 42, 50 })
  env.place_piece(2, "settlement", 31, { free = true, setup = true })
  t.eq(env.legal_spots(1, "road"), { 23, 24, 42 })
  -- Player 2 may build from its own settlement, also along paths next to player 1's road.
  t.eq(env.legal_spots(2, "road"), { 39, 50 })
end)

test("build: a city needs an own settlement", function(t)
  local env = fresh(t)
  env.place_piece(2, "settlement", 20, { free = true, setup = true })
  give(1, { ore = 3, grain = 2 })
  t.eq(env.legal_spots(1, "city"), {})
  t.eq(env.buildable(1), {})
  t.raises(function() env.place_piece(1, "city", 20, {}) end, "player 1 has no settlement on node 20")
  t.raises(function() env.place_piece(1, "city", 33, {}) end, "player 1 has no settlement on node 33")
  env.place_piece(1, "settlement", 33, { free = true, setup = true })
  t.eq(env.legal_spots(1, "city"), { 33 })
  env.place_piece(1, "city", 33, {})
  t.eq(env.legal_spots(1, "city"), {}, "a city is not upgraded again")
  t.eq(board.node_get(33, "building"), "city")
end)

test("build: occupied spots are refused", function(t)
  local env = fresh(t)
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  env.place_piece(1, "road", 37, { free = true })
  t.raises(function() env.place_piece(2, "settlement", 20, { free = true }) end, "node 20 already holds a settlement")
  t.raises(function() env.place_piece(2, "road", 37, { free = true }) end, "path 37 is already taken")
end)

test("build: can_pay checks the whole cost and pay moves exactly the cost to the bank", function(t)
  local env = fresh(t)
  give(1, { brick = 1, lumber = 1 })
  t.eq(env.can_pay(1, "road", { brick = 1, lumber = 1 }), true)
  t.eq(env.can_pay(1, "road", { brick = 2, lumber = 1 }), false)
  env.pay(1, "road", { brick = 1 })
  t.eq(cards(1), { brick = 0, lumber = 1, wool = 0, grain = 0, ore = 0 })
  t.eq(bank(), { brick = 19, lumber = 18, wool = 19, grain = 19, ore = 19 })
end)
