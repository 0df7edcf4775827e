-- The event die and the red die (facts 11-13): every roll of the base dice (base.roll) also
-- rolls the event die from the game's stream, right after the two base dice, so scripted dice
-- give three faces per roll: white, red, event (t.roll(3, 4, 1)). Base's second die is the red
-- die. Faces 1-3 are ships, 4 the yellow gate (trade), 5 the blue gate (politics), 6 the green
-- gate (science) (fact 12).
-- State: game props event_die (the last face: "ship", "trade", "politics" or "science") and
-- red_die (the last red die, 1-6), for views and tests.
-- The event die is resolved at once, before production or the 7 (fact 13): a ship moves the
-- barbarians (barbarians.lua), a gate hands out progress cards of its track (progress.lua). The
-- handler runs late (priority 100), after handlers that change the base dice.

EVENT_FACES = { "ship", "ship", "ship", "trade", "politics", "science" }

game.on("base.roll", function(e)
  local face = EVENT_FACES[game.roll(6)]
  game.set("event_die", face)
  game.set("red_die", e.dice[2])
  if game.verbose() then game.log(string.format("event die: %s, red die %d", face, e.dice[2])) end
  if face == "ship" then barbarians_advance(e.player) else progress_gate(e.player, face, e.dice[2]) end
end, { priority = 100 })
