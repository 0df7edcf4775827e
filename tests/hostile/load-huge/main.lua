-- Lua parses a chunk in C: 48 MB of statements take seconds. Expected: stopped (or the memory
-- cap, for the code it compiles).
game.on("turn", function(e)
  load(string.rep("x=1 ", 12 * 1024 * 1024))
  while true do end
  game.finish(e.player, "load returned")
end)
