-- Each turn the player rolls a die once or twice (their decision), counting the faces (the
-- histogram "rolls") and adding them to their points (the declared score); the fourth turn ends
-- the game. In that turn about one game in ten (game.random draws from the game's own seeded
-- stream, so which games are bad is fixed by the seed) sets the statistic stats.huge to
-- math.maxinteger, one in ten sets the player's points to math.mininteger, and one in ten a
-- histogram count to 2^40. Every game sets stats.edge to 2^31 or -2^31, the largest magnitude
-- the lab takes, so that its sum of squares passes 2^64 in a few games.
-- Expected in catan sim: each bad game fails ("value out of range", naming the game and the
-- value; class "out of range") with its replay saved, the other games are counted, and the run
-- writes its results, CSV and report, the same on any thread count.
ROLLS = { { id = "once", rolls = 1 }, { id = "twice", rolls = 2 } }

game.on("game.setup", function(e)
  game.add_form("chip")
  for p = 1, e.players do game.player_set(p, "points", 0) end
end)

game.on("turn", function(e)
  for _ = 1, game.decide(e.player, "huge.rolls", ROLLS).rolls do
    local face = game.roll(6)
    game.set("rolls." .. face, (game.get("rolls." .. face) or 0) + 1)
    game.player_set(e.player, "points", game.player_get(e.player, "points") + face)
  end
  game.set("stats.turns", game.turn())
  game.set("stats.edge", game.random(2) == 1 and 1 << 31 or -(1 << 31))
  if game.turn() < 4 then return end
  local bad = game.random(10)
  if bad == 1 then game.set("stats.huge", math.maxinteger) end
  if bad == 2 then game.player_set(e.player, "points", math.mininteger) end
  if bad == 3 then game.set("rolls.6", 1 << 40) end
  game.finish(e.player, "fourth turn")
end)
