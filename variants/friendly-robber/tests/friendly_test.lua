-- The friendly robber. Beginner board: tile 5 is brick 6 (corners 3, 4, 10, 15, 19, 20), tile 18
-- grain 6 (corners 42, 43, 45, 48, 51, 52), tile 12 ore 8 (corners 24, 25, 34, 36, 37, 38); the
-- robber starts on the desert, tile 10 (corners 19, 20, 22, 30, 32, 33).

-- A 4-player game after game.setup (nothing placed), invariant checks on. Returns the base env.
local function fresh(t, answers, extra)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers }
  return t.env("base")
end

-- Gives p buildings on `nodes` worth `vp` points: settlements, the first ones upgraded to cities
-- while points are left over.
local function settle(base, p, nodes, vp)
  for _, n in ipairs(nodes) do base.place_piece(p, "settlement", n, { free = true, setup = true }) end
  local extra = vp - #nodes
  for i = 1, extra do base.place_piece(p, "city", nodes[i], { free = true }) end
  assert(game.player_get(p, "vp") == vp)
end

-- The robber's targets for player p, as the base pack computes them.
local function targets(p)
  local tiles = {}
  for tile = 1, board.tiles() do
    if tile ~= game.get("robber") then tiles[#tiles + 1] = tile end
  end
  local e = { player = p, tiles = tiles }
  game.raise("base.robber_targets", e)
  return e.tiles
end

local ALL_BUT_DESERT = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19 }

test("friendly robber: no hex touching a player with 2 points or fewer", function(t)
  local base = fresh(t)
  settle(base, 2, { 3, 42 }, 2) -- tiles 1, 2, 5 and 14, 15, 18: protected
  settle(base, 3, { 24, 13 }, 3) -- tiles 3, 7, 12: 3 points, fair game
  t.eq(targets(1), { 3, 4, 6, 7, 8, 9, 11, 12, 13, 16, 17, 19 })
  base.place_piece(2, "city", 3, { free = true }) -- 3 points: no longer protected
  t.eq(targets(1), ALL_BUT_DESERT)
end)

test("friendly robber: a forbidden hex is not an option of the robber decision", function(t)
  local base = fresh(t, { [1] = { "tile:5" } })
  settle(base, 2, { 3 }, 1)
  t.raises(function() base.move_robber(1) end, "is no option id of decision 'base.robber'")
  base = fresh(t, { [1] = { "tile:12" } })
  settle(base, 2, { 3 }, 1)
  t.eq(base.move_robber(1), 12)
  t.eq(t.decisions(), { { player = 1, kind = "base.robber", count = 15, choice = 8, id = "tile:12" } })
end)

test("friendly robber: protected players cannot be robbed, others can", function(t)
  local base = fresh(t, { [1] = { "tile:12" } })
  settle(base, 2, { 24, 3 }, 4) -- city on 24 (tile 12): 4 points
  settle(base, 3, { 36 }, 1)    -- tile 12 too, 1 point
  game.move("bank", 2, "wool", 1, "card")
  game.move("bank", 3, "ore", 2, "card")
  -- Tile 12 touches protected player 3, so it is no target: raise the steal step directly.
  local e = { player = 1, tile = 12, victims = { 2, 3 } }
  game.raise("base.victims", e)
  t.eq(e.victims, { 2 })
  base.robber_moved_default({ player = 1, tile = 12 })
  t.eq(game.count(1, "wool", "card"), 1, "player 2 was robbed without a choice")
  t.eq(game.count(3, "ore", "card"), 2)
end)

test("friendly robber: the mover may block its own hexes; hidden points do not count", function(t)
  -- Victory point cards are added by hand, outside the deck: no invariant check here.
  t.start { players = 4, seed = 1, start = false }
  local base = t.env("base")
  settle(base, 1, { 3 }, 1) -- the mover, 1 point: tiles 1, 2, 5 stay targets
  settle(base, 2, { 24, 42 }, 3)
  game.add(2, "victory_point", 1, "dev") -- a hidden card: 4 points, 3 shown
  base.update_vp(2)
  t.eq(base.vp_total(2), 4)
  t.eq(game.player_get(2, "vp"), 3, "the prop shows what the table sees")
  t.eq(targets(1), ALL_BUT_DESERT)
  base.place_piece(3, "settlement", 10, { free = true, setup = true })
  game.add(3, "victory_point", 2, "dev") -- 3 points, 1 shown: protected
  base.update_vp(3)
  t.eq(targets(1), { 1, 3, 4, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19 })
end)

test("friendly robber: with every hex forbidden the robber stays", function(t)
  -- A building of player 2 (protected by max_vp 20) on a corner of every hex, set by hand
  -- (so without the invariant check, which would count the pieces).
  t.start { players = 4, seed = 1, start = false, options = { "friendly-robber.max_vp=20" } }
  local base = t.env("base")
  for tile = 1, board.tiles() do
    local n = board.tile_nodes(tile)[1]
    board.node_set(n, "owner", 2)
    board.node_set(n, "building", "settlement")
  end
  t.eq(targets(1), {})
  t.eq(base.move_robber(1), nil)
  t.eq(game.get("robber"), 10)
  t.eq(#t.decisions(), 0)
end)

test("friendly robber: max_vp is an option", function(t)
  local base = fresh(t, nil, { "friendly-robber.max_vp=0" })
  settle(base, 2, { 3 }, 1)
  t.eq(targets(1), ALL_BUT_DESERT, "1 point is not protected when max_vp is 0")
  t.raises(function()
    t.start { players = 4, options = { "friendly-robber.max_vp=21" } }
  end, "option 'friendly-robber.max_vp': 21 is above the maximum 20")
end)

test("friendly robber: whole games keep every invariant", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
end)
