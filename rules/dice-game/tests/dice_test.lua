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
  local ids, texts = {}, {}
  for i, o in ipairs(env.keep_options(1)) do
    ids[i], texts[i] = o.id, game.label("dice.keep", o)
  end
  -- 5 choices of ore (4..0) times 3 of gold (2..0).
  t.eq(#ids, 15)
  t.eq(ids[1], "stop")
  t.eq(ids[2], "keep:ore,ore,ore,ore,gold")
  t.eq(ids[3], "keep:ore,ore,ore,ore")
  t.eq(ids[4], "keep:ore,ore,ore,gold,gold")
  t.eq(ids[13], "keep:gold,gold")
  t.eq(ids[14], "keep:gold")
  t.eq(ids[15], "reroll")
  t.eq({ texts[1], texts[2], texts[13], texts[15] },
    { "stop", "keep ore ore ore ore gold", "keep gold gold", "reroll all" })
  t.eq(env.keep_options(1)[3].keep, 4, "the kept dice as a pool code: four ore")
  t.eq(env.keep_options(1)[13].keep, 2 * 16807, "two gold")
end)

dtest("six different faces give 64 keep options", function(t)
  local env = fresh()
  set_pool(1, { ore = 1, grain = 1, wool = 1, lumber = 1, brick = 1, gold = 1 })
  t.eq(#env.keep_options(1), 64)
end)

-- The faces the game's dice stream gives for rolls of `counts[1]`, `counts[2]`, ... dice in a
-- fresh one-player game of `seed` (each roll joins an emptied pool): what the rolls of a turn
-- bring, for comparing a turn's pool with exactly the dice it was dealt.
local function rolls_of(seed, counts)
  local env = fresh({}, { seed = seed })
  local out = {}
  for k, n in ipairs(counts) do
    env.clear_dice(1)
    env.roll_dice(1, n)
    out[k] = pool_of(1)
  end
  return out
end

dtest("kept dice stay, the others are rolled again", function(t)
  -- Keep the four ore of ore x4 + gold x2: the two gold dice are rolled again, and the pool is
  -- the four ore plus exactly the two dice that roll brought.
  local rolled = rolls_of(11, { 2 })[1]
  local env = fresh({ "keep:ore,ore,ore,ore", "stop" }, { seed = 11 })
  set_pool(1, { ore = 4, gold = 2 })
  env.storage.turn.roll = 1
  env.continue_rolling(1)
  local expected = {}
  for face, n in pairs(rolled) do expected[face] = n end
  expected.ore = expected.ore + 4
  t.eq(pool_of(1), expected)
  t.eq(env.storage.turn.roll, 2)
  t.eq(decisions_of("dice.keep"), 2)
  t.eq(t.remaining(1), 0)
end)

dtest("a die kept once may be rolled again later", function(t)
  -- Six gold: keep two (four dice rolled), then reroll all six. The pool is then exactly the
  -- third roll: none of the kept gold dice survives it.
  local rolled = rolls_of(3, { 4, 6 })
  local env = fresh({ "keep:gold,gold", "reroll" }, { seed = 3 })
  set_pool(1, { gold = 6 })
  env.storage.turn.roll = 1
  env.continue_rolling(1)
  t.eq(pool_of(1), rolled[2])
  t.eq(env.storage.turn.roll, 3)
  t.eq(decisions_of("dice.keep"), 2)
end)

dtest("the second keep decision offers the dice the second roll left", function(t)
  -- After keeping the four ore, the options are the sub-multisets of the new pool: four ore plus
  -- the two rolled dice.
  local rolled = rolls_of(11, { 2 })[1]
  local env = fresh({ "keep:ore,ore,ore,ore" }, { seed = 11 })
  set_pool(1, { ore = 4, gold = 2 })
  env.storage.turn.roll = 1
  -- Answers run out at the second keep decision; read its options then.
  t.raises(function() env.continue_rolling(1) end, "scripted answers ran out at decision 'dice.keep'")
  local n = 1
  for _, face in ipairs({ "ore", "grain", "wool", "lumber", "brick", "gold" }) do
    n = n * (pool_of(1)[face] + 1)
  end
  t.eq(#env.keep_options(1), n)
  t.eq(pool_of(1).ore, 4 + rolled.ore)
  t.eq(env.keep_options(1)[1].keep, env.pool_code(env.pool_counts(1)), "stop keeps all six")
end)

dtest("the third roll is final", function(t)
  local env = fresh({ "reroll", "reroll", "end" }, { seed = 5 })
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
  local env = fresh({ "reroll", "reroll", "reroll", "reroll" },
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

dtest("scripted dice give the faces in the order of FACES", function(t)
  local env = fresh({ "stop" }, { dice = { 1, 2, 3, 4, 5, 6 } })
  env.roll_phase(1)
  t.eq(pool_of(1), { ore = 1, grain = 1, wool = 1, lumber = 1, brick = 1, gold = 1 })
  t.eq(t.dice_left(), 0)
end)
