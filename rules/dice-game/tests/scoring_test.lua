-- The score track, the empty-turn penalty, the end of the game and the winner.

dtest("a turn with nothing built scores -2 and an X", function(t)
  t_current.start { players = 1, answers = { { "stop", "end", "stop", "end" } } }
  t.turn()
  t.eq(game.player_get(1, "score"), -2)
  t.eq(game.player_get(1, "track"), "X")
  t.eq(game.player_get(1, "empty"), 1)
  t.turn()
  t.eq(game.player_get(1, "score"), -4)
  t.eq(game.player_get(1, "track"), "X,X")
  t.eq(t_current.env().storage.track[1], { -2, -2 })
end)

dtest("the empty-turn penalty is an option", function(t)
  t_current.start { players = 1, answers = { { "stop", "end" } }, options = { "dice-game.empty_penalty=5" } }
  t.turn()
  t.eq(game.player_get(1, "score"), -5)
end)

dtest("a turn scores the points of everything built in it", function(t)
  local env = fresh({ "build:R0", "build:S3", "end" })
  set_pool(1, { brick = 2, lumber = 2, wool = 1, grain = 1 })
  env.build_phase(1)
  env.end_turn(1)
  t.eq(env.storage.track[1], { 4 })
  t.eq(game.player_get(1, "score"), 4)
  t.eq(game.player_get(1, "track"), "4")
  t.eq(game.player_get(1, "empty"), 0)
end)

dtest("resources do not carry over to the next turn", function(t)
  local env = fresh({ "end" })
  set_pool(1, { ore = 3, grain = 2, gold = 1 })
  env.build_phase(1)
  env.end_turn(1)
  t.eq(pool_of(1), pool {}, "the unused dice are gone")
  -- The next turn rolls six fresh dice, no more.
  t_current.start { players = 1, answers = { { "stop", "end", "stop", "end" } } }
  t.turn()
  t.eq(pool_of(1), pool {})
  t.turn()
  t.eq(pool_of(1), pool {})
  t.eq(game.player_get(1, "track"), "X,X")
end)

dtest("a fresh turn holds exactly the six dice just rolled", function(t)
  local env = fresh({ "stop" })
  set_pool(1, { ore = 2 }) -- left over from nowhere: the turn must not start with them
  env.end_turn(1)
  env.begin_turn(1)
  env.roll_phase(1)
  local n = 0
  for _, c in pairs(pool_of(1)) do n = n + c end
  t.eq(n, 6)
end)

dtest("the game ends after 15 turns of every player", function(t)
  for players = 1, 4 do
    t_current.start { players = players, seed = players }
    local result = t.play()
    t.eq(result.turns, 15 * players)
    t.ok(game.is_over())
    for p = 1, players do
      t.eq(#t_current.env().storage.track[p], 15, "player " .. p .. " filled the track")
      local sum = 0
      for _, v in ipairs(t_current.env().storage.track[p]) do sum = sum + v end
      t.eq(game.player_get(p, "score"), sum)
    end
  end
end)

dtest("the turns option shortens the game", function(t)
  t_current.start { players = 2, options = { "dice-game.turns=3" } }
  t.eq(t.play().turns, 6)
end)

dtest("the highest total wins; a tie has no winner", function(t)
  local env = fresh({}, { players = 3 })
  for p = 1, 3 do
    for _ = 1, 15 do table.insert(env.storage.track[p], 0) end
  end
  game.player_set(1, "score", 40)
  game.player_set(2, "score", 52)
  game.player_set(3, "score", 17)
  env.check_end()
  t.eq(game.winner(), 2)

  env = fresh({}, { players = 2 })
  for p = 1, 2 do
    for _ = 1, 15 do table.insert(env.storage.track[p], 0) end
    game.player_set(p, "score", 30)
  end
  env.check_end()
  t.ok(game.is_over())
  t.eq(game.winner(), nil)
end)

dtest("the game does not end while someone has turns left", function(t)
  local env = fresh({}, { players = 2 })
  for _ = 1, 15 do table.insert(env.storage.track[1], 0) end
  for _ = 1, 14 do table.insert(env.storage.track[2], 0) end
  env.check_end()
  t.ok(not game.is_over())
end)

dtest("trading and using a joker without building still scores -2; the joker stays spent", function(t)
  local env = fresh({ "trade:ore", "joker:K1:grain:ore", "end" })
  give_built(1, { "K1" })
  set_pool(1, { gold = 2, grain = 1, wool = 3 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 2, wool = 3 })
  env.end_turn(1)
  t.eq(env.storage.track[1], { -2 })
  t.eq(game.player_get(1, "score"), -2)
  t.eq(game.player_get(1, "track"), "X")
  t.eq(game.player_get(1, "empty"), 1)
  t.eq(game.count(1, "K1", "used"), 1)
  t.eq(game.player_get(1, "jokers"), 1)
  t.eq(pool_of(1), pool {}, "the traded and changed dice are lost too")
end)

dtest("the track adds up turn by turn, empty turns included", function(t)
  local env = fresh({ "build:R0", "end", "end", "build:S3", "build:K1", "end" })
  set_pool(1, { brick = 1, lumber = 1, ore = 4 })
  env.build_phase(1)
  env.end_turn(1)
  env.begin_turn(1)
  set_pool(1, { ore = 6 })
  t.eq(build_options(1), {}, "six ore build nothing")
  env.build_phase(1)
  env.end_turn(1)
  env.begin_turn(1)
  set_pool(1, { brick = 1, lumber = 1, wool = 2, grain = 2, ore = 1 })
  env.build_phase(1)
  env.end_turn(1)
  t.eq(t.remaining(1), 0)
  t.eq(env.storage.track[1], { 1, -2, 4 })
  t.eq(env.storage.marks[1], { "1", "X", "4" })
  t.eq(game.player_get(1, "track"), "1,X,4")
  t.eq(game.player_get(1, "score"), 3)
  t.eq(game.player_get(1, "empty"), 1)
  t.eq({ game.player_get(1, "roads"), game.player_get(1, "settlements"),
    game.player_get(1, "knights") }, { 1, 1, 1 })
end)
