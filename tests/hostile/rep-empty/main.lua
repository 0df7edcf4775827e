-- string.rep("", n) loops n times in C without running a Lua instruction. Expected: refused or
-- stopped; the endless loop after it then trips the time limit if the call returned at once.
game.on("turn", function(e)
  string.rep("", math.maxinteger)
  while true do end
  game.finish(e.player, "string.rep returned")
end)
