-- Tests of awards.lua: road length (longest trail) and the Longest Road / Largest Army cards.
-- Standard board ids: tile 1 has corners 1..6 (paths 1..6 between them); node 4 also joins
-- 15 (path 17), and 15 joins 16 (path 18).

local function fresh(t, answers)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" }, answers = answers }
  if not board.is_built() then board.hex(2) end
  return t.env()
end

-- Roads of p along a chain of nodes, placed with place_piece (awards update on the way).
local function roads(env, p, nodes)
  for i = 1, #nodes - 1 do
    env.place_piece(p, "road", board.path_between(nodes[i], nodes[i + 1]), { free = true })
  end
end

-- Moves one `kind` card from the development deck to p's played cards (order kept otherwise).
local function played_knight(p)
  local items = {}
  while game.deck_count("dev") > 0 do items[#items + 1] = game.deck_draw("dev") end
  local taken = false
  for i = #items, 1, -1 do
    if not taken and items[i] == "knight" then taken = true else game.deck_push("dev", items[i]) end
  end
  game.add(p, "knight", 1, "played")
end

local function holder_props(prop)
  local out = {}
  for p = 1, 4 do out[p] = game.player_get(p, prop) or false end
  return out
end

test("awards: road length counts a simple chain and a branch", function(t)
  local env = fresh(t)
  t.eq(env.road_length(1), 0)
  roads(env, 1, { 1, 2, 3, 4 })
  t.eq(env.road_length(1), 3)
  roads(env, 1, { 3, 10, 19 }) -- a branch at 3: longest is 1-2-3-10-19 = 4
  t.eq(env.road_length(1), 4)
  t.eq(env.road_length(2), 0)
end)

test("awards: a trail may revisit a node (cycle plus tail = 8) but not pass an opponent's building", function(t)
  local env = fresh(t)
  roads(env, 1, { 1, 2, 3, 4, 5, 6, 1 })
  t.eq(env.road_length(1), 6, "a plain cycle")
  roads(env, 1, { 4, 15, 16 })
  t.eq(env.road_length(1), 8, "16-15-4-3-2-1-6-5-4 revisits node 4")
  env.place_piece(2, "settlement", 1, { free = true, setup = true })
  t.eq(env.road_length(1), 6, "the trail may end at node 1 but not pass it")
  t.eq(game.player_get(1, "road_length"), 6)
end)

-- A road of p set by hand: the path prop, and the piece taken from p's supply.
local function hand_road(p, e)
  board.path_set(e, "road", p)
  game.remove(p, "road", 1, "piece")
end

-- Longest trail by brute force: DFS from every node, no pruning.
local function naive_length(p)
  local used = {}
  local function walk(n, first)
    local owner = board.node_get(n, "owner")
    if not first and owner ~= nil and owner ~= p then return 0 end
    local best = 0
    for _, e in ipairs(board.node_paths(n)) do
      if board.path_get(e, "road") == p and not used[e] then
        used[e] = true
        local ends = board.path_nodes(e)
        local other = ends[1] == n and ends[2] or ends[1]
        best = math.max(best, 1 + walk(other, false))
        used[e] = false
      end
    end
    return best
  end
  local best = 0
  for n = 1, board.nodes() do best = math.max(best, walk(n, true)) end
  return best
end

test("awards: road length agrees with brute force on 300 random road networks", function(t)
  local env = fresh(t)
  for _ = 1, 300 do
    for e = 1, board.paths() do
      local q = board.path_get(e, "road")
      if q then
        board.path_set(e, "road", nil)
        game.add(q, "road", 1, "piece")
      end
    end
    for n = 1, board.nodes() do board.node_set(n, "owner", nil) end
    -- Grow 1..15 connected roads for player 1 from a random path.
    local mine = { game.random(board.paths()) }
    hand_road(1, mine[1])
    local want = game.random(15)
    while #mine < want do
      local e = game.choice(board.path_paths(game.choice(mine)))
      if board.path_get(e, "road") == nil then
        hand_road(1, e)
        mine[#mine + 1] = e
      end
    end
    -- A few foreign buildings and roads.
    for _ = 1, game.random(0, 4) do board.node_set(game.random(board.nodes()), "owner", game.random(2, 4)) end
    for _ = 1, game.random(0, 4) do
      local e = game.random(board.paths())
      if board.path_get(e, "road") == nil then hand_road(2, e) end
    end
    t.eq(env.road_length(1), naive_length(1))
    t.eq(env.road_length(2), naive_length(2))
  end
end)

test("awards: an opponent's building at a road's end does not shorten it", function(t)
  local env = fresh(t)
  roads(env, 1, { 1, 2, 3, 4 })
  env.place_piece(2, "settlement", 4, { free = true, setup = true })
  t.eq(env.road_length(1), 3)
  env.place_piece(3, "settlement", 2, { free = true, setup = true })
  t.eq(env.road_length(1), 2)
end)

test("awards: road length sees roads set by hand (prop set, piece taken from the supply)", function(t)
  local env = fresh(t)
  t.eq(env.road_length(3), 0)
  for _, e in ipairs({ 1, 2, 3, 4, 5 }) do hand_road(3, e) end
  t.eq(env.road_length(3), 5)
  hand_road(3, 17)
  t.eq(env.road_length(3), 5)
  hand_road(3, 18)
  t.eq(env.road_length(3), 5, "16-15-4-3-2-1")
  hand_road(3, 19)
  t.eq(env.road_length(3), 6, "17-16-15-4-3-2-1")
end)

test("awards: 5 roads give Longest Road, an equal road does not take it, a longer one does", function(t)
  local env = fresh(t)
  roads(env, 1, { 1, 2, 3, 4, 5 })
  t.eq(game.get("longest_road"), nil, "4 roads are not enough")
  roads(env, 1, { 5, 6 })
  t.eq(game.get("longest_road"), 1)
  t.eq(game.player_get(1, "longest_road"), true)
  t.eq(game.player_get(1, "vp"), 2)
  -- Player 2: 5 roads around tile 3 (11-12-13-14-9-8): equal, no change.
  roads(env, 2, { 11, 12, 13, 14, 9, 8 })
  t.eq(game.player_get(2, "road_length"), 5)
  t.eq(game.get("longest_road"), 1)
  t.eq(game.player_get(2, "vp"), 0)
  -- A 6th road (8-7) is strictly longer: player 2 takes the card.
  roads(env, 2, { 8, 7 })
  t.eq(game.get("longest_road"), 2)
  t.eq(holder_props("longest_road"), { false, true, false, false })
  t.eq(game.player_get(1, "vp"), 0)
  t.eq(game.player_get(2, "vp"), 2)
  -- Player 1 gets to 6 too (6-1): equal again, player 2 keeps it.
  roads(env, 1, { 6, 1 })
  t.eq(game.player_get(1, "road_length"), 6)
  t.eq(game.get("longest_road"), 2)
end)

test("awards: a broken holder with others tied sets the card aside until one is alone longest", function(t)
  local env = fresh(t)
  roads(env, 1, { 1, 2, 3, 4, 5, 6 }) -- 5
  t.eq(game.get("longest_road"), 1)
  roads(env, 2, { 11, 12, 13, 14, 9, 8 }) -- 5
  roads(env, 3, { 39, 43, 48, 49, 50, 40 }) -- 5
  t.eq(game.get("longest_road"), 1)
  -- Player 4 settles on node 3: player 1 is left with 3-4-5-6 (3).
  env.place_piece(4, "settlement", 3, { free = true, setup = true })
  t.eq(game.player_get(1, "road_length"), 3)
  t.eq(game.get("longest_road"), nil, "players 2 and 3 tie at 5: set aside")
  t.eq(holder_props("longest_road"), { false, false, false, false })
  t.eq(game.player_get(1, "vp"), 0)
  t.eq(game.player_get(4, "vp"), 1)
  -- Player 2 closes its loop (8-11): a 6-cycle, alone longest.
  roads(env, 2, { 8, 11 })
  t.eq(game.player_get(2, "road_length"), 6)
  t.eq(game.get("longest_road"), 2)
  t.eq(holder_props("longest_road"), { false, true, false, false })
  t.eq(game.player_get(2, "vp"), 2)
end)

test("awards: a broken holder with nobody at 5 sets the card aside; 5 alone brings it back", function(t)
  local env = fresh(t)
  roads(env, 1, { 1, 2, 3, 4, 5, 6 })
  roads(env, 2, { 11, 12, 13, 14 })
  env.place_piece(3, "settlement", 4, { free = true, setup = true })
  t.eq(game.player_get(1, "road_length"), 3)
  t.eq(game.get("longest_road"), nil)
  roads(env, 2, { 14, 9 })
  t.eq(game.get("longest_road"), nil, "4 roads")
  roads(env, 2, { 9, 8 })
  t.eq(game.get("longest_road"), 2)
end)

test("awards: a broken holder still tied for longest keeps the card", function(t)
  local env = fresh(t)
  roads(env, 1, { 2, 1, 6, 5, 4, 3, 10 }) -- 6
  roads(env, 2, { 11, 12, 13, 14, 9, 8 }) -- 5
  t.eq(game.get("longest_road"), 1)
  env.place_piece(3, "settlement", 3, { free = true, setup = true }) -- 2-1-6-5-4-3 = 5
  t.eq(game.player_get(1, "road_length"), 5)
  t.eq(game.get("longest_road"), 1)
  env.place_piece(4, "settlement", 5, { free = true, setup = true }) -- 5-4-3 / 2-1-6-5 = 3
  t.eq(game.player_get(1, "road_length"), 3)
  t.eq(game.get("longest_road"), 2, "player 2 alone is longest with 5")
end)

test("awards: Largest Army goes to the first with 3 knights and moves only to strictly more", function(t)
  local env = fresh(t)
  for _ = 1, 2 do played_knight(1) end
  env.update_awards()
  t.eq(game.get("largest_army"), nil, "2 knights are not enough")
  played_knight(1)
  env.update_awards()
  t.eq(game.player_get(1, "knights_played"), 3)
  t.eq(game.get("largest_army"), 1)
  t.eq(game.player_get(1, "largest_army"), true)
  t.eq(game.player_get(1, "vp"), 2)
  for _ = 1, 3 do played_knight(2) end
  env.update_awards()
  t.eq(game.get("largest_army"), 1, "3 against 3: the holder keeps it")
  played_knight(2)
  env.update_awards()
  t.eq(game.get("largest_army"), 2)
  t.eq(holder_props("largest_army"), { false, true, false, false })
  t.eq(game.player_get(1, "vp"), 0)
  t.eq(game.player_get(2, "vp"), 2)
end)
