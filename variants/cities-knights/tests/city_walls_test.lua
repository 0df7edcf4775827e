-- City walls in Cities & Knights (facts 108-112): the city-walls pack's walls, under cities and
-- metropolises, lost when their city is pillaged.

test("walls: 2 brick under a city or a metropolis, one each, 3 a player, no points", function(t)
  local base = fresh(t, { [1] = { "node:37" } })
  city(base, 1, 37)
  city(base, 1, 41)
  base.place_piece(1, "metropolis", 37, { free = true })
  settlement(base, 1, 52)
  t.eq(game.player_get(1, "vp"), 7)
  give(1, { brick = 2 })
  t.eq(base.legal_spots(1, "wall"), { 37, 41 }, "the metropolis and the city, no settlement")
  t.ok(has(base.buildable(1), "wall"))
  t.eq(base.build_action(1, "wall"), 37)
  t.eq(hand(1), {})
  t.eq({ board.node_get(37, "wall"), board.node_get(37, "metropolis") }, { 1, 1 })
  t.eq({ game.player_get(1, "walls"), game.count(1, "wall", "piece") }, { 1, 2 })
  t.eq(game.player_get(1, "vp"), 7, "a wall scores nothing")
  t.eq(base.legal_spots(1, "wall"), { 41 })
  base.place_piece(1, "wall", 41, { free = true })
  t.eq(base.legal_spots(1, "wall"), {})
end)

test("walls: each wall raises the discard threshold by 2, commodities counted", function(t)
  -- Player 1 (3 walls) keeps 13 cards; player 2 (1 wall) discards half of 10.
  local base = fresh(t, { [2] = { "ore", "ore", "ore", "cloth", "cloth" } })
  for _, n in ipairs({ 37, 41, 52 }) do
    city(base, 1, n)
    base.place_piece(1, "wall", n, { free = true })
  end
  city(base, 2, 46)
  base.place_piece(2, "wall", 46, { free = true })
  t.eq(base.legal_spots(1, "wall"), {}, "no city without a wall")
  give(1, { lumber = 10 })
  give_commodities(1, { paper = 3 })
  give(2, { ore = 8 })
  give_commodities(2, { cloth = 2 })
  base.seven(1)
  t.eq({ hand(1), commodities(1) }, { { lumber = 10 }, { paper = 3 } })
  t.eq({ hand(2), commodities(2) }, { { ore = 5 }, {} })
  local e = { player = 1, limit = 7 }
  game.raise("base.discard_limit", e)
  t.eq(e.limit, 13)
end)

test("walls: a pillaged city loses its wall, a fallen city takes none", function(t)
  local base = fresh(t)
  local ck = t.env()
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  ck.barbarian_attack(1) -- 1 city against no knight: player 1 loses it
  t.eq({ board.node_get(37, "building"), board.node_get(37, "wall") }, { "settlement", nil })
  t.eq({ game.player_get(1, "walls"), game.count(1, "wall", "piece") }, { 0, 3 })
  t.eq(ck.storage.walls_lost, 1)
  -- With no settlement piece left the city falls: its wall goes too, and it takes none.
  base = fresh(t)
  ck = t.env()
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  for _, n in ipairs({ 1, 7, 11, 13, 17 }) do settlement(base, 1, n) end
  t.eq(game.count(1, "settlement", "piece"), 0)
  ck.barbarian_attack(1)
  t.eq({ board.node_get(37, "building"), board.node_get(37, "fallen"), board.node_get(37, "wall") },
       { "city", true, nil })
  t.eq(game.count(1, "wall", "piece"), 3)
  give(1, { brick = 2 })
  t.eq(base.legal_spots(1, "wall"), {})
  t.ok(not has(base.buildable(1), "wall"))
end)
