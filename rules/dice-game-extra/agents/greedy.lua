-- "greedy": a heuristic player for the shared island. It picks a target each decision: the
-- build type worth most (city 3, settlement 2.5, knight 1.2, road 1; a knight 2 while it would
-- take Largest Army; a road also 2 while it would take Longest Road) less 0.8 per die the pool
-- lacks for it, among the types it has a place for. Keeping: the dice the target costs, then
-- those of a road, and gold while a trade could help; it stops when the target is paid for.
-- Building: builds by the same worth (a road towards the nearest free site, a settlement or
-- knight at the lowest number), then trades and jokers that cover a die the target lacks, else
-- ends the turn. Its starting road is the coastal road with the most sites within two roads.

local VALUE = { city = 3, settlement = 2.5, knight = 1.2, road = 1 }
local ORDER = { "city", "settlement", "knight", "road" }

local function worth(p, t)
  local v = VALUE[t]
  if t == "knight" then
    local h = game.get("largest_army")
    local mine = game.player_get(p, "knights") + 1
    if h ~= p and mine >= options.army_min and (h == nil or mine > game.player_get(h, "knights")) then v = 2 end
  end
  return v
end

-- Missing dice of type t's cost for pool n.
local function missing(n, t)
  local m = 0
  for i, r in ipairs(RESOURCES) do
    local k = (COSTS[t][r] or 0) - n[i]
    if k > 0 then m = m + k end
  end
  return m
end

local function target(p, n)
  local have = {}
  for _, o in ipairs(places(p)) do have[o.type] = true end
  local best, best_v = nil, -math.huge
  for _, t in ipairs(ORDER) do
    if have[t] then
      local v = worth(p, t) - 0.8 * missing(n, t)
      if v > best_v then best, best_v = t, v end
    end
  end
  return best
end

-- Distance in roads from node n to the nearest free site, along roads nobody owns.
local function site_distance(p, n)
  local map = storage.map
  local dist, queue, head = { [n] = 0 }, { n }, 1
  while head <= #queue do
    local m = queue[head]
    head = head + 1
    if map.nodes[m].site and storage.site[m] == nil then return dist[m] end
    for _, e in ipairs(map.nodes[m].roads) do
      if storage.road[e] == nil then
        local o = other_end(e, m)
        if dist[o] == nil then
          dist[o] = dist[m] + 1
          queue[#queue + 1] = o
        end
      end
    end
  end
  return 99
end

-- How good a road option is: the free-site distance from its far end (lower is better).
local function road_rank(p, e)
  local r = storage.map.roads[e]
  local far = open_node(p, r.a) and r.b or r.a
  return site_distance(p, far)
end

local function choose_keep(p, opts)
  local n = pool_counts(p)
  local t = target(p, n)
  if t == nil then return 1 end
  local want = {}
  for i, r in ipairs(RESOURCES) do want[i] = COSTS[t][r] or 0 end
  if missing(n, t) == 0 and t ~= "road" then
    for i, r in ipairs(RESOURCES) do want[i] = want[i] + (COSTS.road[r] or 0) end
  end
  local keep = { 0, 0, 0, 0, 0, 0 }
  for i = 1, 5 do keep[i] = math.min(n[i], want[i]) end
  if missing(n, t) > 0 and n[6] >= options.gold_rate then keep[6] = n[6] - n[6] % options.gold_rate end
  local code = pool_code(keep)
  if missing(n, t) == 0 then code = pool_code(n) end
  for i, o in ipairs(opts) do
    if o.keep == code then return i end
  end
  return 1
end

local function choose_action(p, opts)
  local n = pool_counts(p)
  local best_i, best_v = nil, -math.huge
  for i, o in ipairs(opts) do
    if o.action == "build" then
      local v = worth(p, o.type)
      if o.type == "road" then v = v - 0.01 * road_rank(p, o.at) end
      if v > best_v then best_i, best_v = i, v end
    end
  end
  if best_i then return best_i end
  local t = target(p, n)
  if t ~= nil then
    -- A trade or joker that gives a resource the target lacks, from a die it does not need.
    for i, o in ipairs(opts) do
      local r = o.resource or o.to
      if (o.action == "trade" or o.action == "joker") and r then
        local k = FACE_INDEX[r]
        if (COSTS[t][r] or 0) > n[k] then
          if o.action == "trade" then return i end
          local f = FACE_INDEX[o.from]
          local need_from = f <= 5 and (COSTS[t][o.from] or 0) or 0
          if n[f] > need_from then return i end
        end
      end
    end
  end
  return #opts
end

-- The starting road with the most sites within two roads (global: the expectimax agent starts
-- so too).
function start_choice(p, opts)
  local map = storage.map
  local best_i, best_v = 1, -1
  for i, o in ipairs(opts) do
    local r = map.roads[o.road]
    local seen, v = {}, 0
    for _, n in ipairs({ r.a, r.b }) do
      for _, e in ipairs(map.nodes[n].roads) do
        for _, m in ipairs({ n, other_end(e, n) }) do
          if not seen[m] then
            seen[m] = true
            if map.nodes[m].site then v = v + 1 end
          end
        end
      end
    end
    if v > best_v then best_i, best_v = i, v end
  end
  return best_i
end

game.agent("greedy", function(p, kind, opts)
  if kind == "dice.keep" then return choose_keep(p, opts) end
  if kind == "dice.action" then return choose_action(p, opts) end
  if kind == "extra.start" then return start_choice(p, opts) end
  return 1
end)

-- The search agent's copies are played by greedy: random play on the shared island scores about
-- a third of greedy's, and a search over random copies learns only that (docs/dice-game.md).
game.rollout_agent("greedy")
