-- No early sevens. While game.round() is at most options.rounds, a roll totalling 7 is rolled
-- again (both dice, with the game's random stream) until it is not a 7. Runs late among the
-- base.roll handlers (priority 100) so that it sees the final total of any other handler.
-- Game prop sevens_rerolled counts the re-rolls (it appears in the game summary).

game.on("base.roll", function(e)
  if game.round() > options.rounds then return end
  while e.total == 7 do
    local d1, d2 = game.roll(6), game.roll(6)
    e.dice[1], e.dice[2], e.total = d1, d2, d1 + d2
    game.set("sevens_rerolled", (game.get("sevens_rerolled") or 0) + 1)
  end
end, { priority = 100 })
