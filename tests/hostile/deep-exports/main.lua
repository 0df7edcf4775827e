local deep = require("deep-exports").DEEP

game.on("turn", function(e)
  -- The frozen chain reads like the original, and refuses writes at any depth.
  local t, depth = deep, 0
  while t[1] do
    t, depth = t[1], depth + 1
  end
  assert(depth == 400000, "depth " .. depth)
  assert(not pcall(function() deep[1][1].x = 1 end), "a nested export was writable")
  game.finish(e.player, "read " .. depth .. " levels")
end)
