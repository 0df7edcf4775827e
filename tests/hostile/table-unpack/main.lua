-- Expected: refused (the results do not fit on the Lua stack) or stopped.
game.on("turn", function(e)
  table.unpack({}, 1, math.maxinteger)
  while true do end
  game.finish(e.player, "table.unpack returned")
end)
