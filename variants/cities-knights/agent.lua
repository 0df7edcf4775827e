-- How the base pack's "heuristic" bot plays this slice (game.extend_agent; docs/lua-api.md). It
-- reads what an option does from its fields, never from the text people see.
--   base.setup_city   where it would put a setup settlement (the base bot's own answer to
--                     "base.setup_settlement", asked through `next`).
--   base.action       an improvement whenever one is on the menu (commodities buy nothing else
--                     here), the track with the highest level first (toward a metropolis);
--                     the Trading House for a commodity whose track is complete; a road when
--                     neither a settlement nor a city is on the menu and the hand holds more
--                     than 7 cards (a full board leaves Longest Road as the last points to
--                     take); otherwise the rest of the chain decides.
--               Before all of that, when the ship is SHIP_ALARM (2) spaces or fewer from
--               the island, the barbarians would win and p would lose a city (p has one they
--               can take and no candidate's active knights are weaker), it strengthens its
--               knights: activates the strongest inactive one, else builds a knight, else
--               promotes one; with the ship that near and no threat it still activates its
--               knights (a chance at the Defender point).
--               Then, with a knight that can act: chase the robber off a hex where p has
--               a settlement or city; displace a weaker knight whenever it can.
--   base.place_metropolis  the city whose producing hexes roll most often.
--   base.place_basic_knight  the spot whose producing hexes roll most often (without an
--                answer the base bot would run a search).
--   ck.pillage   the city whose producing hexes roll least often.
--               Then: a progress card whenever the menu offers one (a card is offered only when
--               its effect can be carried out, so at once is useful enough); each Commercial
--               Harbor exchange; a Merchant Fleet trade while it holds 3 or more of the kind.
--   ck.progress_discard  plays a card when offered, else puts back a card the pack cannot
--               play yet, else the first.
--   ck.alchemist the dice whose total pays p the most (at least 2 cards; else it rolls), the
--               red die as low as the total allows.
--   ck.resource_monopoly, ck.trade_monopoly  the kind that takes the most cards.
--   ck.fleet     the kind it holds most; ck.fleet_get as ck.trade_get.
--   ck.harbor_give, ck.harbor_take, ck.wedding, ck.master_merchant_card  the kind held most
--               (giving) or the bank's Year of Plenty choice among resources (taking: the first
--               kind offered otherwise).
--   ck.saboteur  the card base's bot would discard on a 7.
--   ck.smith, ck.master_merchant, ck.spy, ck.spy_card  the first option.
--   ck.tie_deck  the deck of its highest track (the first of equals).
--   ck.aqueduct       the card the base bot would take with Year of Plenty ("base.plenty").
--   ck.trade_give     the commodity of a complete track held most.
--   ck.trade_get      among the resources, the base bot's Year of Plenty choice.
--   ck.knight_move, ck.knight_retreat, ck.deserter_place  the node whose producing hexes roll
--               most often (never "none").
--   ck.knight_displace, ck.intrigue  the strongest knight (the first of equals).
--   ck.deserter  the opponent with the most points; ck.deserter_knight  its weakest knight, an
--               inactive one first.
--   ck.diplomat  a road of the Longest Road holder, else of the opponent with the longest road,
--               else its own; ck.diplomat_place  the base bot's road ("base.place_road").
--   ck.merchant  the hex of the resource p produces most (pips times 1 per settlement, 2 per
--               city), then the one it holds most cards of: its 2:1 trade sheds that surplus.
--   ck.inventor, ck.inventor_swap  the two hexes whose swap raises p's own production most
--               (best_swap); the Inventor is played only when some swap raises it.
--   (base.place_wall, for the Engineer too, is the city-walls pack's bot: the busiest city.)
--   base.trade_answer, base.trade_partner  the base bot's answer and partner, except that it
--               never gives a commodity whose track is not complete (the base bot values
--               resources only): then it declines, or trades with nobody.

local busiest_node = require("base").busiest_node
local node_pips = require("base").node_pips
local pips = require("base").pips

-- Spaces the ship has left to the island at which the bot starts to care.
local SHIP_ALARM = 3

-- Whether the next attack would cost p a city as the board stands.
local function threatened(p)
  if #pillage_targets(p) == 0 or barbarian_strength() <= catan_strength() then return false end
  local mine = active_strength(p)
  for q = 1, game.players() do
    if q ~= p and #pillage_targets(q) > 0 and active_strength(q) < mine then return false end
  end
  return true
end

-- The index of the knight option to take now (see the header), or nil.
local function knight_choice(p, opts)
  local left = options.barbarian_track - game.get("barbarian_position")
  if left > SHIP_ALARM then return nil end
  local activate, activate_level, build, promote
  for i, o in ipairs(opts) do
    if o.action == "activate_knight" and (activate == nil or o.level > activate_level) then
      activate, activate_level = i, o.level
    elseif o.action == "build" and o.piece == "basic_knight" then
      build = i
    elseif o.action == "promote_knight" then
      promote = promote or i
    end
  end
  if not threatened(p) then return activate end
  return activate or build or promote
end
local IS_RESOURCE = {}
for _, r in ipairs(RESOURCES) do IS_RESOURCE[r] = true end

-- The commodity of a track p has completed that p holds options.trade_rate times, else nil.
local function spare_commodity(p)
  local best, most
  for _, track in ipairs(TRACKS) do
    local c = TRACK_COMMODITY[track]
    local n = game.count(p, c, "card")
    if level_of(p, track) >= options.max_level and n >= options.trade_rate
        and (most == nil or n > most) then
      best, most = c, n
    end
  end
  return best
end

-- p's weight on tile t: 1 per settlement or fallen city of p on a corner, 2 per city.
local function tile_weight(p, t)
  local w = 0
  for _, n in ipairs(board.tile_nodes(t)) do
    if board.node_get(n, "owner") == p then
      local b = board.node_get(n, "building")
      if b == "settlement" or (b == "city" and board.node_get(n, "fallen")) then
        w = w + 1
      elseif b == "city" then
        w = w + 2
      end
    end
  end
  return w
end

-- What swapping the numbers of tiles a and b changes in p's pips of production.
local function swap_gain(p, a, b)
  local pa, pb = pips(board.tile_get(a, "number")), pips(board.tile_get(b, "number"))
  return (tile_weight(p, a) - tile_weight(p, b)) * (pb - pa)
end

-- The Inventor's best swap for p among `opts` (inventor_options): tiles a, b and the gain.
local function best_swap(p, opts)
  local a, b, gain = nil, nil, 0
  for i = 1, #opts do
    for j = i + 1, #opts do
      local g = swap_gain(p, opts[i].tile, opts[j].tile)
      if g > gain then a, b, gain = opts[i].tile, opts[j].tile, g end
    end
  end
  return a, b, gain
end

-- Whether p's bot plays card `card` when the menu offers it.
local function worth_playing(p, card)
  if card == "inventor" then return select(3, best_swap(p, inventor_options())) > 0 end
  return true
end

-- Whether p has a settlement or city on a corner of the robber's hex.
local function robbed(p)
  local robber = game.get("robber")
  if robber == nil then return false end
  for _, n in ipairs(board.tile_nodes(robber)) do
    local b = board.node_get(n, "building")
    if board.node_get(n, "owner") == p and (b == "settlement" or b == "city") then return true end
  end
  return false
end

-- The index of the knight action to take now (see the header), or nil.
local function knight_action_choice(p, opts)
  local displace
  for i, o in ipairs(opts) do
    if o.action == "chase_robber" and robbed(p) then return i end
    if o.action == "displace_knight" and displace == nil then displace = i end
  end
  return displace
end

-- The index of a progress card, Commercial Harbor or Merchant Fleet entry to take now, or nil.
local function extra_choice(p, opts)
  for i, o in ipairs(opts) do
    if (o.action == "play_progress" and worth_playing(p, o.card)) or o.action == "commercial_harbor"
        or (o.action == "merchant_fleet" and game.count(p, o.resource, "card") >= 3) then
      return i
    end
  end
end

game.extend_agent("heuristic", "base.setup_city", function(p, kind, opts, next)
  return next(p, "base.setup_settlement", opts)
end)

game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local knight = knight_choice(p, opts) or knight_action_choice(p, opts)
  if knight then return knight end
  local best, best_level, house, road, builds
  for i, o in ipairs(opts) do
    if o.action == "improve" and (best == nil or o.level > best_level) then
      best, best_level = i, o.level
    elseif o.action == "trading_house" then
      house = i
    elseif o.action == "build" and o.piece == "road" then
      road = i
    elseif o.action == "build" and (o.piece == "settlement" or o.piece == "city") then
      builds = true
    end
  end
  local card = extra_choice(p, opts)
  if card then return card end
  if best then return best end
  if house and spare_commodity(p) then return house end
  if road and not builds and game.total(p, "card") > 7 then return road end
  return next(p, kind, opts)
end)

