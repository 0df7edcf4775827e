-- Whole games with invariants, determinism, the bots and the view.

-- Checks the invariants of a finished game: the winner has the target, nobody else does; every
-- score is settlements + 2 cities + 2 per award held; each award has at most one holder whose
-- count meets its minimum and no other player beats.
local function check_finished(t, r, players)
  local env = t_current.env()
  t.ok(r.winner ~= nil, r.reason)
  for p = 1, players do
    local vp = game.player_get(p, "settlements") + 2 * game.player_get(p, "cities")
    if game.get("longest_road") == p then vp = vp + 2 end
    if game.get("largest_army") == p then vp = vp + 2 end
    t.eq(game.player_get(p, "score"), vp)
    t.eq(game.player_get(p, "road_length"), env.road_length(p))
    if p == r.winner then t.ok(vp >= 10) else t.ok(vp < 10) end
  end
  local lr, la = game.get("longest_road"), game.get("largest_army")
  for p = 1, players do
    if lr then t.ok(game.player_get(p, "road_length") <= game.player_get(lr, "road_length")) end
    if la then t.ok(game.player_get(p, "knights") <= game.player_get(la, "knights")) end
  end
  if lr then t.ok(game.player_get(lr, "road_length") >= 5) end
  if la then t.ok(game.player_get(la, "knights") >= 3) end
end

dtest("one to four random players play complete games to 10", function(t)
  for players = 1, 4 do
    for seed = 1, 5 do
      t_current.start { players = players, seed = seed }
      local r = t.play()
      check_finished(t, r, players)
    end
  end
end)

dtest("expectimax plays complete games against random play and wins them", function(t)
  local wins = 0
  for seed = 1, 4 do
    t_current.start { players = 2, seed = seed, agents = { "expectimax", "random" } }
    local r = t.play()
    check_finished(t, r, 2)
    if r.winner == 1 then wins = wins + 1 end
  end
  t.eq(wins, 4)
end)

dtest("greedy plays complete games of 1 to 4 players, beats random play and loses to expectimax", function(t)
  for players = 1, 4 do
    for seed = 1, 2 do
      t_current.start { players = players, seed = seed, agents = { "greedy", "random", "expectimax", "greedy" } }
      check_finished(t, t.play(), players)
    end
  end
  local beats_random, beats_expectimax = 0, 0
  for seed = 1, 4 do
    local first = seed % 2 == 1
    t_current.start { players = 2, seed = seed, agents = { first and "greedy" or "random", first and "random" or "greedy" } }
    if t.play().winner == (first and 1 or 2) then beats_random = beats_random + 1 end
    t_current.start { players = 2, seed = seed, agents = { first and "greedy" or "expectimax", first and "expectimax" or "greedy" } }
    if t.play().winner == (first and 1 or 2) then beats_expectimax = beats_expectimax + 1 end
  end
  t.eq(beats_random, 4)
  t.ok(beats_expectimax <= 1, beats_expectimax .. " of 4")
end)

dtest("more than four players are refused", function(t)
  t.raises(function() t_current.start { players = 5 } end, "Island Two is for 1 to 4 players, not 5")
end)

dtest("the same seed gives the same game", function(t)
  t_current.start { players = 3, seed = 9 }
  local a = t.play()
  local n = #t.decisions()
  t_current.start { players = 3, seed = 9 }
  t.eq(t.play(), a)
  t.eq(#t.decisions(), n)
end)

dtest("the sheet view marks built structures, used jokers and the awards", function(t)
  local env = fresh(nil, { players = 1 })
  give_built(1, { "R1", "R2", "S1", "K1" })
  game.add(1, "K1", 1, "used")
  game.player_set(1, "knights", 1)
  env.update_awards(1)
  local lines = env.sheet_lines(1)
  t.eq(lines[1], "  [S1]           S2     C1     S3     C2     S4")
  t.eq(lines[3], "  start--[R1] --[R2] -- R3  -- R4  -- R5  -- R6")
  t.eq(lines[5], "          R7  -- R8  -- R9  -- R10    R11 -- R12 -- R13 -- R14")
  t.eq(lines[7], "                 S5     C3     S6            S7            C4")
  t.eq(lines[8], "  knights: [K1 ore*]  K2 grain   K3 wool   K4 lumber   K5 brick   D1   D2 any    (D1+D2: desert; * joker used)")
  t.eq(lines[9], "  road 3, knights 1; Longest Road: nobody, Largest Army: nobody; victory points: 0 of 10")
end)
