-- Dice and resource production.
--
-- roll_dice(p) rolls two dice through base.roll; produce(total) pays every building next to a
-- tile with that number (except the tile under the robber), applying the bank shortage rule
-- per resource; a tile of a terrain of choice (a gold field, storage.tile_choice) pays its cards
-- after the others, each a resource its receiver chooses (produce_choices). Events (contracts in pack.json):
--   base.claim  {player, tile, node, building, resource, amount}: one building's claim on one
--               tile; handlers may change amount (0 or less: no claim).
--   base.production {total, claims}: once per roll that produced any claim, after every
--               base.claim and before the bank shortage rule; claims = every claim payload of the
--               roll in tile then node order. Handlers may change any claim's amount (e.g. pay
--               part of it in another form); the shortage rule and the payouts use the result.
--               The claims array and the claim tables are refilled on later rolls (pooled, see
--               CLAIM_META): handlers do not keep them; a field a handler adds stays with its
--               roll.
--   base.production_watch {player, node, building, piece, watch = false}: raised after a piece is
--               placed on a node (place_piece, after base.built); handlers set watch = true when
--               the claims of that node need base.watched_production. The answer holds until the
--               next piece is placed on that node.
--   base.watched_production {total, claims}: as base.production (same claims, raised right
--               after it), but only for rolls with a claim on a watched node not under the
--               robber. A rule that concerns a few buildings (tokens for walled cities) handles
--               this instead of base.production, so the other rolls keep the cached path.
--   base.payout {player, resource, amount, claims}: one player's total of one resource after
--               the shortage rule; claims = that player's claim payloads for the resource, in
--               tile then node order. Default (payout_default): move amount cards from the bank
--               (at most what the bank holds).
--   base.produced {player, total, received}: after production of a roll other than 7 was paid
--               (produce_roll); received[q] = the cards (hand_size) seat q gained. Raised only
--               while handled.
-- When no handler is registered for base.claim / base.production / base.payout (known at
-- game.setup, since handlers are registered only while packs load) and the roll touches no
-- watched node, produce() neither builds payloads nor raises those events: the result is the
-- same, without a table per building.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

local move = game.move

-- Index of each resource in RESOURCES (constant).
RESOURCE_INDEX = { brick = 1, lumber = 2, wool = 3, grain = 4, ore = 5 }

-- The game prop key of each dice total's histogram counter (constant).
HISTOGRAM_KEY = {}
for i = 2, 12 do HISTOGRAM_KEY[i] = "dice_histogram." .. i end

-- Cards a building yields per producing tile when its piece spec has no `yield` field.
DEFAULT_YIELD = { settlement = 1, city = 2 }

-- Per-game lookups for produce(), after core.lua (pieces) and board.lua (tiles).
game.on("game.setup", function(e)
  local yield = {}
  for name, spec in pairs(storage.pieces) do
    if spec.on == "node" then yield[name] = spec.yield or DEFAULT_YIELD[name] or 0 end
  end
  storage.yield = yield
  -- owed[(p - 1) * 5 + resource index]: cards owed in the current produce() call; all zero
  -- between calls.
  local owed = {}
  for i = 1, e.players * #RESOURCES do owed[i] = 0 end
  storage.owed = owed
  -- produced[resource index]: cards paid out by production this game (stats.lua publishes them).
  storage.produced = { 0, 0, 0, 0, 0 }
  storage.touched = {}
  storage.owed_sum, storage.owed_players, storage.owed_mark = { 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0 },
    { 0, 0, 0, 0, 0 }
  storage.settle_stamp = 0
  storage.roll_claims = {} -- produce(): the claims of the current roll
  storage.claim_pool, storage.claim_slot = {}, {} -- produce(): pooled claim payloads
  storage.players = e.players
  storage.claim_hooked = game.has_handlers("base.claim")
  storage.payout_hooked = game.has_handlers("base.payout")
  storage.production_event_hooked = game.has_handlers("base.production")
  storage.production_hooked = storage.claim_hooked or storage.payout_hooked
    or storage.production_event_hooked
  storage.roll_hooked = game.has_handlers("base.roll")
  -- Watching needs both events handled; watched[node] = true for the watched nodes.
  storage.watch_hooked = game.has_handlers("base.production_watch")
    and game.has_handlers("base.watched_production")
  storage.watched = {}
  storage.produced_hooked = game.has_handlers("base.produced")
end, { priority = -80 })

