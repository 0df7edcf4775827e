-- Whole games with invariants, determinism and the bots.

local function check_finished(t, r, players)
  local env = t_current.env()
  local s = env.storage
  local blocked = r.reason:find("nothing left to build", 1, true) ~= nil
  t.ok(r.winner ~= nil or blocked, r.reason)
  local counts = {}
  for p = 1, players do counts[p] = { roads = 0, settlements = 0, cities = 0, knights = 0 } end
  for _, p in pairs(s.road) do counts[p].roads = counts[p].roads + 1 end
  for n, p in pairs(s.site) do
    if s.city[n] then counts[p].cities = counts[p].cities + 1 else counts[p].settlements = counts[p].settlements + 1 end
    t.ok(s.map.nodes[n].site)
  end
  for _, p in pairs(s.knight) do counts[p].knights = counts[p].knights + 1 end
  for p = 1, players do
    for k, v in pairs(counts[p]) do t.eq(game.player_get(p, k), v, k .. " of " .. p) end
    local vp = counts[p].settlements + 2 * counts[p].cities
    if game.get("longest_road") == p then vp = vp + 2 end
    if game.get("largest_army") == p then vp = vp + 2 end
    t.eq(game.player_get(p, "score"), vp)
    if p == r.winner and not blocked then t.ok(vp >= 10) else t.ok(vp < 10 or p == r.winner) end
    -- Every road of p is connected to p's starting road through p's own roads.
    local reached, queue = { [s.start[p]] = true }, { s.start[p] }
    while #queue > 0 do
      local e = table.remove(queue)
      for _, n in ipairs({ s.map.roads[e].a, s.map.roads[e].b }) do
        for _, f in ipairs(s.map.nodes[n].roads) do
          if s.road[f] == p and not reached[f] then
            reached[f] = true
            queue[#queue + 1] = f
          end
        end
      end
    end
    for e, q in pairs(s.road) do if q == p then t.ok(reached[e], "road " .. e .. " of " .. p .. " connected") end end
  end
  local lr, la = game.get("longest_road"), game.get("largest_army")
  for p = 1, players do
    if lr then t.ok(env.road_length(p) <= game.player_get(lr, "road_length")) end
    if la then t.ok(game.player_get(p, "knights") <= game.player_get(la, "knights")) end
  end
end

dtest("random and greedy players play complete games, invariants hold", function(t)
  for players = 1, 4 do
    for seed = 1, 3 do
      t_current.start { players = players, seed = seed }
      check_finished(t, t.play(), players)
      t_current.start { players = players, seed = seed, agents = { "greedy", "random", "greedy", "random" } }
      check_finished(t, t.play(), players)
    end
  end
end)

dtest("greedy beats random play", function(t)
  local wins = 0
  for seed = 1, 6 do
    t_current.start { players = 2, seed = seed, agents = { seed % 2 == 1 and "greedy" or "random",
      seed % 2 == 1 and "random" or "greedy" } }
    local r = t.play()
    if (seed % 2 == 1 and r.winner == 1) or (seed % 2 == 0 and r.winner == 2) then wins = wins + 1 end
  end
  t.eq(wins, 6)
end)

dtest("the same seed gives the same game", function(t)
  t_current.start { players = 3, seed = 5 }
  local a = t.play()
  t_current.start { players = 3, seed = 5 }
  t.eq(t.play(), a)
end)

dtest("more than four players are refused", function(t)
  t.raises(function() t_current.start { players = 5 } end, "the shared island is for 1 to 4 players, not 5")
end)

dtest("the map view shows roads, buildings and knights by owner", function(t)
  local env = fresh()
  local map = env.storage.map
  env.storage.road[1] = 1
  env.storage.site[map.roads[1].a] = 2
  env.storage.knight[10] = 1
  env.storage.used[10] = true
  local lines = env.map_lines()
  t.eq(#lines, 17 + 1 + 2)
  t.ok(lines[9]:find("De 1*", 1, true) ~= nil, lines[9])
  t.eq(lines[18], "  roads: owner's digit; o site, a-d settlement, A-D city of player 1-4; k knight space")
  t.eq(lines[19], "  player 1: 0 victory points (road 0, knights 0)")
end)

dtest("expectimax plays complete games of 1 to 4 players with random and greedy, invariants hold", function(t)
  for players = 1, 4 do
    for seed = 1, 2 do
      t_current.start { players = players, seed = seed,
                        agents = { "expectimax", "greedy", "random", "expectimax" } }
      check_finished(t, t.play(), players)
    end
  end
end)

dtest("expectimax beats greedy", function(t)
  local wins = 0
  for seed = 1, 6 do
    local first = seed % 2 == 1
    t_current.start { players = 2, seed = seed,
                      agents = { first and "expectimax" or "greedy", first and "greedy" or "expectimax" } }
    local r = t.play()
    if r.winner == (first and 1 or 2) then wins = wins + 1 end
  end
  t.ok(wins >= 5, wins .. " of 6")
end)

-- Checks expectimax's sheet for p against the rules: what it lists with nothing before it is what
-- p may build now (places), every road continues the road before it through a node p may pass
-- (no other player's building; an unbuilt site only after its settlement), and nothing listed is
-- taken.
local function check_sheet(t, env, p)
  local s, sheet = env.storage, env.reach_sheet(p)
  local now = {}
  for _, o in ipairs(env.places(p)) do now[o.type .. ":" .. o.at] = true end
  for _, e in ipairs(sheet.list) do
    t.eq(sheet.by_id[e.id], e)
    t.eq(sheet.list[e.index], e)
    local free = e.road == nil and e.after == nil
    t.eq(free, now[e.id] == true, e.id .. " listed with nothing before it iff buildable now")
    if e.type == "road" then t.eq(s.road[e.at], nil) end
    if e.type == "settlement" then t.ok(s.map.nodes[e.at].site and s.site[e.at] == nil, e.id) end
    if e.type == "city" then
      t.ok(s.map.nodes[e.at].city_site and not s.city[e.at], e.id)
      t.ok(s.site[e.at] == p or (e.after == "settlement:" .. e.at and s.site[e.at] == nil), e.id)
    end
    if e.type == "knight" then t.eq(s.knight[e.at], nil) end
    if e.road ~= nil then
      local before = sheet.by_id[e.road]
      t.ok(before ~= nil and before.type == "road" and before.index < e.index, e.id)
      if e.type == "road" then
        local a, b = s.map.roads[e.at], s.map.roads[before.at]
        local n = (a.a == b.a or a.a == b.b) and a.a or a.b
        t.ok(n == b.a or n == b.b, e.id .. " continues " .. e.road)
        t.ok(s.site[n] == nil or s.site[n] == p, e.id .. " passes no other player's building")
        if s.map.nodes[n].site and s.site[n] == nil then t.eq(e.after, "settlement:" .. n) end
      end
    end
    if e.after ~= nil then t.ok(sheet.by_id[e.after].index < e.index, e.id) end
  end
  for id in pairs(now) do t.ok(sheet.by_id[id] ~= nil, id .. " buildable now and listed") end
end

dtest("expectimax's sheet lists what the rules allow", function(t)
  -- A position: player 1's road e joins an unbuilt site to node m; a road f from m leads to
  -- player 2's settlement.
  local env = fresh()
  local map = env.storage.map
  local site, e, f, j
  for n = 1, #map.nodes do
    if map.nodes[n].site and not site then
      for _, r in ipairs(map.nodes[n].roads) do
        local m = env.other_end(r, n)
        for _, g in ipairs(map.nodes[m].roads) do
          local k = env.other_end(g, m)
          if not site and g ~= r and k ~= n and map.nodes[k].site then site, e, f, j = n, r, g, k end
        end
      end
    end
  end
  give_roads(1, { e })
  env.storage.site[j] = 2
  game.player_set(2, "settlements", 1)
  check_sheet(t, env, 1)
  local sheet = env.reach_sheet(1)
  t.ok(sheet.by_id["road:" .. f] ~= nil and sheet.by_id["road:" .. f].road == nil)
  t.eq(sheet.by_id["settlement:" .. j], nil)
  t.eq(sheet.by_id["settlement:" .. site].road, nil)
  for _, x in ipairs(sheet.list) do
    -- Nothing continues past player 2's settlement; roads out of the site need its settlement.
    t.ok(x.road ~= "road:" .. f or x.type == "knight", x.id)
    local r = map.roads[x.at]
    if x.type == "road" and x.road == nil and (r.a == site or r.b == site) and x.at ~= e then
      t.eq(x.after, "settlement:" .. site, x.id)
    end
  end
  -- The ends of whole games, for every player.
  for players = 2, 4 do
    t_current.start { players = players, seed = players,
                      agents = { "expectimax", "greedy", "random", "expectimax" } }
    t.play()
    for p = 1, players do check_sheet(t, t_current.env(), p) end
  end
end)
