-- A plain find compares the needle at every position: 19 MB x 100 kB steps in C.
-- Expected: refused or stopped.
game.on("turn", function(e)
  local subject = string.rep("a", 19 * 1024 * 1024)
  local needle = string.rep("a", 100 * 1024 - 1) .. "b"
  subject:find(needle, 1, true)
  while true do end
  game.finish(e.player, "string.find returned")
end)
