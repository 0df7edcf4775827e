-- "greedy": a heuristic player for the victory-point games (Island Two and the shared island),
-- installed by a pack as its agent:
--
--   require("dice-kit").greedy(_ENV, spec)
--
-- It picks a target each decision: the type of structure worth most among those the player has
-- a place for (city 3, settlement 2.5, knight 1.2, or 2 while it would take Largest Army, road 1)
-- less 0.8 per die the pool lacks for it (COSTS, core.lua). Keeping: the dice the target costs,
-- and gold while a trade could help; it stops when the target is paid for. Building: the build
-- worth most (the first in the menu among equals, or as spec.rank adjusts), then trades and
-- jokers that cover a die the target lacks, else it ends the turn.
--
-- `spec`:
--   types(p)          the set {type = true} of the types p has a place for now (cost ignored)
--   type_of(o)        the type a "build" menu option builds
--   rank(p, o)        optional: a small amount added to a build option's worth (e.g. to prefer
--                     one road over another)
--   decide(p, kind, opts)  optional: answers the decisions other than "dice.keep" and
--                     "dice.action" (default: the first option)
-- The installing pack provides pool_counts, pool_code (dice.lua), options.army_min, the game
-- property largest_army and the player property knights.

local M = {}

function M.greedy(_ENV, spec)
  local VALUE = { city = 3, settlement = 2.5, knight = 1.2, road = 1 }
  local ORDER = { "city", "settlement", "knight", "road" }
  local types, type_of, rank = spec.types, spec.type_of, spec.rank

  local function worth(p, t)
    local v = VALUE[t]
    if t == "knight" then
      local h = game.get("largest_army")
      local mine = game.player_get(p, "knights") + 1
      if h ~= p and mine >= options.army_min and (h == nil or mine > game.player_get(h, "knights")) then
        v = 2
      end
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
    local have = types(p)
    local best, best_v = nil, -math.huge
    for _, t in ipairs(ORDER) do
      if have[t] then
        local v = worth(p, t) - 0.8 * missing(n, t)
        if v > best_v then best, best_v = t, v end
      end
    end
    return best
  end

  local function choose_keep(p, opts)
    local n = pool_counts(p)
    local t = target(p, n)
    if t == nil then return 1 end
    -- Paid for: the first option keeps every die (stop).
    if missing(n, t) == 0 then return 1 end
    local keep = { 0, 0, 0, 0, 0, 0 }
    for i, r in ipairs(RESOURCES) do keep[i] = math.min(n[i], COSTS[t][r] or 0) end
    if n[6] >= options.gold_rate then keep[6] = n[6] - n[6] % options.gold_rate end
    local code = pool_code(keep)
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
        local v = worth(p, type_of(o))
        if rank then v = v + rank(p, o) end
        if v > best_v then best_i, best_v = i, v end
      end
    end
    if best_i then return best_i end
    local t = target(p, n)
    if t ~= nil then
      -- A trade or joker that gives a resource the target lacks, from a die it does not need.
      local c = COSTS[t]
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
    if spec.decide then return spec.decide(p, kind, opts) end
    return 1
  end)
end

return M
