-- string.byte(s, 1, -1) returns one value per byte. Expected: refused (the values do not fit on
-- the Lua stack) or stopped.
game.on("turn", function(e)
  local s = string.rep("a", 16 * 1024 * 1024)
  select("#", s:byte(1, -1))
  while true do end
  game.finish(e.player, "string.byte returned")
end)
