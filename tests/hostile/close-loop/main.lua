-- The time limit trips in the endless loop; unwinding then runs __close, which loops too.
-- Expected: the time-limit error; no pack code runs after the trip. If the trip were swallowed
-- the game would finish normally (exit 0) and the suite would fail.
game.on("turn", function(e)
  do
    local guard <close> = setmetatable({}, {__close = function() while true do end end})
    while true do end
  end
  game.finish(e.player, "the time limit was swallowed")
end)
