-- Island Two's rules with set positions and scripted dice.

dtest("the first turn rolls 3 dice, each next turn one more, up to 6", function(t)
  local env = fresh()
  t.eq({ env.dice_for_turn(1), env.dice_for_turn(2), env.dice_for_turn(3), env.dice_for_turn(4),
    env.dice_for_turn(5), env.dice_for_turn(9) }, { 3, 4, 5, 6, 6, 6 })
  -- Whole turns: seat 1 keeps everything (stop) and ends; the pool holds the turn's dice.
  t_current.start { players = 2, answers = { { "stop", "end", "stop", "end" }, { "stop", "end", "stop", "end" } },
    dice = { 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4 } }
  local sizes = {}
  for turn = 1, 4 do
    t.turn(1)
    sizes[turn] = t_current.env().storage.turn.dice
  end
  t.eq(sizes, { 3, 4, 5, 6 })
end)

dtest("settlements, cities and knights in any order, each next to its road", function(t)
  fresh()
  set_pool(1, { ore = 6 })
  give_built(1, {})
  -- At the start only S1 (on the start road), the knights and R1 can be built at all.
  local env = t_current.env()
  local open = {}
  for _, s in ipairs(env.open_structures(1)) do open[#open + 1] = s.id end
  t.eq(open, { "R1", "S1", "K1", "K2", "K3", "K4", "K5", "D1" })
  give_built(1, { "R1", "R2", "R3" })
  open = {}
  for _, s in ipairs(env.open_structures(1)) do open[#open + 1] = s.id end
  t.eq(open, { "R4", "R7", "S1", "S2", "C1", "K1", "K2", "K3", "K4", "K5", "D1" })
  -- C1 before any settlement: 3 ore + 2 grain.
  set_pool(1, { ore = 3, grain = 2, gold = 1 })
  t.eq(build_options(1), { "C1" })
end)

dtest("a settlement scores 1, a city 2, roads and knights none", function(t)
  local env = fresh({ "build:S1", "build:K1", "build:R1", "end" })
  set_pool(1, { brick = 2, lumber = 2, wool = 2, grain = 2 })
  game.add(1, "ore", 1, "dice")
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "S1", "K1", "R1" })
  t.eq(game.player_get(1, "score"), 1)
  env.storage.turn.built = {}
  give_built(1, { "R2", "R3" })
  set_pool(1, { ore = 3, grain = 2 })
  env.build(1, env.storage.sheet.by_id.C1)
  t.eq(game.player_get(1, "score"), 3)
  t.eq(pool_of(1), pool {})
end)

