-- The empty pattern matches at each of the 1 MB subject's positions; each match appends 64 kB.
-- Expected: the memory cap, or refused or stopped.
game.on("turn", function(e)
  local s = string.rep("a", 1024 * 1024)
  s:gsub("", string.rep("y", 64 * 1024), math.maxinteger)
  while true do end
  game.finish(e.player, "string.gsub returned")
end)
