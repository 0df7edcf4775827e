-- A pattern of literal characters is tried at every position of the subject: 19 MB x 100 kB
-- steps in C. Expected: refused or stopped.
game.on("turn", function(e)
  local subject = string.rep("a", 19 * 1024 * 1024)
  local pattern = string.rep("a", 100 * 1024 - 1) .. "b"
  subject:find(pattern)
  while true do end
  game.finish(e.player, "string.find returned")
end)
