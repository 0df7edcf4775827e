-- Each '%.0f' of the largest double prints its 309 digits (microseconds each): 900,000 of them
-- take seconds in one call of string.format, without a Lua instruction. Expected: stopped.
game.on("turn", function(e)
  local values = {}
  for i = 1, 900000 do values[i] = 1e308 end
  string.format(string.rep("%.0f", #values), table.unpack(values))
  while true do end
  game.finish(e.player, "string.format returned")
end)
