-- Hostile: every game raises an error whose message is 100 MB (within the default memory cap).
-- Expected: the message is cut to 4 KiB where it leaves the Lua state, so a batch's results file,
-- its failure replays and its output stay small, and every game is counted as failed.
game.on("turn", function()
  error(("x"):rep(100000000))
end)
