-- Gold field through base.terrains and base.board: the desert (tile 10 on the beginner map, in
-- the centre) is a gold field 10; a settlement next to it takes 1 card of its choice on a 10, a
-- city 2; the robber starts off the board and blocks the field when put on it; the heuristic bot
-- picks what it lacks, as for Year of Plenty; whole games end with a winner.

local lib = require("base")

-- A 4-player game after game.setup (nothing placed), invariant checks on.
local function gold(t, answers, extra, agents)
  return fresh(t, answers, extra, agents)
end

-- The corners of tile 10, the gold field.
local function corners(base)
  return base.storage.tile_nodes[10]
end

-- Two corners of tile 10 that are not neighbours (both may hold a building).
local function two_corners(base)
  local c = corners(base)
  return c[1], c[3]
end

-- The decisions base.production_choice of the game so far, as "seat:id".
local function choices(t)
  local out = {}
  for _, d in ipairs(t.decisions()) do
    if d.kind == "base.production_choice" then out[#out + 1] = d.player .. ":" .. d.id end
  end
  return out
end

test("gold-field: the desert is a gold field 10 and the robber starts off the board", function(t)
  local base = gold(t)
  t.eq(board.tile_get(10, "terrain"), "gold")
  t.eq(board.tile_get(10, "number"), 10)
  t.eq(board.tile_get(10, "resource"), nil)
  t.eq(base.storage.terrains.gold, { choice = true })
  t.eq(base.storage.tile_choice[10], true)
  t.ok(has(base.producing_tiles(10), 10))
  t.eq(game.get("robber"), nil)
  for tile = 1, 19 do t.ok(board.tile_get(tile, "terrain") ~= "desert", "no desert left") end
  t.eq(base.tile_label(10), "tile 10 (gold 10)")
end)

test("gold-field: a settlement takes 1 card of its choice on the number, a city 2", function(t)
  local base = gold(t, { [1] = { "ore" }, [2] = { "grain", "grain" } })
  local a, b = two_corners(base)
  settlement(base, 1, a)
  city(base, 2, b)
  t.roll(4, 6)
  t.eq(lib.roll(3), 10)
  t.eq(hand(1), { ore = 1 })
  t.eq(hand(2), { grain = 2 })
  t.eq(choices(t), { "1:ore", "2:grain", "2:grain" })
  t.eq(bank().grain, 19 - 2)
  -- Another number pays the field nothing.
  t.roll(3, 6)
  lib.roll(3)
  t.eq(hand(1), { ore = 1 })
end)

test("gold-field: the robber on the gold field blocks it", function(t)
  local base = gold(t, { [3] = { "tile:10" } })
  local a, b = two_corners(base)
  settlement(base, 1, a)
  city(base, 2, b)
  lib.move_robber(3)
  t.eq(game.get("robber"), 10)
  t.roll(5, 5)
  t.eq(lib.roll(3), 10)
  t.eq(hand(1), {})
  t.eq(hand(2), {})
  t.eq(choices(t), {})
end)

test("gold-field: the second setup settlement on the field takes a card of its choice", function(t)
  local base = gold(t, { [1] = { "ore" } })
  local n = corners(base)[1]
  local expected = { ore = 1 }
  for _, u in ipairs(base.storage.node_tiles[n]) do
    local r = base.storage.tile_resource[u]
    if r then expected[r] = (expected[r] or 0) + 1 end
  end
  base.setup_income(1, n)
  t.eq(hand(1), expected, "one card per fixed tile, and the gold field's ore")
  t.eq(choices(t), { "1:ore" })
end)

test("gold-field: the heuristic bot takes the card its plans lack", function(t)
  local base = gold(t, nil, nil, { "heuristic", "random", "random", "random" })
  local a = two_corners(base)
  settlement(base, 1, a)
  -- One card short of a city: 3 ore and 1 grain in hand.
  give(1, { ore = 3, grain = 1 })
  local expected = RESOURCES[base.heuristic_choice(1, "base.plenty", base.RESOURCE_OPTION_LIST)]
  t.roll(4, 6)
  lib.roll(1)
  local got = choices(t)
  t.eq(#got, 1)
  t.eq(got[1], "1:" .. expected)
  t.eq(expected, "grain", "the city's missing grain")
end)

test("gold-field: option number sets the token, and 7 is refused", function(t)
  local base = gold(t, nil, { "gold-field.number=5" })
  t.eq(board.tile_get(10, "number"), 5)
  t.ok(has(base.producing_tiles(5), 10))
  t.raises(function() gold(t, nil, { "gold-field.number=7" }) end,
    "gold-field: option number must be a number token (2-6, 8-12), not 7")
end)

test("gold-field: on a random board the field is where the desert fell", function(t)
  local base = gold(t, nil, { "base.board=random", "base.numbers=random" })
  local fields = 0
  for tile = 1, 19 do
    if board.tile_get(tile, "terrain") == "gold" then
      fields = fields + 1
      t.eq(board.tile_get(tile, "number"), 10)
      t.eq(base.storage.tile_choice[tile], true)
    end
  end
  t.eq(fields, 1)
end)

test("gold-field: whole games with heuristic bots end with a winner, invariants checked", function(t)
  local chosen = 0
  whole_games(t, { "heuristic", "heuristic", "heuristic", "heuristic" }, nil, function()
    chosen = chosen + #choices(t)
  end)
  t.ok(chosen > 0, "the gold field paid cards of choice")
end)
