-- Hostile: storage holds a chain of tables 400,000 deep, and every turn asks a decision, so a
-- search seat (--bots mcts) forks the game and the fork checks that storage is plain data.
-- Expected: the check walks the chain without recursing on the C stack; the game plays to its end.
game.on("game.setup", function()
  local t = {}
  storage.deep = t
  for _ = 1, 400000 do
    local next_level = {}
    t[1] = next_level
    t = next_level
  end
end)

game.on("turn", function(e)
  game.decide(e.player, "pick", { "a", "b" })
  if e.turn >= 4 then game.finish(e.player, "four turns") end
end)
