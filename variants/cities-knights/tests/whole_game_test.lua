-- Whole games: random and heuristic bots finish 4-player games with a winner at 13 points or
-- more, every base invariant and the commodity invariant checked after every event.

test("whole games: random bots", function(t)
  ck_games(t, { "random" }, 3)
end)

test("whole games: heuristic bots", function(t)
  local results = ck_games(t, { "heuristic" }, 3)
  for _, r in ipairs(results) do t.ok(r.turns < 300, "a heuristic game of " .. r.turns .. " turns") end
end)

test("whole games: heuristic bots build improvements and metropolises", function(t)
  local improvements, metropolises = 0, 0
  for seed = 1, 3 do
    t.start { players = 4, seed = seed, agents = { "heuristic" } }
    t.play()
    improvements = improvements + game.get("stats.improvements")
    metropolises = metropolises + game.get("stats.metropolises")
  end
  t.ok(improvements > 0 and metropolises > 0, improvements .. " improvements, " .. metropolises
    .. " metropolises")
end)

test("whole games: the statistics are published", function(t)
  t.start { players = 4, seed = 2, agents = { "heuristic" } }
  t.play()
  for _, key in ipairs({ "stats.production.paper", "stats.production.cloth",
                         "stats.production.coin", "stats.improvements", "stats.metropolises",
                         "stats.metropolis_takeovers", "stats.trading_house", "stats.aqueduct",
                         "stats.attacks_won", "stats.attacks_lost", "stats.cities_lost",
                         "stats.defenders", "stats.barbarian_ties", "stats.knights_built",
                         "stats.knights_activated", "stats.knights_promoted",
                         "stats.progress_drawn" }) do
    t.eq(math.type(game.get(key)), "integer", key)
  end
  t.ok(game.get("stats.production.coin") > 0)
  local drawn, played = 0, 0
  for _, deck in ipairs({ "trade", "politics", "science" }) do
    drawn = drawn + game.get("stats.progress_drawn." .. deck)
    played = played + game.get("stats.progress_played." .. deck)
  end
  t.eq(drawn, game.get("stats.progress_drawn"), "the decks' draws add up")
  t.eq(played, game.get("stats.progress_played"), "the decks' plays add up")
  t.ok(drawn > 0, "cards were drawn")
end)

test("whole games: heuristic bots build and activate knights, and the barbarians attack", function(t)
  local built, activated, attacks = 0, 0, 0
  for seed = 1, 3 do
    t.start { players = 4, seed = seed, agents = { "heuristic" } }
    t.play()
    built = built + game.get("stats.knights_built")
    activated = activated + game.get("stats.knights_activated")
    attacks = attacks + game.get("barbarian_attacks")
  end
  t.ok(built > 0 and activated > 0 and attacks > 0, built .. " knights built, " .. activated
    .. " activated, " .. attacks .. " attacks")
end)
