-- Gold trade, installed by every dice-game pack:
--
--   require("dice-kit").trade(_ENV)
--
-- Once the rolling is over, options.gold_rate gold dice (2) may be turned into one die showing a
-- resource of the player's choice, at most options.gold_trades times (2) a turn. Offered in the
-- build menu (turn.lua) as options TRADE_OPTIONS[resource] = {id = "trade:<resource>", action =
-- "trade", resource} (text "trade gold for <resource>").

local M = {}

function M.trade(_ENV)

  TRADE_OPTIONS = {}
  for _, r in ipairs(RESOURCES) do
    TRADE_OPTIONS[r] = { id = "trade:" .. r, action = "trade", resource = r }
  end

  -- Whether p may make a gold trade now.
  function can_trade(p)
    return storage.turn.trades < options.gold_trades and dice(p, GOLD) >= options.gold_rate
  end

  -- p gives up gold dice for one die showing `resource`, through dice.trade.
  function trade_gold(p, resource)
    if not FACE_INDEX[resource] or resource == GOLD then
      error("trade_gold: " .. tostring(resource) .. " is not a resource", 2)
    end
    local e = { player = p, resource = resource, gold = options.gold_rate }
    local result = game.raise("dice.trade", e, function(t)
      game.remove(t.player, GOLD, t.gold, DIE)
      game.add(t.player, t.resource, 1, DIE)
    end)
    if result ~= "vetoed" then
      storage.turn.trades = storage.turn.trades + 1
      game.log(string.format("player %d trades %d gold for %s", p, e.gold, resource))
    end
  end
end

return M
