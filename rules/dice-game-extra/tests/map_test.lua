-- The shared island's map.
dtest("the island has 19 hexes, 54 nodes, 72 roads, 30 of them coastal", function(t)
  local env = fresh()
  local map = env.storage.map
  t.eq({ #map.hexes, #map.nodes, #map.roads }, { 19, 54, 72 })
  local coastal, sites, city_sites = 0, 0, 0
  for _, r in ipairs(map.roads) do if r.coastal then coastal = coastal + 1 end end
  for _, n in ipairs(map.nodes) do
    if n.site then sites = sites + 1 end
    if n.city_site then city_sites = city_sites + 1 end
  end
  t.eq(coastal, 30)
  t.eq({ sites, city_sites }, { 27, 12 })
  local terrain = {}
  for _, h in ipairs(map.hexes) do terrain[h.resource] = (terrain[h.resource] or 0) + 1 end
  t.eq(terrain, { lumber = 4, wool = 4, grain = 4, brick = 3, ore = 3, desert = 1 })
  t.eq(map.hexes[10].resource, "desert")
end)

dtest("no two sites are neighbours", function(t)
  local env = fresh()
  local map = env.storage.map
  for _, r in ipairs(map.roads) do
    t.ok(not (map.nodes[r.a].site and map.nodes[r.b].site), "road " .. r.id)
  end
end)

dtest("roads between counts the unbuilt roads on the shortest way", function(t)
  local env = fresh()
  local map = env.storage.map
  t.eq(env.roads_between(1, 1), -1)
  -- Two roads sharing a node have none between them.
  local n = map.nodes[map.roads[1].a]
  t.eq(env.roads_between(n.roads[1], n.roads[2]), 0)
  -- Symmetric.
  for e = 1, 72, 7 do
    for f = 1, 72, 11 do t.eq(env.roads_between(e, f), env.roads_between(f, e)) end
  end
end)
