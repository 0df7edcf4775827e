-- Harbor master through base.awards and base.built: the count, the takeover, ties, points and
-- whole games. Beginner board harbor nodes: 3:1 on 1, 2, 23, 24, 37, 38, 40, 50; ore 5, 18;
-- wool 8, 11; grain 27, 28; brick 47, 53; lumber 48, 52. Node 10 has no harbor.

-- The award's state: {holder, harbor points of each seat, vp of each seat}.
local function state()
  local points, vp = {}, {}
  for q = 1, 4 do
    points[q] = game.player_get(q, "harbor_points")
    vp[q] = game.player_get(q, "vp")
  end
  return { holder = game.get("harbor_master"), points = points, vp = vp }
end

test("harbor-master: 1 per settlement, 2 per city on a harbor; 3 take the award", function(t)
  local base = fresh(t)
  settlement(base, 1, 10)
  t.eq(state(), { points = { 0, 0, 0, 0 }, vp = { 1, 0, 0, 0 } }, "node 10 has no harbor")
  settlement(base, 1, 1)
  t.eq(state(), { points = { 1, 0, 0, 0 }, vp = { 2, 0, 0, 0 } })
  base.place_piece(1, "city", 1, { free = true })
  t.eq(state(), { points = { 2, 0, 0, 0 }, vp = { 3, 0, 0, 0 } }, "2 is below the minimum")
  t.eq(game.player_get(1, "harbor_master"), false)
  settlement(base, 1, 5)
  t.eq(state(), { holder = 1, points = { 3, 0, 0, 0 }, vp = { 1 + 2 + 1 + 2, 0, 0, 0 } })
  t.eq(game.player_get(1, "harbor_master"), true)
  local total, sources = require("base").victory_points(1)
  t.eq(total, 6)
  t.eq(sources.harbor_master, 2)
  t.eq(sources.settlements, 2)
  t.eq(sources.cities, 2)
end)

test("harbor-master: a tie keeps the holder; more takes it over exactly", function(t)
  local base = fresh(t)
  settlement(base, 1, 1)
  settlement(base, 1, 5)
  settlement(base, 1, 8)
  t.eq(state(), { holder = 1, points = { 3, 0, 0, 0 }, vp = { 5, 0, 0, 0 } })
  settlement(base, 2, 18)
  settlement(base, 2, 23)
  settlement(base, 2, 27)
  t.eq(state(), { holder = 1, points = { 3, 3, 0, 0 }, vp = { 5, 3, 0, 0 } }, "a tie keeps it")
  base.place_piece(2, "city", 27, { free = true })
  t.eq(state(), { holder = 2, points = { 3, 4, 0, 0 }, vp = { 3, 4 + 2, 0, 0 } })
  t.eq(game.player_get(1, "harbor_master"), false)
  t.eq(game.player_get(2, "harbor_master"), true)
  t.eq(select(2, require("base").victory_points(1)).harbor_master, 0)
  t.eq(select(2, require("base").victory_points(2)).harbor_master, 2)
  base.place_piece(1, "city", 1, { free = true })
  t.eq(state(), { holder = 2, points = { 4, 4, 0, 0 }, vp = { 4, 6, 0, 0 } }, "a tie again")
end)

test("harbor-master: a city bought through the menu on a harbor counts 2", function(t)
  local base = fresh(t, { [1] = { "node:5" } })
  settlement(base, 1, 1)
  settlement(base, 1, 5)
  give(1, { ore = 3, grain = 2 })
  t.eq(base.build_action(1, "city"), 5)
  t.eq(hand(1), {})
  t.eq(state(), { holder = 1, points = { 3, 0, 0, 0 }, vp = { 5, 0, 0, 0 } })
end)

test("harbor-master: min and points are options", function(t)
  local base = fresh(t, nil, { "harbor-master.min=1", "harbor-master.points=3" })
  settlement(base, 3, 47)
  t.eq(state(), { holder = 3, points = { 0, 0, 1, 0 }, vp = { 0, 0, 4, 0 } })
  t.eq(select(2, require("base").victory_points(3)).harbor_master, 3)
end)

-- True when the holder (if any) has the most harbor points, at least `min`, and nobody else
-- holds the award.
local function held_rightly(min)
  local holder, top = game.get("harbor_master"), 0
  for q = 1, 4 do
    top = math.max(top, game.player_get(q, "harbor_points"))
    if q ~= holder and game.player_get(q, "harbor_master") then return false end
  end
  return holder == nil or (game.player_get(holder, "harbor_points") == top and top >= min)
end

test("harbor-master: whole games keep every invariant, points included", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
  t.ok(held_rightly(3))
  t.eq(game.get("stats.harbor_master_held"), game.get("harbor_master") ~= nil)
  whole_games(t, { "heuristic", "heuristic", "random", "random" }, { "harbor-master.min=1" })
  t.ok(held_rightly(1))
  t.eq(game.get("stats.harbor_master_held"), true, "with min 1 somebody holds it")
end)
