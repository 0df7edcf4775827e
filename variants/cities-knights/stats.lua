-- Statistics for the balance lab (docs/lab.md, "The stats hook"), set at the end of a game:
--   stats.production.<commodity>  commodity cards paid out (production and starting income)
--   stats.improvements            improvement levels built
--   stats.metropolises            metropolises placed (a takeover places one again)
--   stats.metropolis_takeovers    metropolises taken from a player at a lower level
--   stats.trading_house           Trading House trades
--   stats.aqueduct                cards the Aqueduct gave
-- Per player the lab reads the player props trade_level, politics_level, science_level and
-- metropolises.

game.on("game.end", function()
  for _, c in ipairs(COMMODITIES) do
    game.set("stats.production." .. c, storage.commodities_produced[c])
  end
  game.set("stats.improvements", storage.improvements)
  game.set("stats.metropolises", storage.metropolises)
  game.set("stats.metropolis_takeovers", storage.metropolis_takeovers)
  game.set("stats.trading_house", storage.trading_house)
  game.set("stats.aqueduct", storage.aqueduct)
end)
