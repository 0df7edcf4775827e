-- Setup: the second round places a city (fact 8) whose starting income is one resource card per
-- adjacent producing hex, no commodity (fact 9; open question 1 as an option).

-- {resource or commodity = n}: one card per producing hex at node n, plus with `commodity` the
-- commodity of each forest, pasture and mountains.
local function income_at(n, commodity)
  local out = {}
  local of = { lumber = "paper", wool = "cloth", ore = "coin" }
  for _, tile in ipairs(board.node_tiles(n)) do
    local r = board.tile_get(tile, "resource")
    if r then
      out[r] = (out[r] or 0) + 1
      if commodity and of[r] then out[of[r]] = (out[of[r]] or 0) + 1 end
    end
  end
  return out
end

-- p's resource and commodity cards.
local function all_cards(p)
  local h = hand(p)
  for c, n in pairs(commodities(p)) do h[c] = n end
  return h
end

test("setup: a settlement and a road, then a city and a road, 3 points each", function(t)
  t.start { players = 4, seed = 7, options = { "base.check=true" } }
  local kinds = {}
  for _, d in ipairs(t.decisions()) do kinds[#kinds + 1] = d.kind end
  t.eq(kinds, { "base.setup_settlement", "base.setup_road", "base.setup_settlement",
                "base.setup_road", "base.setup_settlement", "base.setup_road",
                "base.setup_settlement", "base.setup_road", "base.setup_city", "base.setup_road",
                "base.setup_city", "base.setup_road", "base.setup_city", "base.setup_road",
                "base.setup_city", "base.setup_road" })
  for p = 1, 4 do
    t.eq(game.player_get(p, "settlements"), 1)
    t.eq(game.player_get(p, "cities"), 1)
    t.eq(game.player_get(p, "roads"), 2)
    t.eq(game.player_get(p, "vp"), 3)
    t.eq(game.count(p, "settlement", "piece"), 4, "the upgraded settlement is back in supply")
  end
end)

test("setup: the city's income is one resource per producing hex, no commodity", function(t)
  for seed = 1, 3 do
    t.start { players = 4, seed = seed, options = { "base.check=true" } }
    for p = 1, 4 do
      local node = t.env().cities_of(p)[1]
      t.eq(all_cards(p), income_at(node, false), "seed " .. seed .. ", player " .. p)
    end
  end
end)

test("setup: option starting_commodities adds one commodity per forest, pasture, mountains", function(t)
  t.start { players = 4, seed = 1, options = { "base.check=true",
                                                "cities-knights.starting_commodities=true" } }
  local some = 0
  for p = 1, 4 do
    local node = t.env().cities_of(p)[1]
    t.eq(all_cards(p), income_at(node, true), "player " .. p)
    for _, n in pairs(commodities(p)) do some = some + n end
  end
  t.ok(some > 0, "some city touches a forest, pasture or mountains")
end)

test("setup: base.setup_building names the piece of each round", function(t)
  fresh(t)
  local e = { player = 2, round = 1, piece = "settlement" }
  game.raise("base.setup_building", e)
  t.eq(e.piece, "settlement")
  e.round = 2
  game.raise("base.setup_building", e)
  t.eq(e.piece, "city")
end)
