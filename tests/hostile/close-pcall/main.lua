-- The time limit trips in the endless loop; __close then tries to keep the call alive with
-- pcall. Expected: the time-limit error; a swallowed trip finishes the game (exit 0).
game.on("turn", function(e)
  do
    local guard <close> = setmetatable({}, {__close = function()
      while true do pcall(function() while true do end end) end
    end})
    while true do end
  end
  game.finish(e.player, "the time limit was swallowed")
end)
