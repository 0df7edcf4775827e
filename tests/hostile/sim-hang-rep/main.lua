-- As sim-hang-loop, but the hang is a C loop that runs no Lua instruction.
-- Expected in catan sim: the same as sim-hang-loop.
game.on("turn", function(e)
  if game.turn() == 1 and game.random(10) == 1 then
    string.rep("", math.maxinteger)
    while true do end
  end
  game.finish(e.player, "done")
end)
