-- The error escapes the handler; making its message calls __tostring, which loops.
-- Expected: the game ends with an error (the time limit, or a message that does not run pack
-- code) within the limit.
game.on("turn", function(e)
  error(setmetatable({}, {__tostring = function() while true do end end}))
end)
