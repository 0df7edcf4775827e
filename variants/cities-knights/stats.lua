-- Statistics for the balance lab (docs/lab.md, "The stats hook"), set at the end of a game:
--   stats.production.<commodity>  commodity cards paid out (production and starting income)
--   stats.improvements            improvement levels built
--   stats.metropolises            metropolises placed (a takeover places one again)
--   stats.metropolis_takeovers    metropolises taken from a player at a lower level
--   stats.trading_house           Trading House trades
--   stats.aqueduct                cards the Aqueduct gave
--   stats.attacks_won             barbarian attacks Catan won
--   stats.attacks_lost            barbarian attacks the barbarians won
--   stats.cities_lost             cities pillaged
--   stats.defenders               Defender of Catan points given
--   stats.barbarian_ties          won attacks whose top contribution was tied
--   stats.knights_built           basic knights placed
--   stats.knights_activated       knight activations
--   stats.knights_promoted        knight promotions
--   stats.progress_drawn          progress cards drawn (gate faces and tie rewards)
--   stats.progress_played         progress cards played (the Alchemist included)
--   stats.progress_drawn.<deck>, stats.progress_played.<deck>   the same per deck (trade,
--                                 politics, science)
-- Per player the lab reads the player props trade_level, politics_level, science_level,
-- metropolises, defender, progress_points, basic_knights, strong_knights and mighty_knights.

game.on("game.end", function()
  for _, c in ipairs(COMMODITIES) do
    game.set("stats.production." .. c, storage.commodities_produced[c])
  end
  game.set("stats.improvements", storage.improvements)
  game.set("stats.metropolises", storage.metropolises)
  game.set("stats.metropolis_takeovers", storage.metropolis_takeovers)
  game.set("stats.trading_house", storage.trading_house)
  game.set("stats.aqueduct", storage.aqueduct)
  for _, key in ipairs({ "attacks_won", "attacks_lost", "cities_lost", "defenders",
                         "barbarian_ties", "knights_built", "knights_activated",
                         "knights_promoted", "progress_drawn", "progress_played" }) do
    game.set("stats." .. key, storage[key])
  end
  for _, track in ipairs({ "trade", "politics", "science" }) do
    game.set("stats.progress_drawn." .. track, storage.drawn_by_deck[track])
    game.set("stats.progress_played." .. track, storage.played_by_deck[track])
  end
end, { priority = 1 }) -- after city-walls' game.end (it publishes stats: the order is immaterial)
