-- "greedy": the dice kit's heuristic player (rules/dice-kit/greedy.lua, where its workings are
-- described) on the shared island: the types it has a place for are those of places(p); among
-- builds of equal worth it takes the road towards the nearest free site (then the lowest
-- number), a settlement or knight at the lowest number. Its starting road is the coastal road
-- with the most sites within two roads.

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

require("dice-kit").greedy(_ENV, {
  types = function(p)
    local have = {}
    for _, o in ipairs(places(p)) do have[o.type] = true end
    return have
  end,
  type_of = function(o) return o.type end,
  rank = function(p, o)
    if o.type == "road" then return -0.01 * road_rank(p, o.at) end
    return 0
  end,
  decide = function(p, kind, opts)
    if kind == "extra.start" then return start_choice(p, opts) end
    return 1
  end,
})

-- The search agent's copies are played by greedy: random play on the shared island scores about
-- a third of greedy's, and a search over random copies learns only that (docs/dice-game.md).
game.rollout_agent("greedy")
