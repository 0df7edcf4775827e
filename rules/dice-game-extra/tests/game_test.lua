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
