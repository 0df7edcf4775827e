-- Resource tokens: a second form of resources ("token" holdings beside the base pack's "card"
-- holdings) that nobody can take from their holder.
--
-- State (all in the kernel):
--   holdings, form "token", kinds brick lumber wool grain ore: the tokens of each player and of
--     the bank (the supply "bank" holds options.supply tokens of each resource at the start)
--   player prop tokens: tokens held, written when the game ends (the summary shows it)
-- Invariant: per resource, the bank's tokens plus every player's equal options.supply (verified
-- after the events that move tokens when the base pack's check option is on).
--
-- What tokens do (each through a base hook point):
--   pay       builds, development cards, maritime and domestic trades take any mix of cards and
--             tokens (base.funds counts them; base.pay, base.maritime and base.trade are paid
--             with spend(), where the payer picks the mix: decision "tokens.pay")
--   protected steals and monopoly take cards only and the discard count sees cards only (the
--             base pack counts the "card" form: nothing to do here)
--   discard   may be paid with tokens matching cards that could have been discarded (robber.lua)
--   earned    by moving the robber (robber.lua) and by walled cities and citadels when they
--             produce (production.lua, through event tokens.allowance)
--   never     paid out by a bank trade, Year of Plenty or the setup income: those pay cards.

RESOURCES = require("base").RESOURCES

-- The form of tokens in the holdings.
TOKEN = "token"

-- "1 card", "2 cards", "1 token", ...
function count_text(n, what)
  return n .. " " .. what .. (n == 1 and "" or "s")
end

-- storage[name][r]: a per-game cache for resource r (option lists made once per game), made on
-- first use.
function per_resource_cache(name, r)
  local cache = storage[name] or {}
  storage[name] = cache
  local mine = cache[r] or {}
  cache[r] = mine
  return mine
end

-- The options of decisions "tokens.pay" and "tokens.claim" for paying (or taking) n of resource
-- r with between lo and hi tokens, fewest tokens first: records {id = "tokens:K", resource = r,
-- amount = n, tokens = K, cards = n - K} (text "2 grain: 1 card, 1 token"). Made once per game and
-- kept (storage.pay_options[r][key]; n, lo and hi are below 64): do not modify the array (agents
-- never do).
function pay_options(r, n, lo, hi)
  local mine = per_resource_cache("pay_options", r)
  local key = (n * 64 + lo) * 64 + hi
  local list = mine[key]
  if list ~= nil then return list end
  list = {}
  for k = lo, hi do
    list[#list + 1] = { id = "tokens:" .. k, resource = r, amount = n, tokens = k, cards = n - k }
  end
  mine[key] = list
  return list
end

-- The text people see for a pay_options record.
local function pay_text(o)
  local mix
  if o.tokens == 0 then
    mix = count_text(o.cards, "card")
  elseif o.cards == 0 then
    mix = count_text(o.tokens, "token")
  else
    mix = count_text(o.cards, "card") .. ", " .. count_text(o.tokens, "token")
  end
  return o.amount .. " " .. o.resource .. ": " .. mix
end
game.describe("tokens.pay", pay_text)
game.describe("tokens.claim", pay_text)

-- How many of n of resource r player p pays in tokens (the rest in cards): p's choice (decision
-- "tokens.pay") when more than one mix is possible; nil when p holds fewer than n in both forms
-- together. Moves nothing.
local function pay_mix(p, r, n)
  if n <= 0 then return 0 end
  local cards, tokens = storage.cards[p][r], storage.tokens[p][r]
  local lo, hi = math.max(0, n - cards), math.min(n, tokens)
  if lo > hi then return nil end
  if hi > lo then return game.decide(p, "tokens.pay", pay_options(r, n, lo, hi)).tokens end
  return lo
end

-- Moves n of resource r from p to `to`: k tokens and n - k cards.
local function hand_over(p, to, r, n, k)
  if n - k > 0 then game.move(p, to, r, n - k, "card") end
  if k > 0 then
    game.move(p, to, r, k, TOKEN)
    if to == "bank" then count_token_stat("spent", k) end
  end
end

-- Player p hands n of resource r to `to` (a seat or "bank") in cards and tokens. When more than
-- one mix is possible p chooses (decision "tokens.pay", options from pay_options); tokens handed
-- to a player stay tokens. Error when p holds fewer than n in both forms together.
function spend(p, to, r, n)
  if n <= 0 then return end
  local k = pay_mix(p, r, n)
  if k == nil then
    error(string.format("player %d cannot pay %d %s (holds %d cards, %d tokens)", p, n, r,
      storage.cards[p][r], storage.tokens[p][r]), 2)
  end
  hand_over(p, to, r, n, k)
end

-- True when p holds a token of any resource that `cost` ({resource = n}) asks for.
local function tokens_for(p, cost)
  local held = storage.tokens[p]
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    if (cost[r] or 0) > 0 and held[r] > 0 then return true end
  end
  return false
end

game.on("game.setup", function(e)
  game.add_form(TOKEN)
  for _, r in ipairs(RESOURCES) do game.add("bank", r, options.supply, TOKEN) end
  -- Live views of the tokens held (storage.tokens[seat], storage.tokens.bank) and of the
  -- players' cards (storage.cards[seat]).
  storage.tokens = { bank = game.holdings_view("bank", TOKEN) }
  storage.cards = {}
  for p = 1, e.players do
    storage.tokens[p] = game.holdings_view(p, TOKEN)
    storage.cards[p] = game.holdings_view(p, "card")
  end
  storage.tokens_ready = true
end, { priority = -95 }) -- after the base catalogue (-100), which declares "card" first

-- Tokens count as funds for every payment and trade the base pack offers.
game.on("base.fund_forms", function(e)
  e.forms[#e.forms + 1] = TOKEN
end)

-- Payments run in place of the base defaults (priority 100: after any handler that changes the
-- payload), and only when the payer holds a token that could be used; otherwise the base pays in
-- cards as usual.
game.on("base.pay", function(e)
  if not tokens_for(e.player, e.cost) then return end
  for _, r in ipairs(RESOURCES) do spend(e.player, "bank", r, e.cost[r] or 0) end
  return game.REPLACE
end, { priority = 100 })

-- A bank trade may be paid with tokens; the bank pays cards only.
game.on("base.maritime", function(e)
  if storage.tokens[e.player][e.give] == 0 then return end
  spend(e.player, "bank", e.give, e.give_count)
  game.move("bank", e.player, e.get, e.get_count, "card")
  return game.REPLACE
end, { priority = 100 })

-- True when `player` holds a token of a resource of side `side` ({resource = n}).
local function tokens_in(player, side)
  local held = storage.tokens[player]
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    if (side[r] or 0) > 0 and held[r] > 0 then return true end
  end
  return false
end

-- True when p still holds side `side` ({kind = n}) paid as `mix` (mix[r] tokens of resource r,
-- false: p could not pay it; the rest in cards; kinds that are no resource in cards).
local function holds_mix(p, side, mix)
  for k, n in pairs(side) do
    if n > 0 then
      local k_tokens = mix[k]
      if k_tokens == false then return false end
      k_tokens = k_tokens or 0
      if game.count(p, k, "card") < n - k_tokens then return false end
      if k_tokens > 0 and storage.tokens[p][k] < k_tokens then return false end
    end
  end
  return true
end

-- Moves, as cards, the kinds of `side` ({kind = n}) that are no resource (the kinds other packs
-- trade, base.trade_kinds: commodities), in name order, from `from` to `to`.
local IS_RESOURCE = {}
for _, r in ipairs(RESOURCES) do IS_RESOURCE[r] = true end
local function hand_over_others(from, to, side)
  local others
  for k, n in pairs(side) do
    if not IS_RESOURCE[k] and n > 0 then
      others = others or {}
      others[#others + 1] = k
    end
  end
  if others == nil then return end
  table.sort(others)
  for _, k in ipairs(others) do game.move(from, to, k, side[k], "card") end
end

-- Either side of a domestic trade may pay with tokens, resource by resource (the offers and
-- counter-offers count them already: base.fund_forms); a token given stays a token. Kinds that
-- are no resource (base.trade_kinds) have no token and change hands as cards.
--
-- Both sides choose their mixes first, then the cards and tokens move. In a game both still hold
-- what they chose; a fork as seen by one seat deals the other hands again at its fork point (one
-- of these decisions), and the trade then lapses as base's does: nothing moves, and the game prop
-- stats.domestic_lapses counts it (set only then, so a game never has it).
game.on("base.trade", function(e)
  if not tokens_in(e.player, e.give) and not tokens_in(e.partner, e.get) then return end
  local give, get = {}, {}
  for _, r in ipairs(RESOURCES) do give[r] = pay_mix(e.player, r, e.give[r] or 0) or false end
  for _, r in ipairs(RESOURCES) do get[r] = pay_mix(e.partner, r, e.get[r] or 0) or false end
  if not holds_mix(e.player, e.give, give) or not holds_mix(e.partner, e.get, get) then
    game.set("stats.domestic_lapses", (game.get("stats.domestic_lapses") or 0) + 1)
    return game.REPLACE
  end
  for _, r in ipairs(RESOURCES) do hand_over(e.player, e.partner, r, e.give[r] or 0, give[r]) end
  hand_over_others(e.player, e.partner, e.give)
  for _, r in ipairs(RESOURCES) do hand_over(e.partner, e.player, r, e.get[r] or 0, get[r]) end
  hand_over_others(e.partner, e.player, e.get)
  return game.REPLACE
end, { priority = 100 })

-- Statistics for the balance lab (docs/lab.md), counted in storage.token_stats by key and
-- published at the end under the names below: tokens gained (production and the robber), spent
-- (paid to the bank; a token given in a trade stays in play), discarded on a seven, refused
-- (tokens claimed in production that a shortage turned into cards), shortages (rolls' requests
-- on one supply above its tokens) and the tokens players gave up in their talks; how often a
-- supply (a hex, or the bank's stock of one resource) gave its last token, claims that could
-- have taken tokens but found their supply empty, robber moves onto a producing hex whose supply
-- was empty; with the tokens on the hexes, the tokens put back on them (and refused for want of
-- bank tokens).
local TOKEN_STATS = { "gained", "spent", "discarded", "refused", "shortages", "given_up",
                      "emptied", "dry_claims", "dry_robber" }
local STAT_NAMES = { gained = "stats.tokens_gained", spent = "stats.tokens_spent",
                     discarded = "stats.tokens_discarded", refused = "stats.tokens_refused",
                     shortages = "stats.token_shortages", given_up = "stats.tokens_given_up",
                     emptied = "stats.supplies_emptied", dry_claims = "stats.dry_claims",
                     dry_robber = "stats.dry_robber", replenished = "stats.tokens_replenished",
                     unreplenished = "stats.tokens_unreplenished" }
local HEX_STATS = { "replenished", "unreplenished" }

function count_token_stat(name, n)
  local stats = storage.token_stats
  if stats == nil then
    stats = {}
    for k in pairs(STAT_NAMES) do stats[k] = 0 end
    storage.token_stats = stats
  end
  stats[name] = stats[name] + n
end

-- Also stats.first_dry_turn (the turn a supply first ran dry), only in games where one did; and
-- only with the tokens on the hexes, stats.tokens_replenished, stats.tokens_unreplenished and
-- stats.dry_hexes (producing hexes without a token at the end).
game.on("game.end", function()
  for q = 1, game.players() do game.player_set(q, "tokens", game.total(q, TOKEN)) end
  local stats = storage.token_stats or {}
  for _, k in ipairs(TOKEN_STATS) do game.set(STAT_NAMES[k], stats[k] or 0) end
  if storage.first_dry_turn then game.set("stats.first_dry_turn", storage.first_dry_turn) end
  if not HEXES then return end
  for _, k in ipairs(HEX_STATS) do game.set(STAT_NAMES[k], stats[k] or 0) end
  local dry = 0
  for _, r in ipairs(RESOURCES) do
    for _, t in ipairs(storage.hex_tiles[r]) do
      if board.tile_get(t, HEX_PROP) == 0 then dry = dry + 1 end
    end
  end
  game.set("stats.dry_hexes", dry)
end)

-- With the base pack's check option: token conservation after every event that moves tokens
-- (every holder counted: the bank, the players and, with the tokens on the hexes, the hexes),
-- and the hexes' counts.
function check_tokens(where)
  for _, r in ipairs(RESOURCES) do
    local sum = game.sum(r, TOKEN)
    if sum ~= options.supply then
      error(string.format("invariant broken: %s tokens (%s) after %s, expected %d, got %d",
        r, HEXES and "bank + hexes + players" or "bank + players", where, options.supply, sum), 0)
    end
  end
  if HEXES and storage.hex_tiles then check_hexes(where) end
end

-- A kernel invariant, like the base pack's own check: it runs after every event and before every
-- decision without handling any event.
if game.option("base", "check") then
  game.invariant(function(where)
    if storage.tokens_ready then check_tokens(where) end
  end)
end
