-- The island sheet: its entries, and the order and road rules of building.

dtest("the sheet has 16 roads, 6 settlements, 4 cities and 6 knights with their points", function(t)
  local env = fresh()
  local by_type = {}
  for _, s in ipairs(env.storage.sheet.list) do
    local list = by_type[s.type] or {}
    list[#list + 1] = s.id .. "=" .. s.points
    by_type[s.type] = list
  end
  t.eq(#by_type.road, 16)
  for i = 0, 15 do t.eq(by_type.road[i + 1], "R" .. i .. "=1") end
  t.eq(by_type.settlement, { "S3=3", "S4=4", "S5=5", "S7=7", "S9=9", "S11=11" })
  t.eq(by_type.city, { "C7=7", "C12=12", "C20=20", "C30=30" })
  t.eq(by_type.knight, { "K1=1", "K2=2", "K3=3", "K4=4", "K5=5", "K6=6" })
  local jokers = {}
  for _, k in ipairs(env.storage.sheet.knights) do jokers[#jokers + 1] = k.resource end
  t.eq(jokers, { "ore", "grain", "wool", "lumber", "brick", "any" })
end)

dtest("the roads a structure hangs off, as on the printed sheet", function(t)
  local env = fresh()
  local road = {}
  for _, s in ipairs(env.storage.sheet.list) do road[s.id] = s.road end
  t.eq({ road.S3, road.R0 }, { "start", "start" })
  t.eq({ road.R1, road.C7, road.R2, road.S4 }, { "R0", "R1", "R0", "R2" })
  t.eq({ road.R3, road.R4, road.C12, road.R5, road.S5 }, { "R2", "R3", "R4", "R3", "R5" })
  t.eq({ road.R6, road.R7, road.S7, road.R8, road.R9, road.S9 }, { "R5", "R6", "R7", "R7", "R8", "R9" })
  t.eq({ road.R10, road.R11, road.S11 }, { "R9", "R10", "R11" })
  t.eq({ road.R12, road.R13, road.C20, road.R14, road.R15, road.C30 },
    { "R7", "R12", "R13", "R13", "R14", "R15" })
  for k = 1, 6 do t.eq(road["K" .. k], nil, "knights need no road") end
end)

dtest("at the start only S3, R0 and K1 can be built", function(t)
  fresh()
  -- Enough dice for anything: the order and road rules alone decide.
  set_pool(1, { ore = 1, grain = 1, wool = 1, lumber = 1, brick = 1, gold = 1 })
  t.eq(build_options(1), { "R0", "S3", "K1" })
end)

dtest("a structure needs its road", function(t)
  fresh()
  set_pool(1, { ore = 3, grain = 2, wool = 1 })
  -- C7 hangs off R1: with R0 only, no city.
  give_built(1, { "R0" })
  t.ok(not offered(1, "build:C7"), "C7 without R1")
  give_built(1, { "R1" })
  t.ok(offered(1, "build:C7"), "C7 once R1 is built")
  -- S4 hangs off R2 (S3 built): not before R2.
  set_pool(1, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  give_built(1, { "S3" })
  t.ok(not offered(1, "build:S4"), "S4 without R2")
  t.ok(offered(1, "build:R2"), "R2 branches off R0")
  t.ok(not offered(1, "build:R3"), "R3 needs R2")
  give_built(1, { "R2" })
  t.ok(offered(1, "build:S4"), "S4 once R2 is built")
  t.ok(offered(1, "build:R3"), "R3 once R2 is built")
end)

dtest("a road and the settlement on it can be built in one turn, in that order", function(t)
  local env = fresh({ "build:R2", "build:S4", "end" })
  give_built(1, { "R0", "S3" })
  set_pool(1, { brick = 2, lumber = 2, wool = 1, grain = 1 })
  t.eq(build_options(1), { "R1", "R2" }, "S4 waits for its road")
  env.build_phase(1)
  t.eq(game.count(1, "R2", "built"), 1)
  t.eq(game.count(1, "S4", "built"), 1)
  t.eq(env.storage.turn.points, 5)
  t.eq(env.storage.turn.built, { "R2", "S4" })
  t.eq(pool_of(1), pool {})
end)

dtest("settlements are built in increasing value", function(t)
  fresh()
  set_pool(1, { brick = 1, lumber = 1, wool = 1, grain = 1 })
  -- Every road is built: only the order rule stands between the player and a settlement.
  local roads = {}
  for i = 0, 15 do roads[#roads + 1] = "R" .. i end
  give_built(1, roads)
  local order = { "S3", "S4", "S5", "S7", "S9", "S11" }
  for i, id in ipairs(order) do
    local settlements = {}
    for _, b in ipairs(build_options(1)) do
      if b:sub(1, 1) == "S" then settlements[#settlements + 1] = b end
    end
    t.eq(settlements, { id }, "only the next settlement, " .. id)
    give_built(1, { order[i] })
  end
  local left = {}
  for _, b in ipairs(build_options(1)) do
    if b:sub(1, 1) == "S" then left[#left + 1] = b end
  end
  t.eq(left, {}, "all six built")
end)

dtest("cities are built in increasing value", function(t)
  fresh()
  set_pool(1, { ore = 3, grain = 2 })
  local roads = {}
  for i = 0, 15 do roads[#roads + 1] = "R" .. i end
  give_built(1, roads)
  for _, id in ipairs({ "C7", "C12", "C20", "C30" }) do
    t.eq(build_options(1), { id }, "only the next city")
    give_built(1, { id })
  end
  t.eq(build_options(1), {})
end)

dtest("knights are built in order 1 to 6", function(t)
  fresh()
  set_pool(1, { ore = 1, wool = 1, grain = 1 })
  for k = 1, 6 do
    t.eq(build_options(1), { "K" .. k })
    give_built(1, { "K" .. k })
  end
  t.eq(build_options(1), {})
end)

dtest("every road, settlement and city waits for its own road", function(t)
  -- For each entry hanging off a road other than the start: with everything before it built
  -- except that road, it is not offered; once the road is built, it is.
  local env = fresh()
  local by_id = env.storage.sheet.by_id
  local checked = 0
  for _, s in ipairs(env.storage.sheet.list) do
    if s.road ~= nil and s.road ~= "start" then
      -- Everything that must stand before s: its road's and predecessor's chains.
      local before, todo = {}, { s.road, s.after }
      while #todo > 0 do
        local id = table.remove(todo)
        if id ~= nil and id ~= "start" and not before[id] then
          before[id] = true
          local e = by_id[id]
          todo[#todo + 1] = e.road
          todo[#todo + 1] = e.after
        end
      end
      fresh()
      local ids = {}
      for id in pairs(before) do
        if id ~= s.road then ids[#ids + 1] = id end
      end
      give_built(1, ids)
      set_pool(1, s.cost)
      t.ok(not offered(1, "build:" .. s.id), s.id .. " without " .. s.road)
      give_built(1, { s.road })
      t.ok(offered(1, "build:" .. s.id), s.id .. " once " .. s.road .. " is built")
      checked = checked + 1
    end
  end
  t.eq(checked, 15 + 5 + 4, "15 roads after R0, settlements S4..S11, cities C7..C30")
end)
