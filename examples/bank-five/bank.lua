-- Every rate still at the bank's (no harbor for that resource) becomes option `rate`.
local options = options

game.on("base.trade_rates", function(e)
  for resource, n in pairs(e.rates) do
    if n == e.bank then e.rates[resource] = options.rate end
  end
end)
