-- City walls (facts 108-112) are the `city-walls` pack's walls, which this pack requires: piece
-- "wall" (cost, 3 per player, no points, node prop wall = seat under a city), the discard limit
-- raised by 2 per wall (fact 109, base.discard_limit), and with resource tokens the walled
-- city's token in place of the +2 (seed 002 §B.3, through that pack's tokens.allowance). A
-- metropolis stays building "city", so a wall stands under it too (fact 108).
-- What this pack adds:
--   - a fallen city (barbarians.lua, fact 34) counts as a settlement and takes no wall: the
--     wall's legal spots are p's cities_of (never fallen) without a wall;
--   - remove_wall(n): the wall under a pillaged city goes back to its owner's supply (fact 111,
--     barbarians.lua), taking its discard bonus or token allowance with it;
--   - the Engineer builds one free (P3, cards_science.lua: base.choose_and_place, decision
--     "base.place_wall").
-- Statistics (docs/lab.md): stats.walls_lost, the walls pillages removed (city-walls publishes
-- stats.walls_built and stats.first_wall_turn; per seat the lab reads player prop walls).

local update_vp = require("base").update_vp

-- p's cities that may take a wall now: standing (not fallen) and without one.
function wall_spots(p)
  local list = {}
  for _, n in ipairs(cities_of(p)) do
    if board.node_get(n, "wall") == nil then list[#list + 1] = n end
  end
  return list
end

-- After city-walls' own handler (priority 100), which declares the piece.
game.on("base.pieces", function(e)
  e.pieces.wall.spots = wall_spots
end, { priority = 110 })

-- Takes the wall on node n, if any, back to its owner's supply. The caller then calls base's
-- rewatch(n) once the node's pieces are final (pillage does), so that resource tokens' allowance
-- follows.
function remove_wall(n)
  local q = board.node_get(n, "wall")
  if q == nil then return end
  board.node_set(n, "wall", nil)
  game.add(q, "wall", 1, "piece")
  game.player_set(q, "walls", game.option("city-walls", "limit") - game.count(q, "wall", "piece"))
  update_vp(q)
  storage.walls_lost = storage.walls_lost + 1
end

game.on("game.setup", function()
  storage.walls_lost = 0
end)

game.on("game.end", function()
  game.set("stats.walls_lost", storage.walls_lost)
end, { priority = 1 }) -- after city-walls' game.end (it publishes stats: the order is immaterial)
