-- Monument: a piece a player builds beside one of their own buildings (settlement, city or any
-- building a variant adds), one per node. It costs one card of each resource and scores
-- options.vp points; it produces nothing and needs no road.
--
-- State: base piece "monument" with `beside = true` (rules/base/build.lua): node prop
-- monument = seat on the building's node, pieces not yet built in holdings form "piece", player
-- prop monuments (kept by the base pack). Building one goes through the base menu
-- ("build:monument"), base.can_pay / base.pay and decision "base.place_monument", so no agent
-- needs to be taught it: the menu entry and the placement are the base pack's own.

local RESOURCES = require("base").RESOURCES

game.on("base.pieces", function(e)
  local cost = {}
  for _, r in ipairs(RESOURCES) do
    local n = options["cost_" .. r]
    if n > 0 then cost[r] = n end
  end
  e.pieces.monument = { cost = cost, limit = options.limit, vp = options.vp, on = "node",
                        beside = true }
end)

-- Statistics for the balance lab (docs/lab.md): stats.monuments_built (every game), and
-- stats.first_monument_turn (the turn of the first one, set only in games that have one).
game.on("base.built", function(e)
  if e.piece ~= "monument" then return end
  storage.monuments_built = (storage.monuments_built or 0) + 1
  if storage.first_monument_turn == nil then storage.first_monument_turn = game.turn() end
end, { after = true })

game.on("game.end", function()
  game.set("stats.monuments_built", storage.monuments_built or 0)
  if storage.first_monument_turn then
    game.set("stats.first_monument_turn", storage.first_monument_turn)
  end
end)
