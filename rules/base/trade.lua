-- Trade during the main phase of a turn: maritime trade with the bank (4:1, or 3:1 / 2:1 through
-- harbors the player has a settlement or city on) and domestic trade with the other players.
-- Only the player whose turn it is trades, after the roll; the others never trade among
-- themselves.
--
-- Harbors are the node prop `harbor` ("any" or a resource) that board.lua sets during
-- game.setup; this file lists the harbor nodes once per game (storage.harbor_nodes /
-- storage.harbor_kinds, parallel arrays; storage.harbor_at[node] = kind) and keeps each
-- player's rates in storage.port_rates[p] ({resource = 4|3|2}), refreshed when a building is
-- placed on a harbor node (by place_piece). All of these are read-only for everyone else.
--
-- Domestic trade (options domestic_trade, domestic_style, trade_cards, domestic_offers): in a
-- round the player on turn offers 1 to trade_cards cards it can spend for 1 to trade_cards
-- other cards (no more of a resource than the other players hold between them); each other
-- player accepts, declines or (style "almanac") counters with any cards it can spend for any
-- cards the offerer can spend; the offerer trades with one who accepted or countered, or with
-- nobody. No side is ever empty (no gifts) and no resource is
-- on both sides. At most domestic_offers rounds per turn (storage.turn.offers counts them,
-- storage.turn.trades the trades made), so no agent can offer forever. The style
-- "one_for_one" keeps 1 card for 1 card, accept or decline.
--
-- Decisions (option records; ids in quotes):
--   base.maritime_give   the resources the player can give at its rate (RESOURCE_OPTIONS:
--                        "brick" = {id = "brick", resource = "brick"}, ...)
--   base.maritime_get    the resources the bank can pay, other than the one given
--   base.trade_offer     offer_list: "offer:give=G:get=H" = {id, action = "offer", give, get}
--                        (sides {resource = n}; G, H as "lumber1,ore1"), a lazy list, then
--                        "cancel" = {id, action = "cancel"} (OFFER_CANCEL)
--   base.trade_answer    answer_list: "accept", "decline", then "counter:give=G:get=H", each
--                        {id, answer = "accept" | "decline" | "counter", from, offer, give,
--                        get} with give / get the answering player's side
--   base.trade_partner   "player:Q" = {id, player = Q, answer, give, get} (the offerer's side)
--                        for each player who accepted or countered, then "nobody"
--                        (NOBODY_OPTION)
-- Events (contracts in pack.json): base.maritime (a bank trade), base.offer, base.answer and
-- base.trade (an agreed domestic trade). What a player can give is read with funds_of / funds
-- (core.lua): cards, plus what handlers of base.funds add.
--
-- Trade kinds: the kinds traded are TRADE_KINDS, the resources then the kinds of form "card"
-- that handlers of base.trade_kinds (asked once, late in game.setup) append, e.g. a variant's
-- commodities (TRADE_EXTRAS: those alone). A player's cards of an extra kind are read from its
-- card view (they are no funds: tokens and base.funds concern resources). An extra kind goes
-- wherever a resource does in a trade: on either side of a domestic offer or counter-offer;
-- given to the bank at the player's rate for it (MARITIME_RATE, or HARBOR_ANY_RATE with a
-- generic harbor; a special harbor lowers only its resource; base.trade_rates sees and may
-- change it); paid by the bank. Decision options of an extra kind are {id = kind, resource =
-- kind} (TRADE_OPTIONS, with RESOURCE_OPTIONS for the resources).

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

local decide = game.decide

-- The kinds traded (see the header): the resources, then the kinds base.trade_kinds adds in
-- game.setup (use_trade_kinds). Filled in place, never replaced; read only for everyone else.
TRADE_KINDS, TRADE_EXTRAS, TRADE_OPTIONS = {}, {}, {}
for i, r in ipairs(RESOURCES) do
  TRADE_KINDS[i] = r
  TRADE_OPTIONS[r] = RESOURCE_OPTIONS[r]
end

-- Cards of the extra trade kinds (TRADE_EXTRAS) that p holds, in total.
function extra_trade_cards(p)
  local extras = TRADE_EXTRAS
  if #extras == 0 then return 0 end
  local view, n = storage.cards[p], 0
  for i = 1, #extras do n = n + view[extras[i]] end
  return n
end

-- What p can trade, {kind = n} over TRADE_KINDS, for reading only: spendable(p) without extra
-- kinds; with them a new table adding p's cards of each.
local function tradeable(p)
  local have = spendable(p)
  local extras = TRADE_EXTRAS
  if #extras == 0 then return have end
  local out, view = {}, storage.cards[p]
  for i = 1, #RESOURCES do out[RESOURCES[i]] = have[RESOURCES[i]] end
  for i = 1, #extras do out[extras[i]] = view[extras[i]] end
  return out
end

MARITIME_RATE = 4 -- cards given for one card from the bank without a harbor
HARBOR_ANY_RATE = 3 -- with a generic ("any") harbor
HARBOR_SPECIAL_RATE = 2 -- for the resource of a special harbor

