-- A Lua agent for the dice race: keeps rolling until the turn total reaches a threshold (20, the
-- textbook "hold at 20" strategy) or would win the game, then banks.

game.agent("hold20", function(player, kind, choices)
  if kind ~= "race.continue" then
    return game.random(#choices)
  end
  local total = storage.turn_total
  local wanted = (total >= 20 or score(player) + total >= options.target) and "bank" or "roll"
  for i, o in ipairs(choices) do
    if o.action == wanted then return i end
  end
  return 1
end)
