-- Widths and precisions have at most two digits. Expected: refused, naming the limit.
game.on("turn", function(e)
  string.format("%0999999999999d", 1)
  string.format("%.999999999999f", 1.5)
  while true do end
  game.finish(e.player, "string.format returned")
end)
