-- utf8.len and utf8.offset walk the whole 16 MB string; utf8.codepoint pushes one value per
-- character.
-- Expected: refused (the values do not fit on the Lua stack) or stopped.
game.on("turn", function(e)
  local s = string.rep("a", 16 * 1024 * 1024)
  utf8.len(s)
  utf8.offset(s, -1)
  utf8.codepoint(s, 1, -1)
  while true do end
  game.finish(e.player, "utf8 returned")
end)
