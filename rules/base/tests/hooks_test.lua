-- The general hook points a variant uses to change what a setup building is, which cards make a
-- hand, and what happens after a roll's production (base.setup_building, base.hand_kinds,
-- base.produced). Without handlers the base game is unchanged; the hand kinds are set here as a
-- base.hand_kinds handler would leave them (storage.hand_kinds, HAND_OPTIONS) on a kind the test
-- declares. variants/cities-knights tests the same paths through its handlers.

-- Declares kind "gem" as a hand kind, as a handler of base.hand_kinds does in game.setup.
local function gem_hand(base)
  game.add_kind("gem")
  game.add_supply("gem_pile")
  game.add("gem_pile", "gem", 10, "card")
  base.storage.hand_kinds = { "gem" }
  base.HAND_OPTIONS.gem = { id = "gem", resource = "gem" }
end

test("hooks: without handlers setup places settlements and asks base.setup_settlement", function(t)
  t.start { players = 4, seed = 3, options = { "base.check=true" } }
  local base = t.env("base")
  t.eq(base.setup_building(1, 2), "settlement")
  for _, d in ipairs(t.decisions()) do
    t.ok(d.kind == "base.setup_settlement" or d.kind == "base.setup_road", d.kind)
  end
  for p = 1, 4 do t.eq(game.player_get(p, "settlements"), 2) end
end)

test("hooks: a hand is the resource cards unless hand kinds are declared", function(t)
  local base = fresh(t)
  give(2, { ore = 3 })
  t.eq(base.hand_size(2), 3)
  t.eq(base.storage.hand_kinds, {})
end)

test("hooks: hand kinds count toward the 7, are offered in the discard and can be stolen", function(t)
  local base = fresh(t, { [2] = { "gem", "gem", "ore", "gem" } })
  gem_hand(base)
  base.place_piece(2, "settlement", 37, { free = true, setup = true })
  give(2, { ore = 2 })
  game.move("gem_pile", 2, "gem", 6, "card")
  t.eq(base.hand_size(2), 8)
  local e = { player = 2, count = 4 }
  game.raise("base.discard", e, base.discard_default)
  t.eq(hand(2), { ore = 1 })
  t.eq(game.count(2, "gem", "card"), 3)
  t.eq(ids(t.decisions { options = true }[1].options), { "ore", "gem" })
  game.move(2, "bank", "ore", 1, "card")
  t.eq(base.robbable(1, 12), { 2 }, "a player holding only gems can be robbed")
  local s = { thief = 1, victim = 2 }
  game.raise("base.steal", s, base.steal_default)
  t.eq(s.resource, "gem")
  t.eq(game.count(1, "gem", "card"), 1)
end)

test("hooks: produce_roll pays as produce (base.produced is raised only while handled)", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 37, { free = true, setup = true })
  base.produce_roll(1, 8)
  t.eq(hand(1), { ore = 1 })
end)

-- Adds node piece "scout" with `unit = true` to the catalogue, as a handler of base.pieces does
-- in game.setup (supply, piece names, the unit set).
local function scout_piece(base)
  game.add_kind("scout")
  local s = base.storage
  s.pieces.scout = { cost = {}, limit = 2, vp = 0, on = "node", unit = true, yield = 0,
                     spots = function() return {} end }
  s.piece_names[#s.piece_names + 1] = "scout"
  s.units.scout = true
  for p = 1, 4 do
    game.add(p, "scout", 2, "piece")
    s.supply[p] = s.supply[p] or {}
  end
end

test("hooks: a unit piece takes its node but not the distance rule, harbors or the robber", function(t)
  local base = fresh(t)
  scout_piece(base)
  local harbor
  for n = 1, board.nodes() do
    if board.node_get(n, "harbor") == "any" then harbor = n; break end
  end
  base.place_piece(2, "scout", harbor, { free = true })
  t.eq(base.maritime_rates(2).ore, 4, "no harbor for a unit")
  base.place_piece(2, "scout", 30, { free = true }) -- neighbours 20, 31, 39
  local open = base.legal_spots(1, "settlement", { setup = true })
  t.ok(not has(open, 30), "the unit's node is taken")
  t.ok(has(open, 20) and has(open, 31) and has(open, 39), "its neighbours stay open")
  give(2, { ore = 1 })
  local tile -- a hex with corners 30 and 31
  for _, x in ipairs(board.node_tiles(30)) do
    if has(board.node_tiles(31), x) then tile = x; break end
  end
  t.eq(base.robbable(1, tile), {}, "nobody is robbed for a unit")
  base.place_piece(2, "settlement", 31, { free = true, setup = true })
  t.eq(base.robbable(1, tile), { 2 }, "a building on the same hex can be robbed")
  -- A road of player 1 reaching node 30 cannot continue through player 2's unit.
  base.place_piece(1, "settlement", 20, { free = true, setup = true })
  base.place_piece(1, "road", 37, { free = true }) -- 20-30
  t.ok(not has(base.legal_spots(1, "road"), 38), "path 30-31 is blocked")
end)

test("hooks: player props named by base.point_props count as points", function(t)
  local base = fresh(t)
  t.eq(base.storage.point_props, {}, "none without handlers")
  base.storage.point_props = { "medals" } -- as a base.point_props handler leaves it
  settlement(base, 1, 37)
  t.eq(base.vp_total(1), 1, "a prop never set counts 0")
  game.player_set(1, "medals", 2)
  t.eq(base.vp_total(1), 3)
  local total, sources = base.victory_points(1)
  t.eq(total, 3)
  t.eq(sources.medals, 2)
  game.player_set(1, "medals", -1)
  base.update_vp(1)
  t.eq(game.player_get(1, "vp"), 0, "negative values take points away")
end)
