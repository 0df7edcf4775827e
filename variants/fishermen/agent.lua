-- How the base pack's "heuristic" bot plays fish (game.extend_agent; see docs/lua-api.md). It
-- reads what an option does from its fields (action, use, cost, player, kind, resource), never
-- from the text people see; like every agent it only reads the game.
--   base.action          in this order: give the old boot away (to the opponent showing most
--                        points); a development card for fish; chase the robber when it blocks
--                        one of the bot's own producing hexes; a resource when one card is all a
--                        city or a settlement lacks; a free road in place of the road the rest
--                        of the chain would pay for; with a full hand of tokens (the limit, less
--                        one), the dearest use offered, so that new fish are not lost; otherwise
--                        the rest of the chain decides (`next`).
--   fishermen.resource   the card a city, then a settlement, lacks; else the resource it holds
--                        fewest cards of.
--   fishermen.victim     the opponent showing most points (then most cards).
--   fishermen.full       return a 1-fish token to draw (a draw is worth about 1.9 fish), else
--                        keep.

local CITY = { ore = 3, grain = 2 }
local SETTLEMENT = { brick = 1, lumber = 1, wool = 1, grain = 1 }
local ORDER = { "brick", "lumber", "wool", "grain", "ore" }
-- Fish uses worth taking when the tokens are full, dearest first.
local FULL_ORDER = { dev = 1, road = 2, resource = 3, steal = 4 }

-- The single resource p lacks for `cost` ({resource = n}), or nil when it lacks none or more.
local function one_short(p, cost)
  local missing
  for _, r in ipairs(ORDER) do
    local need = (cost[r] or 0) - game.count(p, r, "card")
    if need > 1 or (need == 1 and missing) then return nil end
    if need == 1 then missing = r end
  end
  return missing
end

-- The resource a fish purchase should bring p: what a city lacks (with a settlement to upgrade),
-- then what a settlement lacks (with one in supply), else nil.
local function wanted(p)
  if (game.player_get(p, "settlements") or 0) > 0 and game.count(p, "city", "piece") > 0 then
    local r = one_short(p, CITY)
    if r then return r end
  end
  if game.count(p, "settlement", "piece") > 0 then return one_short(p, SETTLEMENT) end
  return nil
end

-- True when the robber stands on a hex with a resource touching one of p's buildings.
local function robber_blocks(p)
  local t = game.get("robber")
  if t == nil or board.tile_get(t, "resource") == nil then return false end
  for _, n in ipairs(board.tile_nodes(t)) do
    if board.node_get(n, "owner") == p then return true end
  end
  return false
end

game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local uses, boot, best_points = {}, nil, -1
  for i, o in ipairs(opts) do
    if o.action == "fish" then
      uses[o.use] = i
    elseif o.action == "boot" then
      local pts = shown_points(o.player)
      if pts > best_points then boot, best_points = i, pts end
    end
  end
  if boot then return boot end
  if uses.dev then return uses.dev end
  if uses.robber and robber_blocks(p) then return uses.robber end
  if uses.resource and wanted(p) then return uses.resource end
  local choice = next(p, kind, opts)
  local o = opts[choice]
  if uses.road and o.action == "build" and o.piece == "road" then return uses.road end
  if tokens_of(p) >= options.max_tokens - 1 and (o.action == "end") then
    local pick, rank = nil, 99
    for u, i in pairs(uses) do
      local r = FULL_ORDER[u]
      if r and r < rank then pick, rank = i, r end
    end
    if pick then return pick end
  end
  return choice
end)

game.extend_agent("heuristic", "fishermen.resource", function(p, kind, opts)
  local want = wanted(p)
  local best, fewest = 1, math.huge
  for i, o in ipairs(opts) do
    if o.resource == want then return i end
    local n = game.count(p, o.resource, "card")
    if n < fewest then best, fewest = i, n end
  end
  return best
end)

game.extend_agent("heuristic", "fishermen.victim", function(p, kind, opts)
  local best, key = 1, -1
  for i, o in ipairs(opts) do
    local k = shown_points(o.player) * 100 + game.total(o.player, "card")
    if k > key then best, key = i, k end
  end
  return best
end)

game.extend_agent("heuristic", "fishermen.full", function(p, kind, opts)
  for i, o in ipairs(opts) do
    if o.action == "return" and o.value == 1 then return i end
  end
  for i, o in ipairs(opts) do
    if o.action == "keep" then return i end
  end
  return 1
end)
