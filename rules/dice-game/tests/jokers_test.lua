-- Knight jokers: once per game each, from the turn the knight is built; knight 6 is any resource.

dtest("a knight's joker turns one die into its resource", function(t)
  local env = fresh({ "joker:K1:gold:ore", "end" })
  give_built(1, { "K1" })
  set_pool(1, { gold = 3, grain = 3 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 1, gold = 2, grain = 3 })
  t.eq(game.count(1, "K1", "used"), 1)
  t.eq(game.player_get(1, "jokers"), 1)
end)

dtest("each joker is used once per game", function(t)
  local env = fresh({ "joker:K1:gold:ore", "end" })
  give_built(1, { "K1", "K2" })
  set_pool(1, { gold = 6 })
  env.build_phase(1)
  t.ok(not offered(1, "joker:K1:gold:ore"), "K1 is used up this turn")
  t.ok(offered(1, "joker:K2:gold:grain"), "K2 is still ready")
  env.end_turn(1)
  env.begin_turn(1)
  set_pool(1, { gold = 6 })
  t.ok(not offered(1, "joker:K1:gold:ore"), "and in later turns")
  t.ok(offered(1, "joker:K2:gold:grain"))
end)

dtest("every one of the six jokers works once", function(t)
  local answers = {
    "joker:K1:gold:ore", "joker:K2:gold:grain", "joker:K3:gold:wool",
    "joker:K4:gold:lumber", "joker:K5:gold:brick", "joker:K6:gold:ore", "end",
  }
  local env = fresh(answers)
  give_built(1, { "K1", "K2", "K3", "K4", "K5", "K6" })
  set_pool(1, { gold = 6 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 2, grain = 1, wool = 1, lumber = 1, brick = 1 })
  for k = 1, 6 do t.eq(game.count(1, "K" .. k, "used"), 1) end
  for _, o in ipairs(env.action_options(1)) do
    t.ok(o.action ~= "joker", "no joker left: " .. o.id)
  end
end)

dtest("a knight built this turn lends its joker the same turn", function(t)
  -- K1 takes the only ore (with a wool and a grain); its joker then turns the gold die into the
  -- ore K2 needs.
  local env = fresh({ "build:K1", "joker:K1:gold:ore", "build:K2", "end" })
  set_pool(1, { ore = 1, wool = 2, grain = 2, gold = 1 })
  t.ok(not offered(1, "joker:K1:gold:ore"), "no joker before the knight stands")
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "K1", "K2" })
  t.eq(env.storage.turn.points, 3)
  t.eq(game.count(1, "K1", "used"), 1)
  t.eq(pool_of(1), pool {})
end)

dtest("knight 6 gives any resource", function(t)
  fresh()
  give_built(1, { "K1", "K2", "K3", "K4", "K5", "K6" })
  -- Use up jokers 1..5 so that only K6 is offered.
  for k = 1, 5 do game.add(1, "K" .. k, 1, "used") end
  set_pool(1, { gold = 1, ore = 1 })
  local jokers = {}
  for _, o in ipairs(t_current.env().action_options(1)) do
    if o.action == "joker" then jokers[#jokers + 1] = o.id end
  end
  t.eq(jokers, {
    "joker:K6:gold:ore",
    "joker:K6:ore:grain", "joker:K6:gold:grain",
    "joker:K6:ore:wool", "joker:K6:gold:wool",
    "joker:K6:ore:lumber", "joker:K6:gold:lumber",
    "joker:K6:ore:brick", "joker:K6:gold:brick",
  })
  local env = t_current.env()
  env.use_joker(1, "K6", "gold", "brick")
  t.eq(pool_of(1), pool { ore = 1, brick = 1 })
  t.eq(game.count(1, "K6", "used"), 1)
end)

dtest("jokers and gold trades combine in one turn", function(t)
  -- Ore 1 + two jokers (K1 ore, K6 ore) + a trade for grain and one grain: a city.
  local env = fresh({ "joker:K1:wool:ore", "joker:K6:lumber:ore", "trade:grain",
    "build:C7", "end" })
  give_built(1, { "R0", "R1", "K1", "K2", "K3", "K4", "K5", "K6" })
  set_pool(1, { ore = 1, grain = 1, wool = 1, lumber = 1, gold = 2 })
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "C7" })
  t.eq(pool_of(1), pool {})
end)

dtest("a joker cannot be used on an unbuilt knight", function(t)
  local env = fresh()
  set_pool(1, { gold = 6 })
  t.raises(function() env.use_joker(1, "K1", "gold", "ore") end, "is not ready")
end)
