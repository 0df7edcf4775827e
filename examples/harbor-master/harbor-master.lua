-- Harbor master: each player's harbor points (player prop harbor_points) are 1 per settlement
-- and 2 per city on a harbor node (node prop harbor). The award harbor_master (game prop: the
-- holder; player prop: true while held; points source harbor_master) is declared through
-- base.awards, so base moves it like Longest Road: a holder keeps it while nobody has more, a
-- player alone at the top with at least options.min takes it, otherwise it is set aside.
--
-- The count is recounted from the board whenever a settlement or city lands on a harbor node
-- (base.built; in base nothing else moves a building), then require("base").update_awards()
-- gives the award anew.

local lib = require("base")
local options = options

-- Harbor points per building on a harbor node; other pieces count nothing.
local WEIGHT = { settlement = 1, city = 2 }

game.on("base.awards", function(e)
  e.awards[#e.awards + 1] = { prop = "harbor_master", count = "harbor_points", min = options.min,
                              points = options.points }
end)

-- The harbor nodes, once the board is set (base lays it out at priority -90), and every
-- player's count at 0 (priority 10: after base's handlers at 0, before its awards at 100).
game.on("game.setup", function(e)
  local nodes = {}
  for n = 1, board.nodes() do
    if board.node_get(n, "harbor") then nodes[#nodes + 1] = n end
  end
  storage.harbor_nodes = nodes
  for q = 1, e.players do game.player_set(q, "harbor_points", 0) end
end, { priority = 10 })

-- Sets every player's harbor_points from the buildings on the harbor nodes.
local function recount()
  local points = {}
  for q = 1, game.players() do points[q] = 0 end
  for _, n in ipairs(storage.harbor_nodes) do
    local owner = board.node_get(n, "owner")
    local w = WEIGHT[board.node_get(n, "building")]
    if owner and w then points[owner] = points[owner] + w end
  end
  for q, v in ipairs(points) do game.player_set(q, "harbor_points", v) end
end

game.on("base.built", function(e)
  if WEIGHT[e.piece] and board.node_get(e.where, "harbor") then
    recount()
    lib.update_awards()
  end
end)

-- Statistics for the balance lab: stats.harbor_master_held (the award has a holder at the end),
-- after base's own (priority 10).
game.on("game.end", function()
  game.set("stats.harbor_master_held", game.get("harbor_master") ~= nil)
end, { priority = 10 })
