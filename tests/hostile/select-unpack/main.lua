-- Expected: refused (the results do not fit on the Lua stack) or stopped.
game.on("turn", function(e)
  local huge = setmetatable({}, {__len = function() return 1 << 40 end})
  select("#", table.unpack(huge))
  while true do end
  game.finish(e.player, "select returned")
end)
