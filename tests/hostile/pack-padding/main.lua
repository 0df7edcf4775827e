-- A 'c' option of string.pack pads its string with zeros up to the given size: a 20-byte format
-- asks for 400 MB, made byte by byte in C. Expected: the memory cap, refused or stopped.
game.on("turn", function(e)
  string.pack("c200000000c200000000", "", "")
  while true do end
  game.finish(e.player, "string.pack returned")
end)
