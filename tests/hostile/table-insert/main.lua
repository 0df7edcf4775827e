-- table.insert(t, 1, v) moves every element up one slot, table.remove(t, 1) every element down;
-- the length comes from __len and the elements are read and written by C functions, so the loop
-- runs no Lua instruction. Expected: refused or stopped.
game.on("turn", function(e)
  local t = setmetatable({}, {
    __len = function() return 1 << 40 end,
    __index = rawlen,
    __newindex = rawlen,
  })
  pcall(table.remove, t, 1)
  table.insert(t, 1, "x")
  while true do end
  game.finish(e.player, "table.insert returned")
end)
