-- coroutine.close runs the suspended coroutine's __close, which loops. Expected: the time-limit
-- error. If coroutine.close returned, the game would finish normally (exit 0).
game.on("turn", function(e)
  local co = coroutine.create(function()
    local guard <close> = setmetatable({}, {__close = function() while true do end end})
    coroutine.yield()
  end)
  coroutine.resume(co)
  coroutine.close(co)
  game.finish(e.player, "coroutine.close returned")
end)
