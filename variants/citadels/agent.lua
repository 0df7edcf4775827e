-- How the base pack's "heuristic" bot plays citadels (game.extend_agent; see docs/lua-api.md).
--   base.action         "build:citadel" when the menu offers neither a city nor a settlement
--                       (those score a point for fewer cards); otherwise the rest of the chain
--                       decides (`next`), except that the bot saves for a citadel: when the
--                       chain would buy a development card with cards the citadel needs, while
--                       the bot has a city to upgrade, a citadel left and a hand within the
--                       discard limit, it ends the turn instead (a citadel's point costs 6
--                       cards, a development card's average far more).
--   base.place_citadel  the city whose producing hexes roll most often (pips, the robber's hex
--                       left out): the extra resource per roll is worth most there.
-- Like every agent it only reads the game.


local RESOURCES = require("base").RESOURCES
local DEV_CARD_COST = { ore = 1, wool = 1, grain = 1 }

-- True when buying a development card would spend cards p keeps for a citadel it could build.
local function saving_for_citadel(p)
  if game.count(p, "citadel", "piece") == 0 or (game.player_get(p, "cities") or 0) == 0 then
    return false
  end
  if game.total(p, "card") > game.option("base", "discard_limit") then return false end
  for _, r in ipairs(RESOURCES) do
    local need = options["cost_" .. r]
    if need > 0 and game.count(p, r, "card") - (DEV_CARD_COST[r] or 0) < need then return true end
  end
  return false
end

-- Menu options are records (rules/base/turn.lua): {action = "build", piece = ...}, {action =
-- "buy_dev"}, {action = "end"}, ...
game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local citadel, stop
  for i, o in ipairs(opts) do
    if o.action == "build" and (o.piece == "city" or o.piece == "settlement") then
      return next(p, kind, opts)
    end
    if o.action == "build" and o.piece == "citadel" then citadel = i end
    if o.action == "end" then stop = i end
  end
  if citadel then return citadel end
  local choice = next(p, kind, opts)
  if opts[choice].action == "buy_dev" and stop and saving_for_citadel(p) then return stop end
  return choice
end)

-- Placement options are {id = "node:N", node = N}.
game.extend_agent("heuristic", "base.place_citadel", function(p, kind, opts)
  return require("base").busiest_node(opts)
end)
