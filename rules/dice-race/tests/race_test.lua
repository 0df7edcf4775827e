-- Rule tests for the dice race, run by `catan test dice-race`.
-- Seat answers are option indices (1 = roll, 2 = bank) or option ids ("roll", "bank").

test("setup fills the pool and zeroes every score", function(t)
  t.start { players = 3, options = { "dice-race.target=20" } }
  t.eq(game.count("pool", "point"), 3 * (20 + 10 * 6))
  for p = 1, 3 do
    t.eq(game.count(p, "point"), 0)
    t.eq(game.player_get(p, "score"), 0)
  end
  t.eq(t.env().storage.turn_total, 0)
end)

test("banking moves the turn total from the pool to the player", function(t)
  t.start { players = 2, answers = { { "bank" }, { "bank" } } }
  local env = t.env()
  local p = game.current()
  local pool_before = game.count("pool", "point")
  -- Set a known turn total and bank it through the pack's own function.
  env.storage.turn_total = 7
  env.bank(p)
  t.eq(game.count(p, "point"), 7)
  t.eq(game.count("pool", "point"), pool_before - 7)
  t.eq(game.player_get(p, "score"), 7)
  t.eq(env.storage.turn_total, 0)
end)

test("the bust face loses the turn total and ends the turn", function(t)
  -- bust_face = 6 with a 2-sided die that never shows 6 would never bust; use a 2-sided die
  -- whose bust face is 2 and keep rolling: every turn ends in a bust or a bank.
  t.start { players = 2, options = { "dice-race.sides=2", "dice-race.bust_face=2" },
            answers = { { 1, 1, 1, 1, 1, 1, 1, 1 }, { 1, 1, 1, 1, 1, 1, 1, 1 } } }
  local first = game.current()
  t.turn()
  -- The only non-bust face is 1, so a player who always rolls can only lose the turn.
  t.eq(game.count(first, "point"), 0)
  t.eq(game.player_get(first, "busts"), 1)
  t.eq(t.env().storage.turn_total, 0)
  -- Every decision was 'race.continue' with two options, answered 'roll'.
  for _, d in ipairs(t.decisions()) do
    t.eq(d.kind, "race.continue")
    t.eq(d.count, 2)
    t.eq(d.choice, 1)
    t.eq(d.id, "roll")
  end
  t.eq(game.current(), first % 2 + 1, "the turn passed")
end)

test("reaching the target wins on the spot", function(t)
  t.start { players = 2, options = { "dice-race.target=5", "dice-race.sides=2", "dice-race.bust_face=2" } }
  local env = t.env()
  local p = game.current()
  env.storage.turn_total = 5
  env.bank(p)
  t.ok(game.is_over(), "the game should be over")
  t.eq(game.winner(), p)
end)

test("a full game with scripted banking always ends with a winner at or above the target", function(t)
  t.start { players = 2, seed = 42, agents = { "hold20", "hold20" }, options = { "dice-race.target=30" } }
  local result = t.play()
  t.ok(result.winner ~= nil, "someone wins")
  t.ok(game.count(result.winner, "point") >= 30, "the winner reached the target")
  t.eq(game.player_get(result.winner, "score"), game.count(result.winner, "point"))
end)

test("the same seed replays the same game", function(t)
  t.start { players = 3, seed = 7 }
  local a = t.play()
  local decisions_a = #t.decisions()
  t.start { players = 3, seed = 7 }
  local b = t.play()
  t.eq(b, a)
  t.eq(#t.decisions(), decisions_a)
end)

test("scripted answers may name an option by its id", function(t)
  -- The bust face 6 of a five-sided die never comes up: every roll asks.
  t.start { players = 2, options = { "dice-race.bust_face=6", "dice-race.sides=5" },
            answers = { { "roll", "bank" }, { "roll", "bank" } } }
  t.turn()
  local log = t.decisions()
  t.eq(#log, 2)
  t.eq({ log[1].id, log[1].choice, log[2].id, log[2].choice }, { "roll", 1, "bank", 2 })
end)

test("the text people see comes from the describer", function(t)
  t.start { players = 2 }
  local env = t.env()
  env.storage.turn_total = 12
  t.eq(game.label("race.continue", env.CONTINUE_OPTIONS[1]), "roll again")
  t.eq(game.label("race.continue", env.CONTINUE_OPTIONS[2]), "bank 12 points")
  t.eq(game.label("race.other", { id = "x" }), "x", "no describer: the id")
end)

test("an answer that is no option id names the decision and the ids", function(t)
  t.start { players = 2, answers = { { "stop" }, { "stop" } } }
  t.raises(function() t.turn() end,
    "scripted answer 'stop' is no option id of decision 'race.continue' of player")
end)

test("running out of scripted answers is an error naming the decision", function(t)
  t.start { players = 2, answers = { {}, {} } }
  t.raises(function() t.turn() end, "scripted answers ran out at decision 'race.continue'")
end)

test("the decision log lists a decision left unanswered, with its options", function(t)
  -- Seat 1 rolls once (a 3: no bust), then its answers run out at the second decision.
  t.start { players = 2, answers = { { "roll" }, {} }, dice = { 3, 4 } }
  t.raises(function() t.turn() end, "scripted answers ran out at decision 'race.continue'")
  local log = t.decisions { options = true }
  t.eq(#log, 2)
  t.eq({ log[1].player, log[1].kind, log[1].id, log[1].answered }, { 1, "race.continue", "roll", nil })
  t.eq(log[2].answered, false)
  t.eq({ log[2].player, log[2].kind, log[2].count, log[2].choice, log[2].id },
       { 1, "race.continue", 2, nil, nil })
  t.eq(log[2].options, { { id = "roll", label = "roll again" }, { id = "bank", label = "bank 7 points" } })
  t.ok(log[2].error:find("scripted answers ran out", 1, true), log[2].error)
  t.eq(#t.decisions(), 2, "listed without the options too")
  -- An answer naming no option is listed the same way.
  t.start { players = 2, answers = { { "stop" }, {} } }
  t.raises(function() t.turn() end, "is no option id")
  t.eq(t.decisions()[1].answered, false)
  t.eq(t.decisions()[1].kind, "race.continue")
end)

test("options are validated", function(t)
  t.raises(function() t.start { options = { "dice-race.target=2" } } end, "below the minimum")
  t.raises(function() t.start { options = { "dice-race.taget=20" } } end, "did you mean 'target'")
end)

test("search = true lets the bots search in a test's whole game", function(t)
  -- The search agent forks the game; a test game is forked only when started with search = true.
  t.start { players = 2, seed = 3, agents = { "mcts:iterations=16", "hold20" } }
  t.raises(function() t.play() end, "fork: no game is being played")
  t.start { players = 2, seed = 3, agents = { "mcts:iterations=16", "hold20" }, search = true }
  local result = t.play()
  t.ok(result.winner ~= nil, "the game ends with a winner")
  t.ok(#t.decisions() > 0)
  t.raises(function() t.start { players = 2, search = true, dice = { 3 } } end,
    "t.start: search = true rolls the game's own dice")
  t.raises(function() t.start { players = 2, search = true, start = false } end,
    "t.start: search = true plays the game from its start")
  t.start { players = 2, search = true }
  t.raises(function() t.roll(3) end, "t.roll: a game started with search = true rolls its own dice")
end)