game.extend_agent("heuristic", "base.place_metropolis", function(p, kind, opts)
  return busiest_node(opts)
end)

game.extend_agent("heuristic", "base.place_basic_knight", function(p, kind, opts)
  return busiest_node(opts)
end)

-- Node decisions: the busiest node option, never "none".
for _, kind in ipairs({ "ck.knight_move", "ck.knight_retreat", "ck.deserter_place" }) do
  game.extend_agent("heuristic", kind, function(p, _, opts)
    local nodes, index = {}, {}
    for i, o in ipairs(opts) do
      if o.node then
        nodes[#nodes + 1] = o
        index[#nodes] = i
      end
    end
    return index[busiest_node(nodes)]
  end)
end

-- Knight targets: the strongest (the first of equals).
for _, kind in ipairs({ "ck.knight_displace", "ck.intrigue" }) do
  game.extend_agent("heuristic", kind, function(p, _, opts)
    local best = 1
    for i, o in ipairs(opts) do
      if o.level > opts[best].level then best = i end
    end
    return best
  end)
end

game.extend_agent("heuristic", "ck.deserter", function(p, kind, opts)
  local best = 1
  for i, o in ipairs(opts) do
    if game.player_get(o.player, "vp") > game.player_get(opts[best].player, "vp") then best = i end
  end
  return best
end)

game.extend_agent("heuristic", "ck.deserter_knight", function(p, kind, opts)
  local best, best_key = 1, math.huge
  for i, o in ipairs(opts) do
    local key = 2 * o.level + (board.node_get(o.node, "active") and 1 or 0)
    if key < best_key then best, best_key = i, key end
  end
  return best
end)

game.extend_agent("heuristic", "ck.diplomat", function(p, kind, opts)
  local holder = game.get("longest_road")
  local best, best_key = 1, -1
  for i, o in ipairs(opts) do
    local key = 0
    if o.player == holder and o.player ~= p then
      key = 100
    elseif o.player ~= p then
      key = 1 + game.player_get(o.player, "road_length")
    end
    if key > best_key then best, best_key = i, key end
  end
  return best
end)

game.extend_agent("heuristic", "ck.diplomat_place", function(p, kind, opts, next)
  local roads, index = {}, {}
  for i, o in ipairs(opts) do
    if o.path then
      roads[#roads + 1] = o
      index[#roads] = i
    end
  end
  return index[next(p, "base.place_road", roads)]
end)

game.extend_agent("heuristic", "ck.pillage", function(p, kind, opts)
  local worst, worst_pips = 1, math.huge
  for i, o in ipairs(opts) do
    local n = node_pips(o.node)
    if n < worst_pips then worst, worst_pips = i, n end
  end
  return worst
end)

game.extend_agent("heuristic", "ck.progress_discard", function(p, kind, opts)
  for i, o in ipairs(opts) do
    if o.play then return i end
  end
  for i, o in ipairs(opts) do
    if PROGRESS_EFFECTS[o.card] == nil and o.card ~= "alchemist" then return i end
  end
  return 1
end)

-- The index of the option whose kind p holds most (the first of equals).
local function most_held(p, opts)
  local best, most = 1, -1
  for i, o in ipairs(opts) do
    local n = game.count(p, o.resource, "card")
    if n > most then best, most = i, n end
  end
  return best
end

for _, kind in ipairs({ "ck.fleet", "ck.harbor_give", "ck.harbor_take", "ck.wedding" }) do
  game.extend_agent("heuristic", kind, function(p, _, opts) return most_held(p, opts) end)
end

for _, kind in ipairs({ "ck.smith", "ck.master_merchant", "ck.spy", "ck.spy_card",
                        "ck.master_merchant_card" }) do
  game.extend_agent("heuristic", kind, function() return 1 end)
end

-- The cards of `kind` p's opponents hold together: what neither p nor a supply holds (public:
-- a hand's kinds are private, each kind's total across the hands is not).
local function opponents_total(p, kind)
  local n = game.sum(kind, "card") - game.count(p, kind, "card")
  for _, supply in ipairs(game.supplies()) do n = n - game.count(supply, kind, "card") end
  return n
end

-- The monopolies: the kind whose cards the opponents would give most (2 or 1 each at most), as
-- far as p can tell: their cards of it together, up to the cap for each.
for kind, cap in pairs({ ["ck.resource_monopoly"] = 2, ["ck.trade_monopoly"] = 1 }) do
  game.extend_agent("heuristic", kind, function(p, _, opts)
    local best, most = 1, -1
    for i, o in ipairs(opts) do
      local n = math.min(cap * (game.players() - 1), opponents_total(p, o.resource))
      if n > most then best, most = i, n end
    end
    return best
  end)
end

-- Cards p's buildings take on a roll of `total` (the robber's hex left out).
local function income(p, total)
  local n, robber = 0, game.get("robber")
  for tile = 1, board.tiles() do
    if tile ~= robber and board.tile_get(tile, "number") == total then
      for _, node in ipairs(board.tile_nodes(tile)) do
        if board.node_get(node, "owner") == p then
          local b = board.node_get(node, "building")
          if b == "settlement" then n = n + 1 elseif b == "city" then n = n + 2 end
        end
      end
    end
  end
  return n
end

game.extend_agent("heuristic", "ck.alchemist", function(p, kind, opts)
  local best, best_n = 1, 1
  for i, o in ipairs(opts) do
    if o.white then
      local total = o.white + o.red
      local n = total ~= 7 and income(p, total) or 0
      if n > best_n or (n == best_n and best > 1 and o.red < opts[best].red) then best, best_n = i, n end
    end
  end
  return best
end)

game.extend_agent("heuristic", "ck.tie_deck", function(p, kind, opts)
  local best, best_level = 1, -1
  for i, o in ipairs(opts) do
    if level_of(p, o.track) > best_level then best, best_level = i, level_of(p, o.track) end
  end
  return best
end)

game.extend_agent("heuristic", "ck.saboteur", function(p, kind, opts, next)
  return next(p, "base.discard", opts)
end)

game.extend_agent("heuristic", "ck.aqueduct", function(p, kind, opts, next)
  return next(p, "base.plenty", opts)
end)

game.extend_agent("heuristic", "ck.trade_give", function(p, kind, opts)
  local spare = spare_commodity(p)
  for i, o in ipairs(opts) do
    if o.resource == spare then return i end
  end
  return 1
end)

local function take_choice(p, kind, opts, next)
  local resources, index = {}, {}
  for i, o in ipairs(opts) do
    if IS_RESOURCE[o.resource] then
      resources[#resources + 1] = o
      index[#resources] = i
    end
  end
  if #resources == 0 then return 1 end
  return index[next(p, "base.plenty", resources)]
end
game.extend_agent("heuristic", "ck.trade_get", take_choice)
game.extend_agent("heuristic", "ck.fleet_get", take_choice)

game.extend_agent("heuristic", "ck.merchant", function(p, kind, opts)
  local made = {}
  for t = 1, board.tiles() do
    local r = board.tile_get(t, "resource")
    if r then made[r] = (made[r] or 0) + tile_weight(p, t) * pips(board.tile_get(t, "number")) end
  end
  local best, best_key = 1, -1
  for i, o in ipairs(opts) do
    local r = board.tile_get(o.tile, "resource")
    local key = made[r] * 100 + game.count(p, r, "card")
    if key > best_key then best, best_key = i, key end
  end
  return best
end)

game.extend_agent("heuristic", "ck.inventor", function(p, kind, opts)
  local a = best_swap(p, opts)
  for i, o in ipairs(opts) do
    if o.tile == a then return i end
  end
  return 1
end)

game.extend_agent("heuristic", "ck.inventor_swap", function(p, kind, opts)
  local best, gain = 1, nil
  for i, o in ipairs(opts) do
    local g = swap_gain(p, o.with, o.tile)
    if gain == nil or g > gain then best, gain = i, g end
  end
  return best
end)

-- Whether side `side` ({kind = n}) holds a commodity of a track p has not completed.
local function gives_needed_commodity(p, side)
  for _, track in ipairs(TRACKS) do
    if (side[TRACK_COMMODITY[track]] or 0) > 0 and level_of(p, track) < options.max_level then
      return true
    end
  end
  return false
end

-- The base bot's choice among trade options (their `give`: p's side), unless it gives a needed
-- commodity: then the option `fallback` picks (decline, nobody).
local function guard_commodities(fallback)
  return function(p, kind, opts, next)
    local i = next(p, kind, opts)
    local o = opts[i]
    if type(o.give) == "table" and gives_needed_commodity(p, o.give) then
      for j = 1, #opts do
        if fallback(opts[j]) then return j end
      end
    end
    return i
  end
end

game.extend_agent("heuristic", "base.trade_answer",
  guard_commodities(function(o) return o.answer == "decline" end))
game.extend_agent("heuristic", "base.trade_partner",
  guard_commodities(function(o) return o.player == nil end))
