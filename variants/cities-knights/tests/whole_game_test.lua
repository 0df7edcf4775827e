-- Whole games: random and heuristic bots finish 4-player games with a winner at 13 points or
-- more, every base invariant and the commodity invariant checked after every event. Each game
-- is played once and asked everything the tests check of it (whole games are the pack's
-- costliest tests).

test("whole games: random bots ask no development card decision and award no Largest Army",
  function(t)
    ck_games(t, { "random" }, 2, function(seed)
      for _, d in ipairs(t.decisions()) do
        t.ok(d.kind ~= "base.preroll" and d.kind ~= "base.plenty" and d.kind ~= "base.monopoly",
          "seed " .. seed .. ": no card decision: " .. d.kind)
        t.ok(d.id ~= "buy_dev" and not d.id:find("^play:"),
          "seed " .. seed .. ": no card bought or played: " .. d.id)
      end
      t.eq(game.get("largest_army"), nil)
      for p = 1, 4 do t.eq(game.total(p, "dev") + game.total(p, "played"), 0) end
    end)
  end)

test("whole games: heuristic bots build improvements, metropolises and knights, and the "
  .. "barbarians attack", function(t)
  local sum = { improvements = 0, metropolises = 0, built = 0, activated = 0, attacks = 0 }
  ck_games(t, { "heuristic" }, 3, function(seed, r)
    t.ok(r.turns < 300, "seed " .. seed .. ": a heuristic game of " .. r.turns .. " turns")
    sum.improvements = sum.improvements + game.get("stats.improvements")
    sum.metropolises = sum.metropolises + game.get("stats.metropolises")
    sum.built = sum.built + game.get("stats.knights_built")
    sum.activated = sum.activated + game.get("stats.knights_activated")
    sum.attacks = sum.attacks + game.get("barbarian_attacks")
    if seed == 2 then
      -- The statistics are published.
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
    end
  end)
  t.ok(sum.improvements > 0 and sum.metropolises > 0,
    sum.improvements .. " improvements, " .. sum.metropolises .. " metropolises")
  t.ok(sum.built > 0 and sum.activated > 0 and sum.attacks > 0, sum.built .. " knights built, "
    .. sum.activated .. " activated, " .. sum.attacks .. " attacks")
end)
