-- What each structure costs, and what building takes from the pool.

-- For each type: a buildable entry (with what must stand before it) and its exact cost.
local CASES = {
  { id = "R0", before = {}, cost = { brick = 1, lumber = 1 }, points = 1 },
  { id = "K1", before = {}, cost = { ore = 1, wool = 1, grain = 1 }, points = 1 },
  { id = "S3", before = {}, cost = { brick = 1, lumber = 1, wool = 1, grain = 1 }, points = 3 },
  { id = "C7", before = { "R0", "R1" }, cost = { ore = 3, grain = 2 }, points = 7 },
}

for _, c in ipairs(CASES) do
  dtest("cost of " .. c.id .. ": exactly its dice are paid", function(t)
    local env = fresh({ "build:" .. c.id, "end" })
    give_built(1, c.before)
    -- The cost plus one gold die, which must be left over.
    local spec = { gold = 1 }
    for r, n in pairs(c.cost) do spec[r] = n end
    set_pool(1, spec)
    t.ok(offered(1, "build:" .. c.id))
    env.build_phase(1)
    t.eq(game.count(1, c.id, "built"), 1)
    t.eq(pool_of(1), pool { gold = 1 })
    t.eq(env.storage.turn.points, c.points)
  end)

  dtest("cost of " .. c.id .. ": one die short of any resource is not enough", function(t)
    fresh()
    give_built(1, c.before)
    for short in pairs(c.cost) do
      local spec = { gold = 6 }
      local used = 0
      for r, n in pairs(c.cost) do
        spec[r] = (r == short) and n - 1 or n
        used = used + spec[r]
      end
      spec.gold = 6 - used
      set_pool(1, spec)
      t.ok(not offered(1, "build:" .. c.id), c.id .. " without enough " .. short)
    end
  end)
end

dtest("building several structures in one turn adds their points", function(t)
  local env = fresh({ "build:R0", "build:K1", "end" })
  set_pool(1, { brick = 1, lumber = 1, ore = 1, wool = 1, grain = 1, gold = 1 })
  env.build_phase(1)
  t.eq(env.storage.turn.built, { "R0", "K1" })
  t.eq(env.storage.turn.points, 2)
  env.end_turn(1)
  t.eq(game.player_get(1, "score"), 2)
  t.eq(game.player_get(1, "track"), "2")
  t.eq(game.player_get(1, "roads"), 1)
  t.eq(game.player_get(1, "knights"), 1)
end)

dtest("a built structure cannot be built again", function(t)
  local env = fresh()
  give_built(1, { "R0" })
  set_pool(1, { brick = 2, lumber = 2 })
  t.eq(build_options(1), { "R1", "R2" })
  t.raises(function() env.build(1, env.storage.sheet.by_id.R0) end, "cannot build R0 now")
end)

dtest("the build menu lists builds, trades, jokers and end turn in that order", function(t)
  fresh()
  give_built(1, { "K1" })
  set_pool(1, { brick = 1, lumber = 1, gold = 2, ore = 2 })
  t.eq(menu_ids(1), {
    "build:R0",
    "trade:ore", "trade:grain", "trade:wool", "trade:lumber", "trade:brick",
    "joker:K1:lumber:ore", "joker:K1:brick:ore", "joker:K1:gold:ore",
    "end",
  })
  -- What each option does is in its fields; people see text made from them.
  local options = t_current.env().action_options(1)
  local texts = {}
  for i, o in ipairs(options) do texts[i] = game.label("dice.action", o) end
  t.eq(texts, {
    "build R0",
    "trade gold for ore", "trade gold for grain", "trade gold for wool", "trade gold for lumber",
    "trade gold for brick",
    "joker K1 lumber to ore", "joker K1 brick to ore", "joker K1 gold to ore",
    "end turn",
  })
  t.eq(options[1], { id = "build:R0", action = "build", structure = "R0" })
  t.eq(options[2], { id = "trade:ore", action = "trade", resource = "ore" })
  t.eq(options[7], { id = "joker:K1:lumber:ore", action = "joker", knight = "K1", from = "lumber",
                     to = "ore" })
  t.eq(options[10], { id = "end", action = "end" })
end)
