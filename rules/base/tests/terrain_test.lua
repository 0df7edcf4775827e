-- Terrain changes: set_tile_terrain (library) on any tile, the desert both ways, the terrain
-- catalogue (base.terrains) and a terrain of choice (a gold field), with production, the robber,
-- labels, the drawing's tile props, the invariants and the heuristic bot following. Handlers
-- cannot be registered from a test, so a terrain a base.terrains handler would add is put where
-- its handler would leave it (storage.terrains); examples/gold-field runs the same paths through
-- its handler.
-- Beginner board: tile 10 is the desert, the robber's start; the tests read corners and
-- neighbours from base's lookups.

local base_lib = require("base")

-- The corners of tile t.
local function corners(base, t)
  return base.storage.tile_nodes[t]
end

-- The tiles of node n other than t.
local function others(base, n, t)
  local out = {}
  for _, u in ipairs(base.storage.node_tiles[n]) do
    if u ~= t then out[#out + 1] = u end
  end
  return out
end

-- A corner of tile t whose other tiles have no number in `avoid` (a set) and yield no card on
-- those rolls: the production tests then see tile t alone.
local function lone_corner(base, t, avoid)
  for _, n in ipairs(corners(base, t)) do
    local ok = true
    for _, u in ipairs(others(base, n, t)) do
      if avoid[base.storage.tile_number[u] or 0] then ok = false end
    end
    if ok then return n end
  end
  error("no corner of tile " .. t .. " clear of the numbers")
end

-- Adds terrain `name` = `spec` to the game's catalogue as a base.terrains handler would.
local function declare(base, name, spec)
  base.storage.terrains[name] = spec
end

test("terrain: the catalogue holds base's six terrains and the desert holds the robber", function(t)
  local base = fresh(t)
  t.eq(base.storage.terrains, {
    forest = { resource = "lumber" }, pasture = { resource = "wool" },
    fields = { resource = "grain" }, hills = { resource = "brick" },
    mountains = { resource = "ore" }, desert = {},
  })
  t.eq(board.tile_get(10, "terrain"), "desert")
  t.eq(game.get("robber"), 10)
  t.eq(base.storage.choice_tiles, 0)
end)

test("terrain: set_tile_terrain changes a producing tile's terrain and number", function(t)
  local base = fresh(t)
  t.eq(board.tile_get(5, "terrain"), "hills")
  local n = lone_corner(base, 5, { [6] = true, [9] = true })
  settlement(base, 1, n)
  base_lib.set_tile_terrain(5, "forest", 9)
  t.eq(board.tile_get(5, "terrain"), "forest")
  t.eq(board.tile_get(5, "resource"), "lumber")
  t.eq(board.tile_get(5, "number"), 9)
  t.eq(base.storage.tile_resource[5], "lumber")
  t.eq(base.storage.tile_number[5], 9)
  t.ok(not has(base.producing_tiles(6), 5), "6 no longer lists tile 5")
  t.ok(has(base.producing_tiles(9), 5), "9 lists tile 5")
  t.eq(base.tile_label(5), "tile 5 (lumber 9)")
  t.ok(base.node_label(n):find("lumber 9", 1, true), base.node_label(n))
  base.produce_roll(1, 6)
  t.eq(hand(1), {}, "6 pays tile 5 no more")
  base.produce_roll(1, 9)
  t.eq(hand(1), { lumber = 1 })
  base.check_invariants("test", true)
  -- The same terrain with another number works as set_tile_number.
  base_lib.set_tile_terrain(5, "forest", 4)
  t.eq(base.storage.tile_number[5], 4)
  t.ok(has(base.producing_tiles(4), 5) and not has(base.producing_tiles(9), 5))
end)

test("terrain: the desert becomes producing; the robber on it blocks it", function(t)
  local base = fresh(t)
  local n = lone_corner(base, 10, { [12] = true })
  settlement(base, 1, n)
  base_lib.set_tile_terrain(10, "fields", 12)
  t.eq(board.tile_get(10, "terrain"), "fields")
  t.eq(board.tile_get(10, "resource"), "grain")
  t.eq(board.tile_get(10, "number"), 12)
  t.eq(base.storage.tile_resource[10], "grain")
  t.eq(base.tile_label(10), "tile 10 (grain 12)")
  t.eq(game.get("robber"), 10, "the robber stays")
  base.produce_roll(1, 12)
  t.eq(hand(1).grain, nil, "the robber blocks the former desert")
  game.set("robber", 1)
  base.produce_roll(1, 12)
  t.eq(hand(1).grain, 1)
  base.check_invariants("test", true)
  -- set_tile_number works on it now.
  base_lib.set_tile_number(10, 11)
  t.eq(board.tile_get(10, "number"), 11)
end)

test("terrain: a producing tile becomes a desert and loses its number", function(t)
  local base = fresh(t)
  local n = lone_corner(base, 5, { [6] = true })
  settlement(base, 1, n)
  base_lib.set_tile_terrain(5, "desert")
  t.eq(board.tile_get(5, "terrain"), "desert")
  t.eq(board.tile_get(5, "resource"), nil)
  t.eq(board.tile_get(5, "number"), nil)
  t.eq(base.storage.tile_resource[5], false)
  t.eq(base.storage.tile_number[5], nil)
  t.ok(not has(base.producing_tiles(6), 5))
  t.eq(base.tile_label(5), "tile 5 (desert)")
  base.produce_roll(1, 6)
  t.eq(hand(1), {})
  t.raises(function() base_lib.set_tile_number(5, 8) end, "has no number token to change")
  base.check_invariants("test", true)
  -- And back.
  base_lib.set_tile_terrain(5, "hills", 6)
  base.produce_roll(1, 6)
  t.eq(hand(1), { brick = 1 })
  base.check_invariants("test", true)
end)

test("terrain: set_tile_terrain refuses a bad tile, an unknown terrain and a bad number", function(t)
  fresh(t)
  local set = base_lib.set_tile_terrain
  t.raises(function() set(0, "forest", 5) end, "set_tile_terrain: 0 is not a tile (1-19)")
  t.raises(function() set(20, "forest", 5) end, "set_tile_terrain: 20 is not a tile (1-19)")
  t.raises(function() set("x", "forest", 5) end, "set_tile_terrain: x is not a tile (1-19)")
  t.raises(function() set(1, "gold", 5) end,
    "set_tile_terrain: terrain gold is not in the terrain catalogue (known: forest, pasture, "
    .. "fields, hills, mountains, desert; a pack declares its own with base.terrains)")
  t.raises(function() set(1, "forest") end,
    "set_tile_terrain: forest produces and needs a number token (2-6, 8-12), not nil")
  t.raises(function() set(10, "forest", 7) end,
    "set_tile_terrain: forest produces and needs a number token (2-6, 8-12), not 7")
  t.raises(function() set(1, "desert", 5) end,
    "set_tile_terrain: desert produces nothing and takes no number token, not 5")
  -- Nothing changed.
  t.eq(board.tile_get(1, "terrain"), "mountains")
  t.eq(board.tile_get(10, "terrain"), "desert")
end)

test("terrain: a terrain of choice pays each card as a resource its owner picks", function(t)
  local base = fresh(t, { [1] = { "ore" }, [2] = { "wool", "brick" } })
  declare(base, "gold", { choice = true })
  local a = lone_corner(base, 10, { [12] = true })
  settlement(base, 1, a)
  local b
  for _, n in ipairs(corners(base, 10)) do
    local clear = true
    for _, u in ipairs(others(base, n, 10)) do
      if base.storage.tile_number[u] == 12 then clear = false end
    end
    local near = false
    for _, m in ipairs(board.node_nodes(n)) do near = near or m == a end
    if clear and n ~= a and not near then b = n break end
  end
  city(base, 2, b)
  base_lib.set_tile_terrain(10, "gold", 12)
  t.eq(board.tile_get(10, "terrain"), "gold")
  t.eq(board.tile_get(10, "resource"), nil, "a terrain of choice has no fixed resource")
  t.eq(board.tile_get(10, "number"), 12)
  t.eq(base.storage.tile_choice[10], true)
  t.eq(base.storage.choice_tiles, 1)
  t.eq(base.tile_label(10), "tile 10 (gold 12)")
  t.ok(base.node_label(a):find("gold 12", 1, true), base.node_label(a))
  t.eq(base_lib.node_pips(a) >= 1, true, "node_pips counts the gold field")
  game.set("robber", 1)
  local before = bank()
  base.produce_roll(1, 12)
  t.eq(hand(1), { ore = 1 }, "a settlement: 1 card of its choice")
  t.eq(hand(2), { wool = 1, brick = 1 }, "a city: 2 cards, each chosen")
  t.eq(bank().ore, before.ore - 1)
  local asked = {}
  for _, d in ipairs(t.decisions()) do
    if d.kind == "base.production_choice" then asked[#asked + 1] = d.player .. ":" .. d.id end
  end
  t.eq(asked, { "1:ore", "2:wool", "2:brick" })
  base.check_invariants("test", true)
  -- The robber on it blocks it.
  game.set("robber", 10)
  base.produce_roll(1, 12)
  t.eq(hand(1), { ore = 1 })
  t.eq(hand(2), { wool = 1, brick = 1 })
  -- Made a desert again, it pays nothing and asks nothing.
  base_lib.set_tile_terrain(10, "desert")
  t.eq(base.storage.tile_choice[10], nil)
  t.eq(base.storage.choice_tiles, 0)
  game.set("robber", 1)
  base.produce_roll(1, 12)
  t.eq(hand(1), { ore = 1 })
end)

test("terrain: a choice is among the resources the bank holds", function(t)
  local base = fresh(t, { [1] = { "grain" } })
  declare(base, "gold", { choice = true })
  settlement(base, 1, lone_corner(base, 10, { [12] = true }))
  base_lib.set_tile_terrain(10, "gold", 12)
  game.set("robber", 1)
  for _, r in ipairs(RESOURCES) do
    if r ~= "grain" and r ~= "ore" then game.move("bank", 3, r, game.count("bank", r, "card"), "card") end
  end
  base.produce_roll(1, 12)
  local offered
  for _, d in ipairs(t.decisions { options = true }) do
    if d.kind == "base.production_choice" then
      offered = {}
      for _, o in ipairs(d.options) do offered[#offered + 1] = o.id end
    end
  end
  t.eq(offered, { "grain", "ore" })
  t.eq(hand(1), { grain = 1 })
end)

test("terrain: base.board accepts a declared terrain with a number and refuses it without", function(t)
  local base = fresh(t)
  declare(base, "gold", { choice = true })
  local terrains, numbers, harbors = {}, {}, {}
  for tile = 1, 19 do
    terrains[tile] = board.tile_get(tile, "terrain")
    numbers[tile] = board.tile_get(tile, "number")
  end
  for i, c in ipairs(base.HARBOR_COAST_INDEX) do harbors[i] = { coast = c, type = base.HARBOR_TYPES[i] } end
  terrains[10] = "gold"
  t.raises(function() base.check_layout(terrains, numbers, harbors, 19, 30) end,
    "tile 10 (gold) has number nil; a producing tile needs 2-6 or 8-12")
  numbers[10] = 3
  base.check_layout(terrains, numbers, harbors, 19, 30)
  terrains[10] = "lava"
  t.raises(function() base.check_layout(terrains, numbers, harbors, 19, 30) end,
    "tile 10 has terrain lava (known: forest, pasture, fields, hills, mountains, desert, gold)")
end)

test("terrain: the heuristic bot answers a choice as Year of Plenty and values a gold spot", function(t)
  local base = fresh(t)
  declare(base, "gold", { choice = true })
  local opts = base.RESOURCE_OPTION_LIST
  t.eq(base.heuristic_choice(1, "base.production_choice", opts),
    base.heuristic_choice(1, "base.plenty", opts))
  -- On the empty board (every node offered), the opening settlement goes next to a gold field 6
  -- in the centre; next to the desert it does not.
  local all = {}
  for n = 1, board.nodes() do all[n] = n end
  local function opening()
    local o = base.lazy_options(all, base.storage.node_options)
    return all[base.heuristic_choice(1, "base.setup_settlement", o)]
  end
  t.ok(not has(corners(base, 10), opening()), "not next to the desert")
  base_lib.set_tile_terrain(10, "gold", 6)
  t.eq(base.storage.heuristic, nil, "set_tile_terrain drops the bot's cache")
  local n = opening()
  t.ok(has(corners(base, 10), n), "next to the gold field: node " .. n)
  t.ok(has(base.storage.heuristic.node_res[n], "*"), "the gold field is among the node's tiles")
  t.eq(base.storage.heuristic.pips[10], 5)
end)