-- Asks base.production_watch about node n after a piece of kind `piece` was placed there by p
-- (place_piece) and records the answer. A change drops storage.watched_tiles.
function update_watch(p, piece, n)
  local e = { player = p, node = n, building = storage.building[n], piece = piece, watch = false }
  game.raise("base.production_watch", e)
  local watch = e.watch and true or nil
  if storage.watched[n] ~= watch then
    storage.watched[n] = watch
    storage.watched_tiles = nil
  end
end

-- Rolls two six-sided dice for p and returns the total. Raises base.roll {player, dice =
-- {d1, d2}, total} (handlers may change dice and total), counts the total in the game prop
-- "dice_histogram.<total>" and marks storage.turn.rolled.
function roll_dice(p)
  local d1, d2 = game.roll(6), game.roll(6)
  local total = d1 + d2
  if storage.roll_hooked then
    local e = { player = p, dice = { d1, d2 }, total = total }
    game.raise("base.roll", e)
    d1, d2, total = e.dice[1], e.dice[2], e.total
  end
  game.set("die.1", d1)
  game.set("die.2", d2)
  local key = HISTOGRAM_KEY[total] or ("dice_histogram." .. total)
  game.set(key, (storage.props[key] or 0) + 1)
  storage.turn.rolled = true
  if storage.verbose then
    game.log(string.format("player %d rolls %d + %d = %d", p, d1, d2, total))
  end
  return total
end

-- Default action of base.payout: amount cards of the resource from the bank to the player,
-- never more than the bank holds.
function payout_default(e)
  local amount = e.amount
  local left = storage.cards.bank[e.resource]
  if amount > left then amount = left end
  if amount > 0 then
    move("bank", e.player, e.resource, amount, "card")
    local produced, ri = storage.produced, RESOURCE_INDEX[e.resource]
    if ri then produced[ri] = produced[ri] + amount end
  end
end

-- The buildings next to a tile with number `total`: a flat array of sextuples (tile, node,
-- owner, building, resource, yield) in tile then node order, robber ignored, yield 0 included.
-- Cached per number in the board cache (build.lua).
local function claim_sites(total)
  local sites = board_cache().sites
  local list = sites[total]
  if list ~= nil then return list end
  list = {}
  local tiles = storage.tiles_by_number[total] or storage.no_tiles
  local tile_nodes, tile_resource, yield = storage.tile_nodes, storage.tile_resource, storage.yield
  local building_at, owner_at = storage.building, storage.owner
  for i = 1, #tiles do
    local tile = tiles[i]
    local resource = tile_resource[tile]
    if resource then
      local nodes = tile_nodes[tile]
      for j = 1, #nodes do
        local node = nodes[j]
        local building = building_at[node]
        if building then
          local n = #list
          list[n + 1], list[n + 2], list[n + 3] = tile, node, owner_at[node]
          list[n + 4], list[n + 5], list[n + 6] = building, resource, yield[building] or 0
        end
      end
    end
  end
  sites[total] = list
  return list
end

-- The claims of a roll of `total` when no production event has handlers, as a flat array of
-- triples (tile, (owner - 1) * 5 + resource index, amount) for every building with a positive
-- yield next to a tile with that number, robber ignored. Cached per number in the board cache.
local function plain_claims(total)
  local cache = board_cache().claims
  local list = cache[total]
  if list ~= nil then return list end
  list = {}
  local sites = claim_sites(total)
  for i = 1, #sites, 6 do
    local amount = sites[i + 5]
    if amount > 0 then
      local n = #list
      list[n + 1], list[n + 3] = sites[i], amount
      list[n + 2] = (sites[i + 2] - 1) * 5 + RESOURCE_INDEX[sites[i + 4]]
    end
  end
  cache[total] = list
  return list
