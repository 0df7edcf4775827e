-- The hooks a house rule uses to change the island, add rolls and declare awards: base.board's
-- validation (check_layout), set_tile_number, roll(p) and base.rolled, base.awards. Handlers
-- cannot be registered from a test, so the awards a base.awards handler would append are put
-- where its handler would leave them (storage.awards, award_of, extra_awards); the example packs
-- (examples/no-adjacent-reds, roll-twice, harbor-master) run the same paths through handlers.

-- The layout base deals by default, as base.board's payload holds it.
local function default_layout(base)
  local terrains, numbers, harbors = {}, {}, {}
  for t = 1, board.tiles() do
    terrains[t] = board.tile_get(t, "terrain")
    numbers[t] = board.tile_get(t, "number")
  end
  for i, c in ipairs(base.HARBOR_COAST_INDEX) do
    harbors[i] = { coast = c, type = base.HARBOR_TYPES[i] }
  end
  return terrains, numbers, harbors
end

-- The first tile of node n that produces `resource`.
local function tile_of(base, n, resource)
  for _, t in ipairs(base.storage.node_tiles[n]) do
    if base.storage.tile_resource[t] == resource then return t end
  end
end

test("board hook: the layout base deals passes the check", function(t)
  local base = fresh(t)
  local terrains, numbers, harbors = default_layout(base)
  base.check_layout(terrains, numbers, harbors, 19, #base.storage.coast)
  t.eq(#base.storage.coast, 30)
end)

test("board hook: a layout base cannot play fails naming the tile or harbor", function(t)
  local base = fresh(t)
  local function fails(change, text)
    local terrains, numbers, harbors = default_layout(base)
    change(terrains, numbers, harbors)
    t.raises(function() base.check_layout(terrains, numbers, harbors, 19, 30) end, text)
  end
  local desert
  for t2 = 1, 19 do if base.storage.tile_resource[t2] == false then desert = t2 end end
  local field = desert == 1 and 2 or 1
  fails(function(tr) tr[field] = "gold" end,
    "base.board: after the handlers, tile " .. field .. " has terrain gold")
  fails(function(_, n) n[field] = 7 end, "tile " .. field .. " (" .. board.tile_get(field, "terrain")
    .. ") has number 7; a producing tile needs 2-6 or 8-12")
  fails(function(_, n) n[field] = nil end, "has number nil")
  fails(function(_, n) n[desert] = 5 end, "tile " .. desert .. " is a desert but has number 5")
  fails(function(_, _, h) h[1].coast = 30 end, "harbor 1 is on coast 30; coastal paths are 0-29")
  fails(function(_, _, h) h[2].coast = 1 end, "harbors 1 and 2 share a node (coastal paths 0 and 1)")
  fails(function(_, _, h) h[2].coast = 0 end, "harbors 1 and 2 are both on coastal path 0")
  fails(function(_, _, h) h[9].type = "gold" end, "harbor 9 has type gold")
end)

test("board hook: set_tile_number moves production and labels to the new number", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 37, { free = true, setup = true })
  local ore = tile_of(base, 37, "ore")
  t.eq(board.tile_get(ore, "number"), 8)
  t.eq(base.tile_label(ore), "tile " .. ore .. " (ore 8)")
  base.set_tile_number(ore, 5)
  t.eq(board.tile_get(ore, "number"), 5)
  t.eq(base.tile_label(ore), "tile " .. ore .. " (ore 5)")
  t.ok(not has(base.producing_tiles(8), ore))
  t.ok(has(base.producing_tiles(5), ore))
  base.produce_roll(1, 8)
  t.eq(hand(1).ore, nil, "8 no longer pays the tile")
  base.produce_roll(1, 5)
  t.eq(hand(1).ore, 1)
  t.ok(base.node_label(37):find("ore 5", 1, true), base.node_label(37))
end)

test("board hook: set_tile_number refuses the desert and numbers that are no token", function(t)
  local base = fresh(t)
  local desert
  for t2 = 1, 19 do if base.storage.tile_resource[t2] == false then desert = t2 end end
  t.raises(function() base.set_tile_number(desert, 5) end, "has no number token to change")
  local field = desert == 1 and 2 or 1
  t.raises(function() base.set_tile_number(field, 7) end, "number 7 is not a number token")
  t.raises(function() base.set_tile_number(field, 13) end, "number 13 is not a number token")
end)

test("extra roll: roll(p) rolls, pays production and counts the roll", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 37, { free = true, setup = true })
  local before = game.get("dice_histogram.8") or 0
  t.roll(3, 5)
  t.eq(require("base").roll(1), 8)
  t.eq(hand(1), { ore = 1 })
  t.eq(game.get("dice_histogram.8"), before + 1)
end)

