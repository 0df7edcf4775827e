-- The shared island: the 19 hexes of the board game (beginner's layout of terrains: 4 lumber,
-- 4 wool, 4 grain, 3 brick, 3 ore, the desert in the middle), with its 54 corners (nodes) and
-- 72 sides (roads). Hexes are pointy-topped; a node has integer coordinates (x, y) with the hex
-- (q, r) centred on (2q + r, 3r) and its corners at (+-1, +-1) and (0, +-2) from the centre.
-- Nodes are numbered by y then x, roads by their nodes, hexes by r then q.
--
-- Building sites: a settlement stands on a site node. The sites are chosen once for the map, in
-- node order, each node that touches no site yet (so no two sites are neighbours, the board
-- game's distance rule printed on the map); a site touching three hexes is a city site (its
-- settlement may become a city). A road is coastal when it borders one hex only (the sea on the
-- other side). Every hex holds one knight space; its knight's joker is the hex's resource (the
-- desert's: any resource).
--
-- storage.map = {nodes = {{id, x, y, hexes = {h}, roads = {e}, site, city_site}}, roads = {{id,
-- a, b, coastal, hexes = {h}}}, hexes = {{id, q, r, resource, roads = {e}}}, node_at[x][y]}.

TERRAIN = {
  "ore", "wool", "lumber",
  "grain", "brick", "wool", "brick",
  "grain", "lumber", "desert", "lumber", "ore",
  "lumber", "ore", "grain", "wool",
  "brick", "grain", "wool",
}

local CORNERS = { { 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 }, { 0, -2 }, { 1, -1 } }

local function make_map()
  local hexes = {}
  for r = -2, 2 do
    for q = -2, 2 do
      if math.abs(q + r) <= 2 then
        hexes[#hexes + 1] = { id = #hexes + 1, q = q, r = r, resource = TERRAIN[#hexes + 1], roads = {} }
      end
    end
  end
  -- Nodes: every corner, once.
  local corner_list, seen = {}, {}
  for _, h in ipairs(hexes) do
    local cx, cy = 2 * h.q + h.r, 3 * h.r
    h.x, h.y = cx, cy
    h.corners = {}
    for k, c in ipairs(CORNERS) do
      local x, y = cx + c[1], cy + c[2]
      local key = x * 100 + y
      if not seen[key] then
        seen[key] = { x = x, y = y, hexes = {}, roads = {} }
        corner_list[#corner_list + 1] = seen[key]
      end
      local n = seen[key]
      n.hexes[#n.hexes + 1] = h.id
      h.corners[k] = n
    end
  end
  table.sort(corner_list, function(a, b)
    if a.y ~= b.y then return a.y < b.y end
    return a.x < b.x
  end)
  local node_at = {}
  for i, n in ipairs(corner_list) do
    n.id = i
    node_at[n.x] = node_at[n.x] or {}
    node_at[n.x][n.y] = i
  end
  -- Roads: every side, once.
  local road_list, by_pair = {}, {}
  for _, h in ipairs(hexes) do
    for k = 1, 6 do
      local a, b = h.corners[k].id, h.corners[k % 6 + 1].id
      if a > b then a, b = b, a end
      local key = a * 100 + b
      local e = by_pair[key]
      if e == nil then
        e = { a = a, b = b, hexes = {} }
        by_pair[key] = e
        road_list[#road_list + 1] = e
      end
      e.hexes[#e.hexes + 1] = h.id
    end
  end
  table.sort(road_list, function(x, y)
    if x.a ~= y.a then return x.a < y.a end
    return x.b < y.b
  end)
  for i, e in ipairs(road_list) do
    e.id = i
    e.coastal = #e.hexes == 1
    corner_list[e.a].roads[#corner_list[e.a].roads + 1] = i
    corner_list[e.b].roads[#corner_list[e.b].roads + 1] = i
    for _, h in ipairs(e.hexes) do hexes[h].roads[#hexes[h].roads + 1] = i end
  end
  for _, h in ipairs(hexes) do h.corners = nil end
  -- Sites: in node order, every node with no site next to it.
  for _, n in ipairs(corner_list) do
    local free = true
    for _, e in ipairs(n.roads) do
      local r = road_list[e]
      local other = r.a == n.id and r.b or r.a
      if corner_list[other].site then free = false end
    end
    n.site = free
    n.city_site = free and #n.hexes == 3
  end
  return { nodes = corner_list, roads = road_list, hexes = hexes, node_at = node_at }
end

-- The other end of road e from node n.
function other_end(e, n)
  local r = storage.map.roads[e]
  return r.a == n and r.b or r.a
end

-- The number of roads strictly between roads e and f on the shortest way along roads (0 for
-- neighbours, -1 for e itself).
function roads_between(e, f)
  if e == f then return -1 end
  local map = storage.map
  local dist = {}
  local queue, head = {}, 1
  for _, n in ipairs({ map.roads[e].a, map.roads[e].b }) do
    dist[n] = 0
    queue[#queue + 1] = n
  end
  local fa, fb = map.roads[f].a, map.roads[f].b
  while head <= #queue do
    local n = queue[head]
    head = head + 1
    if n == fa or n == fb then return dist[n] end
    for _, r in ipairs(map.nodes[n].roads) do
      local m = other_end(r, n)
      if dist[m] == nil then
        dist[m] = dist[n] + 1
        queue[#queue + 1] = m
      end
    end
  end
  return math.huge
end

game.on("game.setup", function()
  storage.map = make_map()
  storage.road, storage.site, storage.city, storage.knight, storage.used = {}, {}, {}, {}, {}
  storage.start = {}
end, { priority = -5 })
