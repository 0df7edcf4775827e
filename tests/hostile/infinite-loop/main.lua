-- The baseline: an endless loop of Lua instructions. Expected: time limit exceeded.
game.on("turn", function(e)
  while true do end
  game.finish(e.player, "the loop ended")
end)
