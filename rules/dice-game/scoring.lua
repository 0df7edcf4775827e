-- The score track: every turn fills the next box with the points of the structures built in it,
-- or with an X worth -options.empty_penalty (-2) when nothing was built. Dice left unused at the
-- end of a turn are lost. After options.turns (15) turns of every player, the highest total
-- wins; equal highest totals end the game without a winner.

game.on("game.setup", function(e)
  storage.track = {}
  storage.marks = {}
  for p = 1, e.players do
    storage.track[p] = {}
    storage.marks[p] = {}
    game.player_set(p, "score", 0)
    game.player_set(p, "track", "")
    for _, t in ipairs({ "roads", "settlements", "cities", "knights" }) do game.player_set(p, t, 0) end
    game.player_set(p, "jokers", 0)
    game.player_set(p, "empty", 0)
  end
end)

-- The total of p's score track.
function score(p)
  return game.player_get(p, "score")
end

-- Ends p's turn: scores it through dice.score and empties p's pool.
function end_turn(p)
  local turn = storage.turn
  local built = #turn.built
  local points = turn.points
  if built == 0 then points = -options.empty_penalty end
  local track = storage.track[p]
  local e = { player = p, turn = #track + 1, points = points, built = built }
  game.raise("dice.score", e, function(s)
    local q = s.player
    local boxes = storage.track[q]
    boxes[#boxes + 1] = s.points
    game.player_set(q, "score", game.player_get(q, "score") + s.points)
    local marks = storage.marks[q]
    marks[#marks + 1] = s.built == 0 and "X" or tostring(s.points)
    game.player_set(q, "track", table.concat(marks, ","))
    if s.built == 0 then game.player_set(q, "empty", game.player_get(q, "empty") + 1) end
  end)
  clear_dice(p)
  game.log(string.format("player %d scores %d this turn (%s), %d in all", p, e.points,
    built == 0 and "nothing built" or table.concat(turn.built, " "), score(p)))
end

-- Turns p has finished.
function turns_played(p)
  return #storage.track[p]
end

-- Ends the game once every player has played options.turns turns.
function check_end()
  local players = game.players()
  for p = 1, players do
    if turns_played(p) < options.turns then return end
  end
  local best, winners = nil, {}
  for p = 1, players do
    local s = score(p)
    if best == nil or s > best then
      best, winners = s, { p }
    elseif s == best then
      winners[#winners + 1] = p
    end
  end
  if #winners == 1 then
    game.finish(winners[1], best .. " points")
  else
    game.finish(nil, string.format("tie at %d points (players %s)", best, table.concat(winners, ", ")))
  end
end
