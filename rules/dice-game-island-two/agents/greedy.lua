-- "greedy": a heuristic player for Island Two, the sheet counterpart of the shared island's
-- greedy (rules/dice-game-extra/agents/greedy.lua), there to measure the expectimax agent against
-- something better than random play. It picks a target each decision: the type of structure worth
-- most among those with an open entry on the sheet (city 3, settlement 2.5, knight 1.2, or 2 while
-- it would take Largest Army, road 1) less 0.8 per die the pool lacks for it. Keeping: the dice
-- the target costs, then those of a road, and gold while a trade could help; it stops when the
-- target is paid for. Building: the build worth most (the first on the sheet among equals), then
-- trades and jokers that cover a die the target lacks, else it ends the turn.

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

-- The cost of each type with an open entry, {type = cost table} (entries of a type share one).
local function open_costs(p)
  local costs = {}
  for _, s in ipairs(open_structures(p)) do costs[s.type] = costs[s.type] or s.cost end
  return costs
end

-- Missing dice of cost c for pool n.
local function missing(n, c)
  local m = 0
  for i, r in ipairs(RESOURCES) do
    local k = (c[r] or 0) - n[i]
    if k > 0 then m = m + k end
  end
  return m
end

local function target(p, n)
  local costs = open_costs(p)
  local best, best_v = nil, -math.huge
  for _, t in ipairs(ORDER) do
    if costs[t] then
      local v = worth(p, t) - 0.8 * missing(n, costs[t])
      if v > best_v then best, best_v = t, v end
    end
  end
  return best, best and costs[best], costs
end

local function choose_keep(p, opts)
  local n = pool_counts(p)
  local t, c, costs = target(p, n)
  if t == nil then return 1 end
  if missing(n, c) == 0 then return 1 end -- the first option keeps every die (stop)
  local want = {}
  for i, r in ipairs(RESOURCES) do want[i] = c[r] or 0 end
  local keep = { 0, 0, 0, 0, 0, 0 }
  for i = 1, 5 do keep[i] = math.min(n[i], want[i]) end
  if n[6] >= options.gold_rate then keep[6] = n[6] - n[6] % options.gold_rate end
  local code = pool_code(keep)
  for i, o in ipairs(opts) do
    if o.keep == code then return i end
  end
  return 1
end

local function choose_action(p, opts)
  local n = pool_counts(p)
  local by_id = storage.sheet.by_id
  local best_i, best_v = nil, -math.huge
  for i, o in ipairs(opts) do
    if o.action == "build" then
      local v = worth(p, by_id[o.structure].type)
      if v > best_v then best_i, best_v = i, v end
    end
  end
  if best_i then return best_i end
  local t, c = target(p, n)
  if t ~= nil then
    -- A trade or joker that gives a resource the target lacks, from a die it does not need.
    for i, o in ipairs(opts) do
      local r = o.resource or o.to
      if (o.action == "trade" or o.action == "joker") and r then
        local k = FACE_INDEX[r]
        if (c[r] or 0) > n[k] then
          if o.action == "trade" then return i end
          local f = FACE_INDEX[o.from]
          local need_from = f <= 5 and (c[o.from] or 0) or 0
          if n[f] > need_from then return i end
        end
      end
    end
  end
  return #opts
end

game.agent("greedy", function(p, kind, opts)
  if kind == "dice.keep" then return choose_keep(p, opts) end
  if kind == "dice.action" then return choose_action(p, opts) end
  return 1
end)