test("extra roll: a 7 from roll(p) makes players discard and moves the robber", function(t)
  local base = fresh(t, { [1] = { "tile:1" }, [2] = { "ore", "ore", "ore", "ore" } })
  give(2, { ore = 8 })
  t.roll(3, 4)
  t.eq(require("base").roll(1), 7)
  t.eq(hand(2), { ore = 4 })
  t.eq(game.get("robber"), 1)
end)

-- Declares award "harbor_master" (count prop harbors, min 3, 2 points) as a base.awards handler
-- appending it would leave it.
local function harbor_award(base, players)
  local a = { prop = "harbor_master", count = "harbors", min = 3, points = 2, values = {} }
  local awards = base.storage.awards
  awards[#awards + 1] = a
  base.storage.award_of.harbor_master = a
  local extra = base.storage.extra_awards
  extra[#extra + 1] = a
  for q = 1, players do
    game.player_set(q, "harbor_master", false)
    game.player_set(q, "harbors", 0)
  end
end

test("awards: a declared award moves like Longest Road and counts as points", function(t)
  local base = fresh(t)
  harbor_award(base, 4)
  local lib = require("base")
  game.player_set(2, "harbors", 2)
  lib.update_awards()
  t.eq(game.get("harbor_master"), nil, "2 is below the minimum")
  game.player_set(2, "harbors", 3)
  lib.update_awards()
  t.eq(game.get("harbor_master"), 2)
  t.eq(game.player_get(2, "harbor_master"), true)
  t.eq(game.player_get(2, "vp"), 2)
  local total, sources = lib.victory_points(2)
  t.eq(total, 2)
  t.eq(sources.harbor_master, 2)
  game.player_set(3, "harbors", 3)
  lib.update_awards()
  t.eq(game.get("harbor_master"), 2, "a tie keeps the holder")
  game.player_set(3, "harbors", 4)
  lib.update_awards()
  t.eq(game.get("harbor_master"), 3)
  t.eq(game.player_get(2, "harbor_master"), false)
  t.eq(game.player_get(2, "vp"), 0)
  t.eq(game.player_get(3, "vp"), 2)
  game.player_set(3, "harbors", 1)
  game.player_set(4, "harbors", 3)
  lib.update_awards()
  t.eq(game.get("harbor_master"), nil, "two tie at the top after the holder fell: set aside")
  t.eq(game.player_get(3, "vp"), 0)
end)

test("awards: base declares Longest Road and Largest Army as data", function(t)
  local base = fresh(t)
  t.eq(base.storage.award_of.longest_road,
    { prop = "longest_road", count = "road_length", min = 5, points = 2 })
  t.eq(base.storage.award_of.largest_army,
    { prop = "largest_army", count = "knights_played", min = 3, points = 2 })
  local _, sources = require("base").victory_points(1)
  t.eq(sources.longest_road, 0)
  t.eq(sources.largest_army, 0)
end)

test("awards: an award entry base cannot use fails naming it", function(t)
  local base = fresh(t)
  t.raises(function() base.check_award({ prop = "x", count = "y", min = -1, points = 2 }, 3, {}) end,
    "base.awards: award 3 'x' has min -1")
  t.raises(function() base.check_award({ prop = "x", min = 1, points = 2 }, 1, {}) end,
    "award 1 'x' has no count prop")
  t.raises(function() base.check_award({ prop = "x", count = "y", min = 1, points = 2 }, 2, { x = true }) end,
    "award 2 'x' is listed twice")
end)