end

-- Pays `amount` (> 0) of resource r (index ri in RESOURCES) to seat p: through base.payout with
-- the claims behind it while that event has handlers, else in cards from the bank.
local function pay_out(p, ri, r, amount, claims)
  if storage.payout_hooked then
    game.raise("base.payout", { player = p, resource = r, amount = amount, claims = claims },
      payout_default)
  else
    move("bank", p, r, amount, "card")
    local produced = storage.produced
    produced[ri] = produced[ri] + amount
  end
end

-- Pays what storage.owed holds for the owed keys touched[1..m] (k = (seat - 1) * 5 + resource
-- index), applying the bank shortage rule per resource, and clears them. The shortage rule
-- compares each resource's claims with the bank before anything of that resource is paid.
-- Without handlers of base.payout the order of payments does not change the outcome; with
-- them, payouts go in RESOURCES order, then seat order, each with its claims (claims[k]).
local function settle(m, claims)
  local owed, touched, bank = storage.owed, storage.touched, storage.cards.bank
  if m == 1 then
    -- One player owed one resource: paid what the bank holds, up to the claim.
    local k = touched[1]
    local ri = (k - 1) % 5 + 1
    local amount, r = owed[k], RESOURCES[ri]
    owed[k] = 0
    local left = bank[r]
    if amount > left then amount = left end
    if amount > 0 then pay_out((k - ri) // 5 + 1, ri, r, amount, claims and claims[k]) end
    return
  end
  -- sum[ri], who[ri]: cards of resource ri owed and players owed them, valid where
  -- mark[ri] == stamp (this call); sum[ri] becomes 0 once ri is found payable, -1 when short.
  local sum, who, mark = storage.owed_sum, storage.owed_players, storage.owed_mark
  local stamp = storage.settle_stamp + 1
  storage.settle_stamp = stamp
  for j = 1, m do
    local k = touched[j]
    local ri = (k - 1) % 5 + 1
    if mark[ri] ~= stamp then
      mark[ri], sum[ri], who[ri] = stamp, owed[k], 1
    else
      sum[ri], who[ri] = sum[ri] + owed[k], who[ri] + 1
    end
  end
  local payout_hooked = storage.payout_hooked
  if payout_hooked then
    -- RESOURCES order, then seat order: sort by (resource index, seat).
    for i = 2, m do
      local k = touched[i]
      local key = ((k - 1) % 5) * 64 + (k - 1) // 5
      local j = i - 1
      while j >= 1 and ((touched[j] - 1) % 5) * 64 + (touched[j] - 1) // 5 > key do
        touched[j + 1] = touched[j]
        j = j - 1
      end
      touched[j + 1] = k
    end
  end
  for j = 1, m do
    local k = touched[j]
    local ri = (k - 1) % 5 + 1
    local amount, r = owed[k], RESOURCES[ri]
    owed[k] = 0
    local left = bank[r]
    local s = sum[ri]
    if s > 0 then
      -- First claim of ri: the shortage rule, before any card of ri is paid.
      if s <= left or who[ri] == 1 then
        s = 0
      else
        s = -1
        if storage.verbose then
          game.log(string.format("bank short of %s: %d owed to %d players, %d left; nobody gets it",
            r, sum[ri], who[ri], left))
        end
      end
      sum[ri] = s
    end
    if s == 0 then
      if amount > left then amount = left end -- only when a single player is owed
      if amount > 0 then pay_out((k - ri) // 5 + 1, ri, r, amount, claims and claims[k]) end
    end
  end
end

-- produce(total) while no production event has handlers: the same result from the cached
-- claims.
local function produce_plain(total)
  local list = plain_claims(total)
  local n = #list
  if n == 0 then return end
  local robber, owed, touched = storage.props.robber, storage.owed, storage.touched
  local m = 0
  for i = 1, n, 3 do
    if list[i] ~= robber then
      -- Owe amount under key k; touched[1..m] lists each owed key once.
      local k = list[i + 1]
      local o = owed[k]
      if o == 0 then
        m = m + 1
        touched[m] = k
      end
      owed[k] = o + list[i + 2]
    end
  end
  if m > 0 then settle(m) end
end


-- Claim payloads are pooled per game (storage.claim_pool[i], the i-th claim of a roll) and
-- refilled every roll. A handler that adds a field to a claim (or sets a field it removed)
-- takes that table out of the pool (CLAIM_META.__newindex), so a later roll gets a new one and
-- no added field outlives its roll.
CLAIM_META = {
  __newindex = function(claim, key, value)
    rawset(claim, key, value)
    local slot = storage.claim_slot[claim]
    if slot then
      storage.claim_pool[slot], storage.claim_slot[claim] = false, nil
    end
  end,
}

-- True when a roll of `total` is watched: a tile with that number, not under the robber, touches
-- a watched node (which holds a building, so the roll has a claim there). The tiles per number
-- (storage.watched_tiles[number], a tile once per watched corner) depend on the watch set alone
-- and are rebuilt after it changes.
local function watched_roll(total, robber)
  local by_number = storage.watched_tiles
  if by_number == nil then
    by_number = {}
    local number, node_tiles = storage.tile_number, storage.node_tiles
    for n in pairs(storage.watched) do
      local tiles = node_tiles[n]
      for i = 1, #tiles do
        local k = number[tiles[i]]
        if k then
          local list = by_number[k] or {}
          by_number[k] = list
          list[#list + 1] = tiles[i]
        end
      end
    end
    storage.watched_tiles = by_number
  end
  local tiles = by_number[total]
  if tiles == nil then return false end
  for i = 1, #tiles do
    if tiles[i] ~= robber then return true end
  end
  return false
end

-- The cards of the terrains of choice (storage.tile_choice: a gold field) on a roll of `total`:
-- for every building next to such a tile with that number, not under the robber, in tile then
-- node order, its owner takes as many cards as the building yields (storage.yield), one at a
-- time, each a resource of their choice among those the bank holds (decision
-- "base.production_choice", RESOURCE_OPTIONS); an empty bank pays nothing more. These cards
-- are paid after the roll's other production and raise no base.claim or base.payout (their
-- resource is not known until chosen).
local function produce_choices(total)
  local tiles = storage.tiles_by_number[total]
  if tiles == nil then return end
  local choice, robber = storage.tile_choice, storage.props.robber
  local tile_nodes, building_at, owner_at, yield = storage.tile_nodes, storage.building,
    storage.owner, storage.yield
  local bank, produced = storage.cards.bank, storage.produced
  for i = 1, #tiles do
    local tile = tiles[i]
    if choice[tile] and tile ~= robber then
      local nodes = tile_nodes[tile]
      for j = 1, #nodes do
        local building = building_at[nodes[j]]
        local owner = owner_at[nodes[j]]
        for _ = 1, building and yield[building] or 0 do
          local list = {}
          for _, r in ipairs(RESOURCES) do
            if bank[r] > 0 then list[#list + 1] = RESOURCE_OPTIONS[r] end
          end
          if #list == 0 then return end
          local r = game.decide(owner, "base.production_choice", list).resource
          move("bank", owner, r, 1, "card")
          produced[RESOURCE_INDEX[r]] = produced[RESOURCE_INDEX[r]] + 1
          if storage.verbose then
            game.log(string.format("player %d takes 1 %s from %s", owner, r, tile_label(tile)))
          end
        end
      end
    end
  end
end

-- Pays every building next to a tile with number `total` but the robber's: the fixed resources
-- (produce_fixed), then the cards of choice (produce_choices, only while the board has a tile
-- of a terrain of choice).
function produce(total)
  produce_fixed(total)
  if storage.choice_tiles > 0 then produce_choices(total) end
end

function produce_fixed(total)
  local watched = storage.watch_hooked and watched_roll(total, storage.props.robber)
  if not (watched or storage.production_hooked) then return produce_plain(total) end
  local sites = claim_sites(total)
  if #sites == 0 then return end
  local robber = storage.props.robber
  local claim_hooked, payout_hooked = storage.claim_hooked, storage.payout_hooked
  -- Every claim payload of this roll, in tile then node order (an array refilled every roll).
  local all, n = storage.roll_claims, 0
  local pool = storage.claim_pool
  for i = 1, #sites, 6 do
    if sites[i] ~= robber then
      n = n + 1
      local claim = pool[n]
      if claim then
        claim.player, claim.tile, claim.node = sites[i + 2], sites[i], sites[i + 1]
        claim.building, claim.resource, claim.amount = sites[i + 3], sites[i + 4], sites[i + 5]
      else
        claim = setmetatable({ player = sites[i + 2], tile = sites[i], node = sites[i + 1],
                               building = sites[i + 3], resource = sites[i + 4],
                               amount = sites[i + 5] }, CLAIM_META)
        pool[n], storage.claim_slot[claim] = claim, n
      end
      if claim_hooked then game.raise("base.claim", claim) end
      all[n] = claim
    end
  end
  for i = n + 1, #all do all[i] = nil end
  if n == 0 then return end
  if storage.production_event_hooked then
    game.raise("base.production", { total = total, claims = all })
  end
  if watched then game.raise("base.watched_production", { total = total, claims = all }) end
  local claims -- payout_hooked only: claims[k] = the claim payloads behind owed key k
  local m = 0
  local owed, touched, index = storage.owed, storage.touched, RESOURCE_INDEX
  for i = 1, n do
    local claim = all[i]
    local amount = claim.amount
    if amount > 0 then
      local k = (claim.player - 1) * 5 + index[claim.resource]
      -- Owe amount under key k; touched[1..m] lists each owed key once.
      local o = owed[k]
      if o == 0 then
        m = m + 1
        touched[m] = k
      end
      owed[k] = o + amount
      if payout_hooked then
        claims = claims or {}
        local list = claims[k]
        if list == nil then list = {}; claims[k] = list end
        list[#list + 1] = claim
      end
    end
  end
  if m > 0 then settle(m, claims) end
end

-- The production of p's roll of `total` (not 7): produce(total), then, while base.produced has
-- handlers, base.produced {player, total, received} with received[q] = the cards (hand_size)
-- seat q gained from it.
function produce_roll(p, total)
  if storage.verbose then
    -- What the roll produced for whom (public: production is dealt face up).
    local before = {}
    for q = 1, storage.players do
      local v, copy = storage.cards[q], {}
      for _, r in ipairs(RESOURCES) do copy[r] = v[r] end
      before[q] = copy
    end
    produce_roll_quietly(p, total)
    local parts = {}
    for q = 1, storage.players do
      local got = {}
      for _, r in ipairs(RESOURCES) do
        local n = storage.cards[q][r] - before[q][r]
        if n > 0 then got[#got + 1] = n .. " " .. r end
      end
      if #got > 0 then parts[#parts + 1] = "player " .. q .. " gets " .. table.concat(got, ", ") end
    end
    game.log(string.format("roll %d produces: %s", total,
      #parts > 0 and table.concat(parts, "; ") or "nothing"))
    return
  end
  produce_roll_quietly(p, total)
end

-- produce_roll without its log line.
function produce_roll_quietly(p, total)
  if not storage.produced_hooked then return produce(total) end
  local before, received = {}, {}
  for q = 1, storage.players do before[q] = hand_size(q) end
  produce(total)
  for q = 1, storage.players do received[q] = hand_size(q) - before[q] end
  game.raise("base.produced", { player = p, total = total, received = received })
end
