-- Whole games: player counts, determinism, the summary and the sheet view.

dtest("one to four players play complete games", function(t)
  for players = 1, 4 do
    t_current.start { players = players, seed = 10 + players }
    local r = t.play()
    t.eq(r.turns, 15 * players)
    t.ok(r.reason:find("points") ~= nil, r.reason)
  end
end)

dtest("more than four players are refused", function(t)
  t.raises(function() t_current.start { players = 5 } end, "the dice game is for 1 to 4 players, not 5")
end)

dtest("the same seed and answers give the same game", function(t)
  t_current.start { players = 2, seed = 7 }
  local a = t.play()
  local scores = { game.player_get(1, "track"), game.player_get(2, "track") }
  local n = #t.decisions()
  t_current.start { players = 2, seed = 7 }
  t.eq(t.play(), a)
  t.eq({ game.player_get(1, "track"), game.player_get(2, "track") }, scores)
  t.eq(#t.decisions(), n)
end)

dtest("every decision of a game is a keep or a build-menu choice", function(t)
  t_current.start { players = 1, seed = 4 }
  t.play()
  for _, d in ipairs(t.decisions()) do
    t.ok(d.kind == "dice.keep" or d.kind == "dice.action", d.kind)
  end
  -- One to two keep decisions and at least one menu decision per turn.
  t.ok(decisions_of("dice.action") >= 15)
  t.ok(decisions_of("dice.keep") <= 30)
end)

dtest("the sheet view marks built structures, used jokers and the track", function(t)
  local env = fresh({ "build:R0", "build:R1", "end" })
  set_pool(1, { brick = 2, lumber = 2, ore = 1, wool = 1 })
  give_built(1, {})
  env.build_phase(1)
  -- Not enough for K1: grain missing.
  t.eq(env.storage.turn.built, { "R0", "R1" })
  env.end_turn(1)
  local lines = env.sheet_lines(1)
  t.eq(#lines, 11)
  t.eq(lines[1], "              C7        C12")
  t.eq(lines[3], "             [R1]  S4   R4   S5        S7        S9         S11")
  t.eq(lines[5], "   S3 -start-[R0]- R2 - R3 - R5 - R6 - R7 - R8 - R9 - R10 - R11")
  t.eq(lines[7], "                                       R12 - R13 - R14 - R15")
  t.eq(lines[9], "                                             C20         C30")
  t.eq(lines[10], "  knights:  K1 ore   K2 grain   K3 wool   K4 lumber   K5 brick   K6 any    (* joker used)")
  t.eq(lines[11], "  track: 2 . . . . . . . . . . . . . . = 2")
  give_built(1, { "K1", "K2" })
  game.add(1, "K1", 1, "used")
  t.eq(env.sheet_lines(1)[10],
    "  knights: [K1 ore*] [K2 grain]  K3 wool   K4 lumber   K5 brick   K6 any    (* joker used)")
end)
