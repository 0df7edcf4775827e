-- The expectimax agent: sensible choices in set positions, legal play in whole games, and a
-- clear margin over random play.

-- A one-player game whose seat is played by expectimax, with a fresh turn begun.
local function bot_turn(opts)
  opts = opts or {}
  t_current.start { players = 1, agents = { "expectimax" }, seed = opts.seed or 1,
                    options = opts.options }
  local env = t_current.env()
  if opts.last_turn then
    -- Fourteen turns played: only this turn's points count.
    for _ = 1, 14 do table.insert(env.storage.track[1], 0) end
  end
  env.begin_turn(1)
  return env
end

dtest("expectimax builds the city its dice pay for", function(t)
  local env = bot_turn()
  give_built(1, { "R0", "R1" })
  set_pool(1, { ore = 3, grain = 2, gold = 1 })
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "C7" })
end)

dtest("expectimax keeps the dice of a city between rolls", function(t)
  local env = bot_turn()
  give_built(1, { "R0", "R1" })
  set_pool(1, { ore = 3, grain = 2, gold = 1 })
  env.storage.turn.roll = 1
  local options = env.keep_options(1)
  env.continue_rolling(1)
  local first = t.decisions()[1]
  t.eq(first.kind, "dice.keep")
  local kept = options[first.choice].keep
  t.ok(env.code_count(kept, 1) >= 3 and env.code_count(kept, 2) >= 2,
    "kept " .. options[first.choice].id)
  t.ok(game.count(1, "ore", "dice") >= 3 and game.count(1, "grain", "dice") >= 2)
end)

dtest("expectimax trades gold for the missing resource of a settlement", function(t)
  -- On the last turn a settlement (3) beats a road (1).
  local env = bot_turn { last_turn = true }
  set_pool(1, { brick = 1, lumber = 1, wool = 1, gold = 3 })
  env.build_phase(1)
  t.ok(game.count(1, "S3", "built") == 1, "built " .. table.concat(env.storage.turn.built, " "))
  t.eq(env.storage.turn.trades, 1)
end)

dtest("expectimax builds a knight and spends its joker on the next knight", function(t)
  local env = bot_turn { last_turn = true }
  set_pool(1, { ore = 1, wool = 2, grain = 2, gold = 1 })
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "K1", "K2" })
  t.eq(game.count(1, "K1", "used"), 1)
end)

dtest("expectimax does not end a turn empty-handed when it can build", function(t)
  local env = bot_turn()
  set_pool(1, { brick = 1, lumber = 1, gold = 1, ore = 1, wool = 1, grain = 0 })
  env.build_phase(1)
  t.ok(#env.storage.turn.built >= 1)
end)

dtest("expectimax plays whole games of one to four players", function(t)
  for players = 1, 4 do
    local agents = {}
    for p = 1, players do agents[p] = "expectimax" end
    t_current.start { players = players, agents = agents, seed = 20 + players }
    local r = t.play()
    t.eq(r.turns, 15 * players)
  end
end)

dtest("expectimax scores far above random play", function(t)
  local bot, random = 0, 0
  for g = 0, 4 do
    t_current.start { players = 1, agents = { "expectimax" }, game_index = g }
    t.play()
    bot = bot + game.player_get(1, "score")
    t_current.start { players = 1, agents = { "random" }, game_index = g }
    t.play()
    random = random + game.player_get(1, "score")
  end
  t.ok(bot / 5 >= 50, "expectimax mean " .. bot / 5)
  t.ok(random / 5 <= 10, "random mean " .. random / 5)
end)