-- Lists the harbor nodes once the board exists (board.lua runs at priority -90) and starts every
-- player at the 4:1 rate.
game.on("game.setup", function(e)
  local nodes, kinds, at = {}, {}, {}
  for n = 1, board.nodes() do
    local h = board.node_get(n, "harbor")
    if h then
      nodes[#nodes + 1] = n
      kinds[#kinds + 1] = h
      at[n] = h
    end
  end
  storage.harbor_nodes = nodes
  storage.harbor_kinds = kinds
  storage.harbor_at = at
  storage.port_rates = {}
  for p = 1, e.players do
    local rates = {}
    for i = 1, #TRADE_KINDS do rates[TRADE_KINDS[i]] = MARITIME_RATE end
    storage.port_rates[p] = rates
    -- Handlers of base.trade_rates may change even the rates of a player with no harbor.
    if game.has_handlers("base.trade_rates") then refresh_maritime_rates(p) end
  end
  -- The option arrays of maritime_action, refilled for every trade.
  storage.maritime_menu = { gives = {}, gets = {} }
end, { priority = -80 })

-- Recomputes player p's maritime rates (storage.port_rates[p]) from the harbors under p's
-- buildings (units do not count, build.lua), then lets handlers of base.trade_rates {player,
-- bank, rates} change them (raised only while handled; each rate must stay an integer >= 1).
-- Runs at game setup for every player while the event is handled, and whenever a node piece
-- lands on a harbor node (place_piece); a rule that removes a building from a harbor node, or
-- whose rates depend on other state, calls it (exported as require("base").refresh_trade_rates).
function refresh_maritime_rates(p)
  local rates = storage.port_rates[p]
  local traded = TRADE_KINDS
  for i = 1, #traded do rates[traded[i]] = MARITIME_RATE end
  local nodes, kinds = storage.harbor_nodes, storage.harbor_kinds
  for i = 1, #nodes do
    local n = nodes[i]
    local b = storage.building[n]
    if storage.owner[n] == p and b and not storage.units[b] then
      local h = kinds[i]
      if h == "any" then
        for j = 1, #traded do
          local r = traded[j]
          if rates[r] > HARBOR_ANY_RATE then rates[r] = HARBOR_ANY_RATE end
        end
      else
        rates[h] = HARBOR_SPECIAL_RATE
      end
    end
  end
  if game.has_handlers("base.trade_rates") then
    game.raise("base.trade_rates", { player = p, bank = MARITIME_RATE, rates = rates })
    for i = 1, #traded do
      local n = rates[traded[i]]
      if math.type(n) ~= "integer" or n < 1 then
        error(string.format("base.trade_rates: the rate of %s must be an integer of at least 1, "
          .. "not %s", traded[i], tostring(n)), 0)
      end
    end
  end
end


-- Maritime rates of player p: a new table {kind = 4|3|2} over TRADE_KINDS: 4 always, 3 for
-- every kind with an "any" harbor on one of p's buildings, 2 for the resource of a special
-- harbor there (then base.trade_rates).
function maritime_rates(p)
  local out = {}
  local rates = storage.port_rates[p]
  for i = 1, #TRADE_KINDS do out[TRADE_KINDS[i]] = rates[TRADE_KINDS[i]] end
  return out
end

-- The resource held by the bank when it holds exactly one, false when it holds several, nil
-- when it holds none.
local function bank_only_resource()
  local bank = storage.cards.bank
  local only = nil
  if bank.brick > 0 then only = "brick" end
  if bank.lumber > 0 then
    if only then return false end
    only = "lumber"
  end
  if bank.wool > 0 then
    if only then return false end
    only = "wool"
  end
  if bank.grain > 0 then
    if only then return false end
    only = "grain"
  end
  if bank.ore > 0 then
    if only then return false end
    only = "ore"
  end
  return only
end

-- The kind of TRADE_KINDS held by the bank when it holds exactly one, false when it holds
-- several, nil when it is empty. The bank can pay a trade giving r unless the answer is nil or r.
local function bank_only()
  local only = bank_only_resource()
  local extras = TRADE_EXTRAS
  if only == false or #extras == 0 then return only end
  local bank = storage.cards.bank
  for i = 1, #extras do
    if bank[extras[i]] > 0 then
      if only then return false end
      only = extras[i]
    end
  end
  return only
end

-- Kinds p can give in a maritime trade now (holds at least its rate, and the bank can pay
-- something else), in TRADE_KINDS order, as their options (TRADE_OPTIONS); a new array when
-- `out` is nil, else `out` refilled. Returns the array and its length.
function maritime_gives(p, out)
  out = out or {}
  local n = 0
  local only = bank_only()
  if only ~= nil then
    local rates = storage.port_rates[p]
    local f = tradeable(p)
    local kinds = TRADE_KINDS
    for i = 1, #kinds do
      local r = kinds[i]
      if f[r] >= rates[r] and r ~= only then
        n = n + 1
        out[n] = TRADE_OPTIONS[r]
      end
    end
  end
  for i = n + 1, #out do out[i] = nil end
  return out, n
end

-- The first extra trade kind (TRADE_EXTRAS) other than `except` that p holds at its rate, or nil.
local function extra_give(p, rates, except)
  local extras = TRADE_EXTRAS
  local view = storage.cards[p]
  for i = 1, #extras do
    local k = extras[i]
    if k ~= except and view[k] >= rates[k] then return k end
  end
end

-- True when a maritime trade is possible for p, who can spend `have` ({resource = n}: its
-- cards, or its funds while base.funds has handlers; its cards of extra kinds are read here).
function maritime_possible(p, have)
  local rates = storage.port_rates[p]
  local r = nil
  local brick, lumber, wool, grain, ore = have.brick, have.lumber, have.wool, have.grain, have.ore
  if brick >= rates.brick then r = "brick"
  elseif lumber >= rates.lumber then r = "lumber"
  elseif wool >= rates.wool then r = "wool"
  elseif grain >= rates.grain then r = "grain"
  elseif ore >= rates.ore then r = "ore"
  else
    r = #TRADE_EXTRAS > 0 and extra_give(p, rates) or nil
    if r == nil then return false end
  end
  local only = bank_only()
  if only == false then return true end
  if only == nil then return false end
  -- The bank holds only `only`: p must be able to give something else.
  if r ~= only then return true end
  for i = 1, #RESOURCES do
    local s = RESOURCES[i]
    if s ~= only and have[s] >= rates[s] then return true end
  end
  return #TRADE_EXTRAS > 0 and extra_give(p, rates, only) ~= nil
end

-- True when p can make a maritime trade now.
function can_maritime(p)
  return maritime_possible(p, spendable(p))
end

-- Default action of base.maritime: give_count cards to the bank, get_count cards from it.
local function maritime_default(e)
  game.move(e.player, "bank", e.give, e.give_count, "card")
  game.move("bank", e.player, e.get, e.get_count, "card")
end

-- Maritime trade of player p (the current player): p picks a kind to give at its rate,
-- then one the bank holds to receive (TRADE_KINDS); raises base.maritime {player, give, give_count, get,
-- get_count} whose default moves give_count cards to the bank and get_count cards from it.
-- Error when p is not the current player or cannot trade.
function maritime_action(p)
  if p ~= storage.turn_view.current then
    error("maritime trade: only the player whose turn it is trades (player " .. p .. ")", 2)
  end
  local gives, n = maritime_gives(p, storage.maritime_menu.gives)
  if n == 0 then error("maritime trade: player " .. p .. " has nothing to trade", 2) end
  local give = decide(p, "base.maritime_give", gives).resource
  local rate = storage.port_rates[p][give]
  local gets = storage.maritime_menu.gets
  local bank = storage.cards.bank
  n = 0
  local kinds = TRADE_KINDS
  for i = 1, #kinds do
    local r = kinds[i]
    if r ~= give and bank[r] > 0 then
      n = n + 1
      gets[n] = TRADE_OPTIONS[r]
    end
  end
  for i = n + 1, #gets do gets[i] = nil end
  local get = decide(p, "base.maritime_get", gets).resource
  local trade = { player = p, give = give, give_count = rate, get = get, get_count = 1 }
  game.raise("base.maritime", trade, maritime_default)
  if storage.verbose then
    game.log(string.format("player %d trades %d %s with the bank for %d %s", p, trade.give_count,
      trade.give, trade.get_count, trade.get))
  end
end


------------------------------------------------------------------------------------------------
-- Domestic trade (the almanac's): the player on turn offers some cards for others; each other
-- player, in seat order after the offerer, accepts, declines or counters; the offerer then
-- trades with one of those who accepted or countered, or with nobody.
--
-- A side of a trade is 1 to side_max cards (option trade_cards, at most 10; 1 in the
-- one_for_one style): in records a table {kind = n} of the trade kinds in it (KINDS, which is
-- TRADE_KINDS: the resources, then the extra kinds), here its key:
-- the count of KINDS[k] in bits 5(k-1) .. 5(k-1)+3 of an integer (a holding's counts, at
-- most side_max each, are keys too). The bit above each count is a guard: a side fits a
-- holding (every count at most the holding's) when ((holding | GUARDS) - side) keeps every
-- guard bit set. A trade never has a side empty (no gifts) nor a kind on both sides (no
-- like-for-like). The mask of a side has bit k-1 set when KINDS[k] is in it. Sides of one
-- mask are ordered fewest cards first, then by counts in KINDS order, larger first
-- (sides_of_mask).
--
-- What a player can put on its side is what it holds (funds: cards, plus forms of payment
-- variants add), up to side_max of each. A catalogue (catalogue()) lists the sides that fit
-- such a holding by mask: key = the holding's counts (clamped) as a key, counts[S] = how many
-- sides of mask S fit (nil when none), masks = the masks with sides, ascending, held = the mask
-- of the kinds held, sub[m & held] = how many sides have a mask inside m (made when first
-- needed: subs()). The count of a mask depends only on the holding's counts of its own
-- kinds, so counts are shared between catalogues (group_cache[S][those counts as a key]);
-- the sides themselves are found by walking the few sides of the mask (nth_side,
-- append_sides, side_place). Sides, counts, catalogues and the sides' tables and texts are
-- derived from the configuration only, so they live in locals of this chunk (the chunk runs
-- anew for every game) and are made on first use.
--
-- Offers and counter-offers are lazy option lists (trade_list): a few leading records (accept,
-- decline), then every trade (g, h) with g from catalogue G, h from catalogue H and disjoint
-- masks, ordered by g's mask, g, h's mask, h; then a few trailing records (cancel). Entry i is
-- made when read, so a bot that picks by index (the random bot) makes one record, and a bot
-- that knows what it wants finds its index with trade_index without making any.

local side_max, counters_allowed, rounds_max = 1, false, 0
local FIELD_BITS = 5 -- bits per kind in a key: a count (0..10) and its guard bit
-- Set by layout() from TRADE_KINDS: KINDS, GUARDS, FIELDS[S] (the count bits of the kinds of
-- mask S), FULL_MASK (every kind), and the caches emptied.
local KINDS, GUARDS, FIELDS, FULL_MASK
local by_mask, group_cache, catalogues
local side_vecs, side_texts, offer_records -- offer_records[g][h]
local EMPTY_LIST = {} -- never modified
local EMPTY_CATALOGUE = { key = 0, held = 0, counts = {}, masks = {}, sub = { [0] = 0 } }

-- OFFER_CANCEL: the offerer's option of making no offer after all.
OFFER_CANCEL = { id = "cancel", action = "cancel" }

-- Sets the key layout for the kinds of TRADE_KINDS (at most 12: a key holds 5 bits a kind) and
-- empties the caches of sides, catalogues and records.
local function layout()
  KINDS = TRADE_KINDS
  if #KINDS > 12 then error("base.trade_kinds: at most 12 kinds are traded, not " .. #KINDS, 0) end
  FULL_MASK = (1 << #KINDS) - 1
  GUARDS, FIELDS = 0, {}
  for k = 1, #KINDS do GUARDS = GUARDS | (16 << (FIELD_BITS * (k - 1))) end
  for S = 1, FULL_MASK do
    local f = 0
    for k = 1, #KINDS do
      if S & (1 << (k - 1)) ~= 0 then f = f | (15 << (FIELD_BITS * (k - 1))) end
    end
    FIELDS[S] = f
  end
  by_mask, group_cache, catalogues = {}, {}, {}
  side_vecs, side_texts, offer_records = {}, {}, {}
  for S = 1, FULL_MASK do group_cache[S] = {} end
end
layout()

-- The masks S ~= 0 inside m, ascending (made on first use).
local submask_lists = {}
local function submasks(m)
  local list = submask_lists[m]
  if list == nil then
    list = {}
    for T = 1, m do
      if T & m == T then list[#list + 1] = T end
    end
    submask_lists[m] = list
  end
  return list
end

-- The table {kind = n} of side `key` (made once per game; shared: read only).
local function side_vec(key)
  local vec = side_vecs[key]
  if vec == nil then
    vec = {}
    for k = 1, #KINDS do
      local n = key >> (FIELD_BITS * (k - 1)) & 15
      if n > 0 then vec[KINDS[k]] = n end
    end
    side_vecs[key] = vec
  end
  return vec
end

-- The text of side `key` in ids: "lumber1,ore1".
local function side_id(key)
  local text = side_texts[key]
  if text == nil then
    local parts = {}
    for k = 1, #KINDS do
      local n = key >> (FIELD_BITS * (k - 1)) & 15
      if n > 0 then parts[#parts + 1] = KINDS[k] .. n end
    end
    text = table.concat(parts, ",")
    side_texts[key] = text
  end
  return text
end

-- The keys of the sides of mask S (by_mask[S], made on first use), in order.
local function sides_of_mask(S)
  local list = by_mask[S]
  if list then return list end
  list = {}
  local at = {}
  for k = 1, #KINDS do
    if S & (1 << (k - 1)) ~= 0 then at[#at + 1] = k end
  end
  local last = #at
  local function walk(j, left, key)
    local shift = FIELD_BITS * (at[j] - 1)
    if j == last then
      list[#list + 1] = key | (left << shift)
      return
    end
    for n = left - (last - j), 1, -1 do walk(j + 1, left - n, key | (n << shift)) end
  end
  for size = last, side_max do walk(1, size, 0) end
  by_mask[S] = list
  return list
end

-- True when every count of side `key` is at most the same count of holding `cap` (a key).
local function fits(key, cap)
  return ((cap | GUARDS) - key) & GUARDS == GUARDS
end

-- How many sides of mask S fit holding `cap` (the count depends only on cap & FIELDS[S]):
-- counted once per game for each value of that.
local function group_size(S, cap)
  cap = cap & FIELDS[S]
  local cache = group_cache[S]
  local n = cache[cap]
  if n then return n end
  n = 0
  local all, room = sides_of_mask(S), cap | GUARDS
  for i = 1, #all do
    if (room - all[i]) & GUARDS == GUARDS then n = n + 1 end -- fits(all[i], cap)
  end
  cache[cap] = n
  return n
end

-- Appends to `out` the sides of mask S fitting holding `cap`, in order.
local function append_sides(out, S, cap)
  local all, room = sides_of_mask(S), cap | GUARDS
  for i = 1, #all do
    local key = all[i]
    if (room - key) & GUARDS == GUARDS then out[#out + 1] = key end -- fits(key, cap)
  end
end

-- The place (1-based) of side `key` of mask S among those fitting holding `cap`, or nil when
-- it does not fit.
local function side_place(S, cap, key)
  if not fits(key, cap) then return nil end
  local all = sides_of_mask(S)
  local j = 0
  for i = 1, #all do
    local other = all[i]
    if fits(other, cap) then
      j = j + 1
      if other == key then return j end
    end
  end
end

-- The catalogue of the sides that fit `have` ({kind = n}; counts above side_max count as
-- side_max), made once per game for each distinct holding.
local function catalogue(have)
  local key, held = 0, 0
  for k = 1, #KINDS do
    local n = have[KINDS[k]] or 0
    if n > 0 then
      if n > side_max then n = side_max end
      key, held = key | (n << (FIELD_BITS * (k - 1))), held | (1 << (k - 1))
    end
  end
  local cat = catalogues[key]
  if cat then return cat end
  local counts, masks = {}, {}
  local list = submasks(held)
  for i = 1, #list do
    local S = list[i]
    local n = group_cache[S][key & FIELDS[S]] or group_size(S, key)
    if n > 0 then
      counts[S] = n
      masks[#masks + 1] = S
    end
  end
  cat = { key = key, held = held, counts = counts, masks = masks, sub = false }
  catalogues[key] = cat
  return cat
end

-- The catalogue's sub (made on first use): sub[m] for m inside the holding's mask `held` =
-- the sides with a mask inside m, summed over subsets one kind at a time; for any other
-- m the count is sub[m & held].
local function subs(cat)
  local sub = cat.sub
  if sub then return sub end
  local counts, held = cat.counts, cat.held
  local list = submasks(held)
  sub = { [0] = 0 }
  for i = 1, #list do
    local m = list[i]
    sub[m] = counts[m] or 0
  end
  for k = 0, #KINDS - 1 do
    local bit = 1 << k
    if held & bit ~= 0 then
      for i = 1, #list do
        local m = list[i]
        if m & bit ~= 0 then sub[m] = sub[m] + sub[m ~ bit] end
      end
    end
  end
  cat.sub = sub
  return sub
end

-- The key and mask of side `vec` ({kind = n}), or nil when it is empty, has more than
-- side_max cards or names anything but trade kinds.
local function side_of(vec)
  local key, mask, size = 0, 0, 0
  for k = 1, #KINDS do
    local n = vec[KINDS[k]] or 0
    if math.type(n) ~= "integer" or n < 0 or n > side_max then return nil end
    if n > 0 then
      key, mask, size = key | (n << (FIELD_BITS * (k - 1))), mask | (1 << (k - 1)), size + n
    end
  end
  if size == 0 or size > side_max then return nil end
  local fields = 0
  for _ in next, vec do fields = fields + 1 end -- only counted: the order does not matter
  local named = 0
  for k = 1, #KINDS do
    if vec[KINDS[k]] ~= nil then named = named + 1 end
  end
  if fields ~= named then return nil end
  return key, mask
end

-- "1 lumber, 1 ore" for a side {kind = n} (KINDS order).
function side_text(vec)
  local parts = {}
  for k = 1, #KINDS do
    local n = vec[KINDS[k]]
    if n and n > 0 then parts[#parts + 1] = n .. " " .. KINDS[k] end
  end
  return table.concat(parts, ", ")
end

-- True when `have` ({kind = n}) holds every card of side `vec`.
local function covers_side(have, vec)
  for k = 1, #KINDS do
    local r = KINDS[k]
    local n = vec[r]
    if n and have[r] < n then return false end
  end
  return true
end

-- The option "offer side g for side h" (keys): {id = "offer:give=G:get=H", action = "offer",
-- give, get}, made once per game (read only).
local function offer_record(g, h)
  local of_g = offer_records[g]
  if of_g == nil then
    of_g = {}
    offer_records[g] = of_g
  end
  local o = of_g[h]
  if o == nil then
    o = { id = "offer:give=" .. side_id(g) .. ":get=" .. side_id(h), action = "offer",
          give = side_vec(g), get = side_vec(h) }
    of_g[h] = o
  end
  return o
end

-- The offer record (see offer_record) of giving `give` for `get` ({kind = n} each), or nil
-- when that is no offer (a side empty or too large, a kind on both sides).
function offer_option(give, get)
  local g, gmask = side_of(give)
  local h, hmask = side_of(get)
  if g == nil or h == nil or gmask & hmask ~= 0 then return nil end
  return offer_record(g, h)
end

-- The j-th (1-based) side of mask S fitting holding `cap`.
local function nth_side(S, cap, j)
  local all, room = sides_of_mask(S), cap | GUARDS
  for i = 1, #all do
    local key = all[i]
    if (room - key) & GUARDS == GUARDS then -- fits(key, cap)
      j = j - 1
      if j == 0 then return key end
    end
  end
end

-- The trade k (0-based) of list t as the keys of its sides g, h. The trades of one give mask S
-- form a block: each side of G of mask S (gs) against each side of H whose mask misses S (hs),
-- in order. The first read finds its two sides by walking; a second read in the same block
-- lists the block's sides once (t.block), so reading a whole list (as pack tests do, checking
-- every id) costs a lookup per option.
local function trade_at(t, k)
  local b = t.block
  if b and k >= b.lo and k < b.hi then
    local hs = b.hs
    if hs then
      local j = k - b.lo
      return b.gs[j // #hs + 1], hs[j % #hs + 1]
    end
  end
  local G, H = t.G, t.H
  local hsub, hheld, masks = subs(H), H.held, G.masks
  local lo = 0
  for i = 1, #masks do
    local S = masks[i]
    local comp = FULL_MASK ~ S
    local nh = hsub[comp & hheld]
    local hi = lo + G.counts[S] * nh
    if k < hi then
      local hmasks = H.masks
      if b and b.lo == lo then
        -- The second read in this block: list its sides.
        local gs, hs = {}, {}
        append_sides(gs, S, G.key)
        for j = 1, #hmasks do
          local T = hmasks[j]
          if T & comp == T then append_sides(hs, T, H.key) end
        end
        b.gs, b.hs = gs, hs
        local j = k - lo
        return gs[j // nh + 1], hs[j % nh + 1]
      end
      t.block = { lo = lo, hi = hi, gs = false, hs = false }
      local j = k - lo
      local g, rest = nth_side(S, G.key, j // nh + 1), j % nh
      for m = 1, #hmasks do
        local T = hmasks[m]
        if T & comp == T then
          local n = H.counts[T]
          if rest < n then return g, nth_side(T, H.key, rest + 1) end
          rest = rest - n
        end
      end
    end
    lo = hi
  end
end

-- Metatable of trade lists (trade_list).
local TRADE_LIST_META = {}
TRADE_LIST_META.__len = function(t) return t.n_lead + t.n + #t.tail end
TRADE_LIST_META.__index = function(t, i)
  if math.type(i) ~= "integer" or i < 1 then return nil end
  if i <= t.n_lead then return t.lead[i] end
  local k = i - t.n_lead
  if k > t.n then return t.tail[k - t.n] end
  local made = t.made
  local o = made[k]
  if o == nil then
    local j = k - 1 -- the trade's place in the enumeration, past the one left out
    if t.skip and j >= t.skip then j = j + 1 end
    local g, h = trade_at(t, j)
    if t.counter then
      o = { id = "counter:give=" .. side_id(g) .. ":get=" .. side_id(h), answer = "counter",
            from = t.from, offer = t.offer, give = side_vec(g), get = side_vec(h) }
    else
      o = offer_record(g, h)
    end
    made[k] = o
  end
  return o
end
TRADE_LIST_META.__pairs = function(t)
  return function(_, i)
    i = i + 1
    local o = t[i]
    if o ~= nil then return i, o end
  end, t, 0
end

-- The place (0-based) of the trade giving `give` for `get` ({kind = n} each) in the
-- enumeration of catalogues G and H (trade_list), or nil when they do not hold it.
local function enumeration_place(G, H, give, get)
  local g, gmask = side_of(give)
  local h, hmask = side_of(get)
  if g == nil or h == nil or gmask & hmask ~= 0 then return nil end
  local j = side_place(gmask, G.key, g)
  local k = j and side_place(hmask, H.key, h)
  if k == nil then return nil end
  local hsub, hcounts, hheld = subs(H), H.counts, H.held
  local comp = FULL_MASK ~ gmask
  local index = 0
  local masks = G.masks
  for i = 1, #masks do
    local S = masks[i]
    if S >= gmask then break end
    index = index + G.counts[S] * hsub[(FULL_MASK ~ S) & hheld]
  end
  index = index + (j - 1) * hsub[comp & hheld]
  masks = H.masks
  for i = 1, #masks do
    local T = masks[i]
    if T >= hmask then break end
    if T & comp == T then index = index + hcounts[T] end
  end
  return index + k - 1
end

-- A lazy option list: the records `lead`, then every trade (g, h) with g in catalogue G and h
-- in catalogue H (masks disjoint) as offers (offer_record), or with `counter` as counter-offers
-- {id = "counter:give=G:get=H", answer = "counter", from, offer, give, get} to the offer
-- `offer` of seat `from`, leaving out the counter-offer that is the offer itself (accepting
-- says that); then the records `tail`. Fields (read only): trades = the number of trades; the
-- others are private to this file.
local function trade_list(G, H, lead, tail, counter, from, offer)
  local n = 0
  local masks = G.masks
  if #masks > 0 then
    local counts, hsub, hheld = G.counts, subs(H), H.held
    for i = 1, #masks do
      local S = masks[i]
      n = n + counts[S] * hsub[(FULL_MASK ~ S) & hheld]
    end
  end
  local skip = false
  if counter and n > 0 then skip = enumeration_place(G, H, offer.get, offer.give) or false end
  if skip then n = n - 1 end
  return setmetatable({ G = G, H = H, lead = lead, n_lead = #lead, tail = tail, n = n,
                        trades = n, counter = counter, from = from, offer = offer, made = {},
                        block = false, skip = skip }, TRADE_LIST_META)
end

-- The index in a trade list (offer_list, answer_list) of the trade in which the deciding player
-- gives `give` and gets `get` ({kind = n} each), or nil when the list does not offer it.
-- Makes no record: this is how an agent that knows what it wants finds it in a long list.
function trade_index(opts, give, get)
  if getmetatable(opts) ~= TRADE_LIST_META then return nil end
  local place = enumeration_place(rawget(opts, "G"), rawget(opts, "H"), give, get)
  if place == nil then return nil end
  local skip = rawget(opts, "skip")
  if skip then
    if place == skip then return nil end
    if place > skip then place = place - 1 end
  end
  return rawget(opts, "n_lead") + place + 1
end

-- What the players other than p can trade together, per kind ({kind = n}, a table
-- refilled on every call). Public in the base game: each resource's cards outside the bank and
-- p's hand (and likewise for tokens).
local others = {}
local function others_hold(p)
  for k = 1, #KINDS do others[KINDS[k]] = 0 end
  for q = 1, storage.players do
    if q ~= p then
      local have = tradeable(q)
      for k = 1, #KINDS do
        local r = KINDS[k]
        others[r] = others[r] + have[r]
      end
    end
  end
  return others
end

-- The options of decision "base.trade_offer" for p: every offer of cards p can spend (funds)
-- for cards of other kinds the other players hold between them, up to side_max a side, as
-- a lazy list, then OFFER_CANCEL.
function offer_list(p)
  return trade_list(catalogue(tradeable(p)), catalogue(others_hold(p)), EMPTY_LIST,
    { OFFER_CANCEL }, false)
end

-- The options of decision "base.trade_answer" for q, offered `offer` (an offer record) by p,
-- or nil when q could only decline: "accept" when q can pay what p asks, "decline", then (in
-- the almanac style) every counter-offer of cards q can spend for cards p can spend. Records:
--   {id = "accept", answer = "accept", from = p, offer, give = offer.get, get = offer.give}
--   {id = "decline", answer = "decline", from = p, offer}
--   {id = "counter:give=G:get=H", answer = "counter", from = p, offer, give, get}
-- give and get are what q would give and get.
function answer_list(p, q, offer)
  local have = tradeable(q)
  local lead = {}
  if covers_side(have, offer.get) then
    lead[1] = { id = "accept", answer = "accept", from = p, offer = offer, give = offer.get,
                get = offer.give }
  end
  local G, H = EMPTY_CATALOGUE, EMPTY_CATALOGUE
  if counters_allowed then G, H = catalogue(have), catalogue(tradeable(p)) end
  lead[#lead + 1] = { id = "decline", answer = "decline", from = p, offer = offer }
  local list = trade_list(G, H, lead, EMPTY_LIST, true, p, offer)
  if #lead == 1 and list.trades == 0 then return nil end
  return list
end

-- True when the main menu of p (the player on turn) offers a domestic trade: the option is
-- on, fewer than domestic_offers rounds were begun this turn, and p can spend a card.
function can_offer_trade(p)
  if not storage.domestic_trade or storage.turn.offers >= rounds_max then return false end
  return view_size(spendable(p)) > 0 or extra_trade_cards(p) > 0
end

-- Default action of base.trade: each side hands over its cards.
local function trade_default(e)
  for i = 1, #KINDS do
    local r = KINDS[i]
    local n = e.give[r]
    if n and n > 0 then game.move(e.player, e.partner, r, n, "card") end
    n = e.get[r]
    if n and n > 0 then game.move(e.partner, e.player, r, n, "card") end
  end
end

-- A copy of side `vec`, for a payload.
local function copy_side(vec)
  local out = {}
  for k = 1, #KINDS do
    local r = KINDS[k]
    out[r] = vec[r]
  end
  return out
end

-- The cards of a side, in total.
local function side_size(vec)
  local n = 0
  for k = 1, #KINDS do n = n + (vec[KINDS[k]] or 0) end
  return n
end

-- One round of domestic trade by p (the current player, after the roll):
--   1. p picks an offer from offer_list(p), or "cancel" (the round still counts).
--   2. base.offer {player, give, get} (raised while handled; a veto withdraws the offer).
--   3. Each other player q, in seat order after p, with anything to answer (answer_list)
--      decides "base.trade_answer"; base.answer {player = q, offerer = p, answer, give, get}
--      follows (raised while handled; give/get are q's side; a veto makes it a decline).
--   4. When someone accepted or countered, p decides "base.trade_partner" among them
--      ({id = "player:Q", player = Q, answer, give, get}: give and get are p's side) and
--      "nobody".
--   5. The trade lapses when either side no longer holds its cards (a fork seen by one seat
--      deals the others' hands again); else base.trade {player, partner, give, get} moves the
--      cards (a veto cancels it).
-- Returns true when cards changed hands. Error when p is not on turn, has not rolled, or
-- begun domestic_offers rounds this turn.
function domestic_action(p)
  if p ~= storage.turn_view.current then
    error("domestic trade: only the player whose turn it is trades (player " .. p .. ")", 2)
  end
  local turn = storage.turn
  if not turn.rolled then error("domestic trade: not before the roll", 2) end
  if turn.offers >= rounds_max then
    error(string.format("domestic trade: %d offers this turn already", turn.offers), 2)
  end
  local stats = storage.stats
  local verbose = storage.verbose
  local offer = decide(p, "base.trade_offer", offer_list(p))
  turn.offers = turn.offers + 1 -- after the decision: agents read the rounds before this one
  if offer.action ~= "offer" then
    if verbose then game.log(string.format("player %d: no offer after all", p)) end
    return false
  end
  if storage.offer_hooked and game.raise("base.offer", { player = p, give = copy_side(offer.give),
      get = copy_side(offer.get) }) == "vetoed" then
    if verbose then game.log(string.format("player %d: the offer is withdrawn", p)) end
    return false
  end
  if stats then stats.domestic_offers = stats.domestic_offers + 1 end
  if verbose then
    game.log(string.format("player %d offers: %s", p, game.label("base.trade_offer", offer)))
  end

  local n = storage.players
  local partners = {}
  for k = 1, n - 1 do
    local q = (p + k - 1) % n + 1
    local answers = answer_list(p, q, offer)
    if answers then
      local a = decide(q, "base.trade_answer", answers)
      local answer = a.answer
      if storage.answer_hooked then
        local e = { player = q, offerer = p, answer = answer }
        if answer ~= "decline" then e.give, e.get = copy_side(a.give), copy_side(a.get) end
        if game.raise("base.answer", e) == "vetoed" then answer = "decline" end
      end
      if verbose then
        game.log(string.format("player %d: %s", q, game.label("base.trade_answer", a)))
      end
      if answer ~= "decline" then
        partners[#partners + 1] = { id = "player:" .. q, player = q, answer = answer,
                                    give = a.get, get = a.give }
      end
    end
  end
  if #partners == 0 then
    if verbose then game.log(string.format("player %d: nobody takes the offer", p)) end
    return false
  end
  partners[#partners + 1] = NOBODY_OPTION
  local pick = decide(p, "base.trade_partner", partners)
  local q = pick.player
  if not q then
    if verbose then game.log(string.format("player %d trades with nobody", p)) end
    return false
  end
  local give, get = pick.give, pick.get
  -- In a game both sides still hold their cards here. A fork as seen by one seat deals the
  -- other hands again and may have dealt them away: the trade lapses, counted in the game prop
  -- stats.domestic_lapses (set only then, so a game never has it).
  if not covers_side(tradeable(p), give) or not covers_side(tradeable(q), get) then
    game.set("stats.domestic_lapses", (game.get("stats.domestic_lapses") or 0) + 1)
    if verbose then game.log(string.format("player %d: the trade lapses", p)) end
    return false
  end
  local deal = { player = p, partner = q, give = copy_side(give), get = copy_side(get) }
  if game.raise("base.trade", deal, trade_default) == "vetoed" then
    if verbose then game.log(string.format("player %d: the trade with player %d is off", p, q)) end
    return false
  end
  turn.trades = turn.trades + 1
  if stats then
    stats.domestic_trades = stats.domestic_trades + 1
    stats.domestic_cards = stats.domestic_cards + side_size(give) + side_size(get)
  end
  if verbose then
    game.log(string.format("player %d gives %s to player %d for %s", p, side_text(give), q,
      side_text(get)))
  end
  return true
end

game.on("game.setup", function()
  storage.domestic_trade = options.domestic_trade
  local almanac = options.domestic_style == "almanac"
  side_max = almanac and options.trade_cards or 1
  counters_allowed = almanac
  rounds_max = options.domestic_offers
  storage.domestic_offers = rounds_max
  layout()
  -- Handlers are registered only while packs load, so these hold for the whole game.
  storage.offer_hooked = game.has_handlers("base.offer")
  storage.answer_hooked = game.has_handlers("base.answer")
end, { priority = -80 })

-- Makes `kinds` (kinds declared by now, of form "card") trade kinds: appends them to
-- TRADE_KINDS and TRADE_EXTRAS with their options, lays out domestic sides again and recounts
-- every player's rates. What a base.trade_kinds handler's kinds lead to (game.setup, below).
function use_trade_kinds(kinds)
  local declared = {}
  for _, kind in ipairs(game.kinds()) do declared[kind] = true end
  for _, kind in ipairs(kinds) do
    if TRADE_OPTIONS[kind] or not declared[kind] then
      error(string.format("base.trade_kinds: '%s' is a resource, named twice or no declared kind",
        tostring(kind)), 0)
    end
    TRADE_KINDS[#TRADE_KINDS + 1] = kind
    TRADE_EXTRAS[#TRADE_EXTRAS + 1] = kind
    TRADE_OPTIONS[kind] = HAND_OPTIONS[kind] or { id = kind, resource = kind }
  end
  layout()
  for p = 1, storage.players do refresh_maritime_rates(p) end
end

-- The extra trade kinds (base.trade_kinds), asked late in game.setup so that variants have
-- declared their kinds.
game.on("game.setup", function()
  local kinds = {}
  game.raise("base.trade_kinds", { kinds = kinds })
  if #kinds > 0 then use_trade_kinds(kinds) end
end, { priority = 100 })
