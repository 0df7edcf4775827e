-- table.concat reads each element with lua_geti; rawlen as __index answers 0 without running a
-- Lua instruction, so the loop is C only. Expected: refused, stopped or capped.
game.on("turn", function(e)
  table.concat(setmetatable({}, {__index = rawlen}), "", 1, math.maxinteger)
  while true do end
  game.finish(e.player, "table.concat returned")
end)
