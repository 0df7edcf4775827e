-- Rolling: six dice, keep any of them between rolls, three rolls at most.

dtest("a turn starts with six dice", function(t)
  local env = fresh({ "stop" })
  env.roll_phase(1)
  local n = 0
  for _, c in pairs(pool_of(1)) do n = n + c end
  t.eq(n, 6)
  t.eq(env.storage.turn.roll, 1)
  t.eq(decisions_of("dice.keep"), 1)
end)

dtest("keep options are the sub-multisets of the pool, from stop to reroll all", function(t)
  local env = fresh()
  set_pool(1, { ore = 4, gold = 2 })
  local labels = {}
  for i, o in ipairs(env.keep_options(1)) do labels[i] = o.label end
  -- 5 choices of ore (4..0) times 3 of gold (2..0).
  t.eq(#labels, 15)
  t.eq(labels[1], "stop")
  t.eq(labels[2], "keep ore ore ore ore gold")
  t.eq(labels[3], "keep ore ore ore ore")
  t.eq(labels[4], "keep ore ore ore gold gold")
  t.eq(labels[13], "keep gold gold")
  t.eq(labels[14], "keep gold")
  t.eq(labels[15], "reroll all")
  t.eq(env.keep_options(1)[3].keep, 4, "the kept dice as a pool code: four ore")
  t.eq(env.keep_options(1)[13].keep, 2 * 16807, "two gold")
end)

dtest("six different faces give 64 keep options", function(t)
  local env = fresh()
  set_pool(1, { ore = 1, grain = 1, wool = 1, lumber = 1, brick = 1, gold = 1 })
  t.eq(#env.keep_options(1), 64)
end)

dtest("kept dice stay, the others are rolled again", function(t)
  local env = fresh({ "keep ore ore ore ore", "stop" }, { seed = 11 })
  set_pool(1, { ore = 4, gold = 2 })
  env.storage.turn.roll = 1
  env.continue_rolling(1)
  local p = pool_of(1)
  t.ok(p.ore >= 4, "the four kept ore are still there")
  t.eq(p.ore + p.grain + p.wool + p.lumber + p.brick + p.gold, 6)
  t.eq(env.storage.turn.roll, 2)
  t.eq(decisions_of("dice.keep"), 2)
  t.eq(t.remaining(1), 0)
end)

dtest("a die kept once may be rolled again later", function(t)
  -- First keep the two gold, then give them up: with reroll all, every die is new.
  local env = fresh({ "keep gold gold", "reroll all" }, { seed = 3 })
  set_pool(1, { gold = 6 })
  env.storage.turn.roll = 1
  env.continue_rolling(1)
  t.eq(env.storage.turn.roll, 3)
  t.eq(decisions_of("dice.keep"), 2)
end)

dtest("the third roll is final", function(t)
  local env = fresh({ "reroll all", "reroll all", "end turn" }, { seed = 5 })
  env.storage.turn.phase = "roll"
  env.roll_phase(1)
  t.eq(env.storage.turn.roll, 3)
  t.eq(decisions_of("dice.keep"), 2, "no keep decision after the third roll")
  -- The build phase follows directly.
  env.build_phase(1)
  t.eq(decisions_of("dice.action"), 1)
  t.eq(t.remaining(1), 0)
end)

dtest("stop keeps the dice and ends the rolling", function(t)
  local env = fresh({ "stop" })
  set_pool(1, { ore = 3, grain = 3 })
  env.storage.turn.roll = 1
  env.continue_rolling(1)
  t.eq(pool_of(1), pool { ore = 3, grain = 3 })
  t.eq(env.storage.turn.roll, 1)
end)

dtest("the rolls option sets how often one may roll", function(t)
  local env = fresh({ "reroll all", "reroll all", "reroll all", "reroll all" },
    { options = { "dice-game.rolls=5" } })
  env.roll_phase(1)
  t.eq(env.storage.turn.roll, 5)
  t.eq(decisions_of("dice.keep"), 4)
  env = fresh({}, { options = { "dice-game.rolls=1" } })
  env.roll_phase(1)
  t.eq(decisions_of("dice.keep"), 0, "one roll: nothing to decide")
end)

dtest("rolls are the game's random numbers: same seed, same dice", function(t)
  local env = fresh({ "stop" }, { seed = 99 })
  env.roll_phase(1)
  local first = pool_of(1)
  env = fresh({ "stop" }, { seed = 99 })
  env.roll_phase(1)
  t.eq(pool_of(1), first)
end)
