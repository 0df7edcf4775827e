-- Citadels: a player upgrades one of their cities to a citadel (base piece "citadel", which
-- `upgrades` the city: the city returns to the player's supply, as a settlement does when it
-- becomes a city). A citadel scores options.vp points and takes options.yield resources from each
-- adjacent producing hex. Building one goes through the base menu ("build:citadel"),
-- base.can_pay / base.pay and decision "base.place_citadel"; its node keeps every other prop,
-- so a walled city keeps its wall (city-walls). State: node prop building = "citadel", pieces not
-- yet built in holdings form "piece", player prop citadels (kept by the base pack).
--
-- With a pack that provides resource tokens (one declaring event tokens.allowance, i.e.
-- resource-tokens), a citadel may take up to options.tokens of its resources from each producing
-- hex as tokens; allowances add up, so a walled citadel may take two with the defaults.

local cost_from = require("base").cost_from

game.on("base.pieces", function(e)
  local cost = cost_from(options, "cost_")
  e.pieces.citadel = { cost = cost, limit = options.limit, vp = options.vp, on = "node",
                       upgrades = "city", yield = options.yield }
end)

if game.has_event("tokens.allowance") then
  game.on("tokens.allowance", function(e)
    if e.building == "citadel" then e.tokens = e.tokens + options.tokens end
  end)
end

-- Statistics for the balance lab (docs/lab.md): stats.citadels_built, and stats.first_citadel_turn
-- (the turn of the first one, set only in games that have one).
game.on("base.built", function(e)
  if e.piece ~= "citadel" then return end
  storage.citadels_built = (storage.citadels_built or 0) + 1
  if storage.first_citadel_turn == nil then storage.first_citadel_turn = game.turn() end
end, { after = true })

game.on("game.end", function()
  game.set("stats.citadels_built", storage.citadels_built or 0)
  if storage.first_citadel_turn then game.set("stats.first_citadel_turn", storage.first_citadel_turn) end
end)
