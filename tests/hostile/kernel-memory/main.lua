-- Every property value is copied into the kernel, outside the Lua allocator. Expected: the
-- memory cap (or another documented cap) ends the game; the process stays alive.
game.on("turn", function(e)
  local big = string.rep("x", 1024 * 1024)
  for i = 1, math.maxinteger do game.set("k" .. i, big .. i) end
  game.finish(e.player, "game.set loop ended")
end)
