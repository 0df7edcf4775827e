-- The gold trade is the dice kit's (rules/dice-kit/trade.lua: TRADE_OPTIONS, can_trade,
-- trade_gold): options.gold_rate gold dice for one resource, options.gold_trades times a turn.
require("dice-kit").trade(_ENV)
