-- Dear cities: the base city entry (base.pieces) gets a new cost, by default 2 ore, 2 grain
-- and 2 wool in place of 3 ore and 2 grain, and a new yield, by default 3 resources from each
-- adjacent producing hex in place of 2. Everything else about cities (upgrading an own
-- settlement, 4 per player, 2 points) stays the base pack's. A bot that learned base's city
-- habit (ore and grain first, wool for development cards) must now save wool for cities too;
-- a city still pays for itself (docs/bots.md).

local RESOURCES = require("base").RESOURCES

game.on("base.pieces", function(e)
  local city = e.pieces.city
  local cost = {}
  for _, r in ipairs(RESOURCES) do
    local n = options["cost_" .. r]
    if n > 0 then cost[r] = n end
  end
  city.cost = cost
  city.yield = options.yield
end)
