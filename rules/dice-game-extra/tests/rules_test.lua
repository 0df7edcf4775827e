-- The shared island's rules with set positions and scripted dice.

-- A site node touching a coastal road whose other end is no site: {site, road, other roads of
-- the site}.
local function coastal_site()
  local map = t_current.env().storage.map
  for _, r in ipairs(map.roads) do
    if r.coastal then
      for _, pair in ipairs({ { r.a, r.b }, { r.b, r.a } }) do
        local s, o = pair[1], pair[2]
        if map.nodes[s].site and not map.nodes[o].site then
          local others = {}
          for _, e in ipairs(map.nodes[s].roads) do if e ~= r.id then others[#others + 1] = e end end
          return { site = s, road = r.id, far = o, others = others }
        end
      end
    end
  end
end

dtest("starting roads: coastal, chosen in seat order, at least 5 unbuilt roads apart", function(t)
  t_current.start { players = 3, answers = { { "start:1" }, { 1 }, { 1 } }, start = false }
  local env = t_current.env()
  local first = env.start_options(1)
  t.eq(#first, 30, "every coastal road")
  env.choose_start(1)
  t.eq(env.storage.road[1], 1)
  local second = env.start_options(2)
  local offered_set = {}
  for _, o in ipairs(second) do offered_set[o.road] = true end
  for e, r in ipairs(env.storage.map.roads) do
    local ok = r.coastal and e ~= 1 and env.roads_between(e, 1) >= 5
    t.eq(offered_set[e] == true, ok, "road " .. e)
  end
  t.ok(#second > 0 and #second < 29)
  env.choose_start(2)
  for _, o in ipairs(env.start_options(3)) do
    t.ok(env.roads_between(o.road, 1) >= 5 and env.roads_between(o.road, env.storage.start[2]) >= 5)
  end
end)

dtest("four players always find a starting road: the farthest ones when none is 5 roads away", function(t)
  -- Every first and second choice and every third: the fourth player is always offered roads,
  -- 5 roads away from all starting roads when there are such, else those farthest away.
  t_current.start { players = 4, start = false }
  local env = t_current.env()
  local storage = env.storage
  local blocked, checked = 0, 0
  local function nearest(e)
    local d = math.huge
    for _, s in ipairs(storage.start) do d = math.min(d, env.roads_between(e, s)) end
    return d
  end
  for _, a in ipairs(env.start_options(1)) do
    storage.start = { a.road }
    for _, b in ipairs(env.start_options(2)) do
      storage.start = { a.road, b.road }
      for _, c in ipairs(env.start_options(3)) do
        storage.start = { a.road, b.road, c.road }
        local opts = env.start_options(4)
        t.ok(#opts >= 1)
        local d = nearest(opts[1].road)
        if d < 5 then
          blocked = blocked + 1
          -- No free coastal road is farther, and every offered road is that far.
          for _, o in ipairs(opts) do t.eq(nearest(o.road), d) end
          for e, r in ipairs(storage.map.roads) do
            if r.coastal and e ~= a.road and e ~= b.road and e ~= c.road then t.ok(nearest(e) <= d) end
          end
        end
        checked = checked + 1
      end
    end
  end
  t.ok(blocked > 0 and blocked < checked, blocked .. " of " .. checked)
end)

dtest("a road may not pass an unbuilt site: the settlement comes first", function(t)
  local env = fresh()
  local c = coastal_site()
  give_roads(1, { c.road })
  set_pool(1, { brick = 2, lumber = 2, wool = 1, grain = 1 })
  local ids = build_ids(1)
  t.ok(offered(1, "build:settlement:" .. c.site))
  for _, e in ipairs(c.others) do t.ok(not offered(1, "build:road:" .. e), "road " .. e .. " passes the site") end
  env.build(1, "settlement", c.site)
  set_pool(1, { brick = 1, lumber = 1 })
  for _, e in ipairs(c.others) do t.ok(offered(1, "build:road:" .. e), "road " .. e .. " after the settlement") end
  t.eq(game.player_get(1, "score"), 1)
  t.ok(#ids > 0)
end)

dtest("nobody builds past another player's settlement", function(t)
  local env = fresh()
  local c = coastal_site()
  -- Player 2 settled the site; player 1 reaches it by the coastal road.
  env.storage.site[c.site] = 2
  game.player_set(2, "settlements", 1)
  give_roads(1, { c.road })
  set_pool(1, { brick = 3, lumber = 3, wool = 1, grain = 1 })
  t.ok(not offered(1, "build:settlement:" .. c.site), "the site is taken")
  for _, e in ipairs(c.others) do t.ok(not offered(1, "build:road:" .. e)) end
  -- From its other end the road goes on.
  local any = false
  for _, e in ipairs(env.storage.map.nodes[c.far].roads) do
    if e ~= c.road then
      any = true
      t.eq(offered(1, "build:road:" .. e), not env.storage.map.nodes[env.other_end(e, c.far)].site or true)
    end
  end
  t.ok(any)
end)

dtest("a city replaces the player's own settlement on a city site: 1 point becomes 2", function(t)
  local env = fresh()
  local map = env.storage.map
  local n
  for _, node in ipairs(map.nodes) do if node.city_site then n = node.id break end end
  give_roads(1, { map.nodes[n].roads[1] })
  set_pool(1, { brick = 1, lumber = 1, wool = 1, grain = 3, ore = 3 })
  t.ok(not offered(1, "build:city:" .. n), "no city before the settlement")
  env.build(1, "settlement", n)
  t.ok(offered(1, "build:city:" .. n))
  env.build(1, "city", n)
  t.eq({ game.player_get(1, "settlements"), game.player_get(1, "cities"), game.player_get(1, "score") }, { 0, 1, 2 })
  t.eq(pool_of(1), pool {})
  -- Another player's settlement cannot be made a city.
  env.storage.site[n] = 2
  env.storage.city[n] = nil
  set_pool(1, { grain = 2, ore = 3 })
  t.ok(not offered(1, "build:city:" .. n))
end)

dtest("a knight stands on a hex the player's road borders; its joker gives the hex's resource once", function(t)
  local env = fresh()
  local map = env.storage.map
  local h = map.hexes[1] -- ore
  give_roads(1, { h.roads[1] })
  set_pool(1, { ore = 1, wool = 1, grain = 1, gold = 1 })
  t.ok(offered(1, "build:knight:1"))
  t.ok(not offered(1, "build:knight:10"), "the desert is not bordered")
  env.build(1, "knight", 1)
  t.eq(env.storage.knight[1], 1)
  set_pool(1, { gold = 1 })
  local jokers = {}
  for _, o in ipairs(env.action_options(1)) do if o.action == "joker" then jokers[#jokers + 1] = o.id end end
  t.eq(jokers, { "joker:1:gold:ore" })
  env.use_joker(1, 1, "gold", "ore")
  t.eq(pool_of(1), pool { ore = 1 })
  t.ok(not offered(1, "joker:1:ore:ore") and not offered(1, "joker:1:gold:ore"))
  -- The space is taken: player 2 bordering the hex cannot build there.
  give_roads(2, { h.roads[2] })
  env.begin_turn(2)
  set_pool(2, { ore = 1, wool = 1, grain = 1 })
  t.ok(not offered(2, "build:knight:1"))
end)

dtest("the desert's knight gives any resource", function(t)
  local env = fresh()
  env.storage.knight[10] = 1
  set_pool(1, { gold = 1 })
  local jokers = {}
  for _, o in ipairs(env.action_options(1)) do if o.action == "joker" then jokers[#jokers + 1] = o.id end end
  t.eq(jokers, { "joker:10:gold:ore", "joker:10:gold:grain", "joker:10:gold:wool",
    "joker:10:gold:lumber", "joker:10:gold:brick" })
end)

-- A chain of `k` connected roads from coastal road `e` along nodes that are no sites where
-- possible (for road-length tests): the roads in order.
local function chain(e, k)
  local map = t_current.env().storage.map
  local roads, used = { e }, { [e] = true }
  local n = map.roads[e].b
  while #roads < k do
    local nxt
    for _, f in ipairs(map.nodes[n].roads) do if not used[f] then nxt = f break end end
    used[nxt] = true
    roads[#roads + 1] = nxt
    n = t_current.env().other_end(nxt, n)
  end
  return roads
end

dtest("Longest Road: first to 5 roads, taken by a longer road; Largest Army: first to 3 knights, taken by more", function(t)
  local env = fresh()
  local a = chain(1, 5)
  give_roads(1, { a[1], a[2], a[3], a[4] })
  env.update_awards(1)
  t.eq(game.get("longest_road"), nil)
  env.storage.road[a[5]] = 1
  env.update_awards(1)
  t.eq(game.get("longest_road"), 1)
  t.eq(game.player_get(1, "road_length"), 5)
  t.eq(game.player_get(1, "score"), 2)
  -- Player 2: a road of 5 does not take it, 6 does.
  local far
  for e = 72, 1, -1 do
    if env.storage.map.roads[e].coastal then far = e break end
  end
  local b = chain(far, 6)
  for i = 1, 5 do env.storage.road[b[i]] = 2 end
  env.update_awards(2)
  t.eq(game.get("longest_road"), 1)
  env.storage.road[b[6]] = 2
  env.update_awards(2)
  t.eq(game.get("longest_road"), 2)
  t.eq({ game.player_get(1, "score"), game.player_get(2, "score") }, { 0, 2 })
  -- Largest Army.
  for h = 1, 3 do env.storage.knight[h] = 1 end
  game.player_set(1, "knights", 3)
  env.update_awards(1)
  t.eq(game.get("largest_army"), 1)
  for h = 4, 6 do env.storage.knight[h] = 2 end
  game.player_set(2, "knights", 3)
  env.update_awards(2)
  t.eq(game.get("largest_army"), 1, "a tie leaves it with the holder")
  env.storage.knight[7] = 2
  game.player_set(2, "knights", 4)
  env.update_awards(2)
  t.eq(game.get("largest_army"), 2)
  t.eq({ game.player_get(1, "score"), game.player_get(2, "score") }, { 0, 4 })
end)

dtest("another player's settlement ends a road for its length", function(t)
  local env = fresh()
  local a = chain(1, 4)
  for i = 1, 4 do env.storage.road[a[i]] = 1 end
  t.eq(env.road_length(1), 4)
  -- A node inside the chain holding player 2's building cuts it.
  local map = env.storage.map
  local r1, r2 = map.roads[a[2]], map.roads[a[3]]
  local shared = (r1.a == r2.a or r1.a == r2.b) and r1.a or r1.b
  env.storage.site[shared] = 2
  t.eq(env.road_length(1), 2)
end)

dtest("the game ends at once at 10 victory points", function(t)
  local env = fresh { answers = { { "build:knight:1", "end" } } }
  local map = env.storage.map
  give_roads(1, { map.hexes[1].roads[1] })
  game.player_set(1, "settlements", 4)
  game.player_set(1, "cities", 2)
  game.player_set(1, "knights", 2)
  env.storage.knight[2], env.storage.knight[3] = 1, 1
  env.update_awards(1)
  t.eq(game.player_get(1, "score"), 8)
  set_pool(1, { ore = 1, wool = 1, grain = 1 })
  env.build_phase(1)
  t.ok(game.is_over())
  t.eq(game.winner(), 1)
  t.eq(t_current.remaining(1), 1, "the turn stops at the winning build")
end)

dtest("the turn's dice: 3 on the first turn of the game, one more each turn, up to 6", function(t)
  local env = fresh()
  t.eq({ env.dice_for_turn(1), env.dice_for_turn(2), env.dice_for_turn(3), env.dice_for_turn(4),
    env.dice_for_turn(7) }, { 3, 4, 5, 6, 6 })
end)

dtest("when nobody has a place left to build, the highest score wins", function(t)
  local env = fresh()
  local map = env.storage.map
  -- Every road and knight space taken by player 2, every site settled by player 1.
  for e = 1, #map.roads do env.storage.road[e] = 2 end
  for h = 1, #map.hexes do env.storage.knight[h] = 2 end
  for _, n in ipairs(map.nodes) do if n.site then env.storage.site[n.id] = 1; env.storage.city[n.id] = true end end
  game.player_set(1, "score", 5)
  game.player_set(2, "score", 4)
  t.eq(#env.places(1) + #env.places(2), 0)
  env.check_blocked()
  t.ok(game.is_over())
  t.eq(game.winner(), 1)
end)
