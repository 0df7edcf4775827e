-- table.sort takes the length from __len and reads and writes elements through __index and
-- __newindex, here C functions, so the sort never runs a Lua instruction. Expected: refused or
-- stopped.
game.on("turn", function(e)
  local t = setmetatable({}, {
    __len = function() return (1 << 31) - 2 end,
    __index = type,
    __newindex = rawlen,
  })
  table.sort(t)
  while true do end
  game.finish(e.player, "table.sort returned")
end)
