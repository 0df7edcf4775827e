-- Gold trade: two gold for one resource, at most twice a turn.

dtest("two gold dice become one die of the chosen resource", function(t)
  local env = fresh({ "trade:ore", "end" })
  set_pool(1, { gold = 2, grain = 4 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 1, grain = 4 })
  t.eq(env.storage.turn.trades, 1)
end)

dtest("one gold die is not enough to trade", function(t)
  fresh()
  set_pool(1, { gold = 1, grain = 5 })
  t.ok(not offered(1, "trade:ore"))
end)

dtest("at most two gold trades a turn", function(t)
  local env = fresh({ "trade:ore", "trade:grain", "end" })
  set_pool(1, { gold = 6 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 1, grain = 1, gold = 2 })
  t.eq(env.storage.turn.trades, 2)
  for _, r in ipairs({ "ore", "grain", "wool", "lumber", "brick" }) do
    t.ok(not offered(1, "trade:" .. r), "a third trade for " .. r)
  end
  -- A new turn allows two more.
  env.begin_turn(1)
  set_pool(1, { gold = 2 })
  t.ok(offered(1, "trade:wool"))
end)

dtest("traded dice pay for a build in the same turn", function(t)
  local env = fresh({ "trade:lumber", "build:R0", "end" })
  set_pool(1, { brick = 1, gold = 2, ore = 3 })
  t.ok(not offered(1, "build:R0"))
  env.build_phase(1)
  t.eq(game.count(1, "R0", "built"), 1)
  t.eq(pool_of(1), pool { ore = 3 })
end)

dtest("the trade rate and limit are options", function(t)
  local env = fresh({ "trade:ore", "end" },
    { options = { "dice-game.gold_rate=3", "dice-game.gold_trades=1" } })
  set_pool(1, { gold = 5, grain = 1 })
  env.build_phase(1)
  t.eq(pool_of(1), pool { ore = 1, gold = 2, grain = 1 })
  t.ok(not offered(1, "trade:ore"), "only one trade allowed")
end)