dtest("the desert's joker needs both desert knights and gives any resource", function(t)
  local env = fresh()
  give_built(1, { "D1" })
  set_pool(1, { gold = 2 })
  t.ok(not offered(1, "joker:D1:gold:ore"), "D1 alone has no joker")
  t.ok(not offered(1, "joker:D2:gold:ore"))
  give_built(1, { "D2" })
  local jokers = {}
  for _, o in ipairs(env.action_options(1)) do
    if o.action == "joker" then jokers[#jokers + 1] = o.id end
  end
  t.eq(jokers, { "joker:D2:gold:ore", "joker:D2:gold:grain", "joker:D2:gold:wool",
    "joker:D2:gold:lumber", "joker:D2:gold:brick" })
  -- D2 only after D1.
  fresh()
  set_pool(1, { ore = 2, wool = 2, grain = 2 })
  t.eq(build_options(1), { "K1", "K2", "K3", "K4", "K5", "D1" })
end)

dtest("road length counts the longest path through the built roads, start road included", function(t)
  local env = fresh()
  t.eq(env.road_length(1), 1)
  give_built(1, { "R1", "R2", "R3", "R4" })
  t.eq(env.road_length(1), 5)
  -- The branch R7 R8 leaves the end of R1: R8 R7 R2 R3 R4 is 5 as well (no branch counts twice).
  give_built(1, { "R7", "R8" })
  t.eq(env.road_length(1), 5)
  give_built(1, { "R9" })
  t.eq(env.road_length(1), 6) -- R9 R8 R7 R2 R3 R4, past the node where R2 and R7 meet
  give_built(1, { "R5", "R11", "R12" })
  t.eq(env.road_length(1), 9) -- R9 R8 R7 R2 R3 R4 R5 R11 R12
end)

dtest("Longest Road: the first to 5 roads takes it, a longer road takes it away", function(t)
  local env = fresh(nil, { players = 2 })
  give_built(1, { "R1", "R2", "R3" })
  set_pool(1, { brick = 1, lumber = 1 })
  env.build(1, env.storage.sheet.by_id.R4)
  t.eq(game.get("longest_road"), 1)
  t.eq(game.player_get(1, "score"), 2)
  -- Player 2 with a road of 5 as well does not take it; a road of 6 does.
  give_built(2, { "R1", "R2", "R3" })
  env.begin_turn(2)
  set_pool(2, { brick = 2, lumber = 2 })
  env.build(2, env.storage.sheet.by_id.R4)
  t.eq(game.get("longest_road"), 1)
  env.build(2, env.storage.sheet.by_id.R5)
  t.eq(game.get("longest_road"), 2)
  t.eq({ game.player_get(1, "score"), game.player_get(2, "score") }, { 0, 2 })
  t.eq({ game.player_get(1, "longest_road"), game.player_get(2, "longest_road") }, { false, true })
end)

dtest("Largest Army: the first to 3 knights takes it, more knights take it away; jokers do not count", function(t)
  local env = fresh(nil, { players = 2 })
  local by_id = env.storage.sheet.by_id
  set_pool(1, { ore = 3, wool = 3, grain = 3 })
  env.build(1, by_id.K1)
  env.build(1, by_id.K2)
  t.eq(game.get("largest_army"), nil)
  env.build(1, by_id.K3)
  t.eq(game.get("largest_army"), 1)
  env.begin_turn(1)
  set_pool(1, { gold = 1 })
  env.use_joker(1, "K1", "gold", "ore")
  t.eq(game.player_get(1, "knights"), 3)
  t.eq(game.get("largest_army"), 1)
  env.begin_turn(2)
  set_pool(2, { ore = 6, wool = 6, grain = 6 })
  for _, k in ipairs({ "K1", "K2", "K3" }) do env.build(2, by_id[k]) end
  t.eq(game.get("largest_army"), 1, "a tie leaves it with the holder")
  env.build(2, by_id.K4)
  t.eq(game.get("largest_army"), 2)
  t.eq({ game.player_get(1, "score"), game.player_get(2, "score") }, { 0, 2 })
end)

dtest("the game ends at once when a build reaches 10 victory points", function(t)
  local env = fresh({ "build:S1", "build:R2" })
  -- 9 points: S2..S4 (3), C1 C2 (4), Longest Road (2); S1 makes 10; R2 is never asked.
  give_built(1, { "R1", "R2", "R3", "R4", "R5", "R6", "S2", "S3", "S4", "C1", "C2" })
  for _, k in ipairs({ "settlements", "cities" }) do game.player_set(1, k, k == "cities" and 2 or 3) end
  env.update_awards(1)
  t.eq(game.player_get(1, "score"), 9)
  t.ok(not game.is_over())
  set_pool(1, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  env.build_phase(1)
  t.ok(game.is_over())
  t.eq(game.winner(), 1)
  t.eq(t_current.remaining(1), 1)
end)

dtest("gold trades and jokers work as on Island One", function(t)
  local env = fresh({ "trade:ore", "trade:grain", "end" })
  set_pool(1, { gold = 6 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 1, grain = 1, gold = 2 })
  t.ok(not offered(1, "trade:ore"), "two trades a turn")
  give_built(1, { "K1" })
  t.ok(offered(1, "joker:K1:gold:ore"))
end)
