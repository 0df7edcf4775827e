-- The time limit trips in the protected function; the message handler then loops.
-- Expected: the time-limit error; a swallowed trip finishes the game (exit 0).
game.on("turn", function(e)
  xpcall(function() while true do end end, function() while true do end end)
  game.finish(e.player, "the time limit was swallowed")
end)
