-- About one game in ten (game.random draws from the game's own seeded stream, so which games
-- hang is fixed by the seed) loops forever in its first turn; the others end at once.
-- Expected in catan sim: the hanging games are recorded as failures with their replays saved,
-- the other games are counted.
game.on("turn", function(e)
  if game.turn() == 1 and game.random(10) == 1 then
    while true do end
  end
  game.finish(e.player, "done")
end)
