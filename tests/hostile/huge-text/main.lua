-- Hostile: every turn logs, shows and prints a 20 MB line, and the game ends with a 20 MB reason.
-- Expected: each call's text is cut to 64 KiB and the reason to 1 KiB where they leave the Lua
-- state, so `catan play --verbose` prints a bounded amount and holds no copy of the 20 MB.
local big = ("y"):rep(20000000)

game.on("turn", function(e)
  game.log(big)
  game.show(big)
  print(big)
  if e.turn >= 5 then game.finish(e.player, big) end
end)
