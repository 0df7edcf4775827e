-- table.move reads and writes every slot of the range in C. Expected: refused or stopped.
game.on("turn", function(e)
  table.move({}, 1, math.maxinteger - 1, 1)
  while true do end
  game.finish(e.player, "table.move returned")
end)
