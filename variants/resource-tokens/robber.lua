-- Tokens and the robber: the robber's player may take a token instead of robbing, and a discard
-- on a 7 may be paid with tokens. (Steals, monopoly and the discard count already see cards
-- only: the base pack reads the "card" form.)
--
--   base.robber_moved  When the robber lands on a hex with a resource (never the desert),
--                      its supply (hexes.lua: the bank, or with placement = "hexes" that hex)
--                      holds a token of it and no handler of tokens.robber_offer
--                      sets offer = false (a rule that replaced the steal, e.g. Cities &
--                      Knights' Bishop), the player decides (decision
--                      "tokens.robber", options {id = "rob", action = "rob"} and {id = "take",
--                      action = "take", resource, tokens}, text "rob a player" and "take 1
--                      brick token"):
--                      robbing runs the base pack's steal; the token replaces it
--                      (min(options.robber_tokens, supply) tokens of the hex's resource). An
--                      empty supply offers nothing (counted: stats.dry_robber).
--   base.discard       When the player holds a token matching one of their cards, each of the
--                      `count` items discarded is chosen among {id = "<r>:card", resource = r,
--                      form = "card"} and {id = "<r>:token", ..., form = "token"} (decision
--                      "tokens.discard", text "<r> card"): a token stands in for a card of its
--                      resource, so per resource the cards and tokens discarded together never
--                      exceed the cards held when the discard began. The cards of the other
--                      kinds a hand counts (base.hand_kinds, e.g. commodities) are offered
--                      too, after the resources, as {id = "<kind>:card", resource = kind, form
--                      = "card"}: they have no token. Otherwise the base pack's card discard
--                      runs.

-- The options of decision "tokens.robber" for n tokens of r (see the header). Made once per
-- game and kept (storage.robber_options[r][n]): do not modify them.
local function robber_options(r, n)
  local mine = per_resource_cache("robber_options", r)
  local list = mine[n]
  if list == nil then
    list = { { id = "rob", action = "rob" },
             { id = "take", action = "take", resource = r, tokens = n } }
    mine[n] = list
  end
  return list
end

game.describe("tokens.robber", function(o)
  if o.action == "rob" then return "rob a player" end
  return "take " .. count_text(o.tokens, o.resource .. " token")
end)

game.on("base.robber_moved", function(e)
  local r = board.tile_get(e.tile, "resource")
  if r == nil then return end
  local n = math.min(options.robber_tokens, available(e.tile, r))
  if n <= 0 then
    if options.robber_tokens > 0 then count_token_stat("dry_robber", 1) end
    return
  end
  if storage.robber_offer_hooked then
    local o = { player = e.player, tile = e.tile, offer = true }
    game.raise("tokens.robber_offer", o)
    if not o.offer then return end
  end
  if game.decide(e.player, "tokens.robber", robber_options(r, n)).action == "rob" then return end
  take_tokens(e.tile, r, n, e.player)
  if game.verbose() then
    game.log(string.format("player %d takes %s", e.player, count_text(n, r .. " token")))
  end
  return game.REPLACE
end, { priority = 100 })

-- The options of "tokens.discard": CARD_OPTIONS[r] = {id = "<r>:card", resource = r, form =
-- "card"}, TOKEN_OPTIONS[r] likewise with form "token" (made once per load; read only).
local CARD_OPTIONS, TOKEN_OPTIONS = {}, {}
for _, r in ipairs(RESOURCES) do
  CARD_OPTIONS[r] = { id = r .. ":card", resource = r, form = "card" }
  TOKEN_OPTIONS[r] = { id = r .. ":token", resource = r, form = TOKEN }
end

-- The other kinds of card a hand counts (base.hand_kinds, read once every pack has added its
-- own): storage.hand_kinds, and CARD_OPTIONS[kind] for each.
game.on("base.hand_kinds", function(e)
  local kinds = {}
  for i, k in ipairs(e.kinds) do
    kinds[i] = k
    CARD_OPTIONS[k] = CARD_OPTIONS[k] or { id = k .. ":card", resource = k, form = "card" }
  end
  storage.hand_kinds = kinds
end, { priority = 1000 })

game.describe("tokens.discard", function(o) return o.resource .. " " .. o.form end)

game.on("base.discard", function(e)
  local p = e.player
  local cards, held = storage.cards[p], storage.tokens[p]
  local matching = false
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    if cards[r] > 0 and held[r] > 0 then
      matching = true
      break
    end
  end
  if not matching then return end
  -- slots[r]: cards of r that may still be discarded (cards held when the discard began, less
  -- what was discarded of r); tokens[r]: tokens of r still held. The options array is reused.
  local d = storage.token_discard
  local slots, tokens, choices = d.slots, d.tokens, d.choices
  local extra = storage.hand_kinds
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    slots[r], tokens[r] = cards[r], held[r]
  end
  for i = 1, #extra do slots[extra[i]] = cards[extra[i]] end
  for _ = 1, e.count do
    local n = 0
    for i = 1, #RESOURCES do
      local r = RESOURCES[i]
      if slots[r] > 0 then
        n = n + 1
        choices[n] = CARD_OPTIONS[r]
        if tokens[r] > 0 then
          n = n + 1
          choices[n] = TOKEN_OPTIONS[r]
        end
      end
    end
    for i = 1, #extra do
      local k = extra[i]
      if slots[k] > 0 then
        n = n + 1
        choices[n] = CARD_OPTIONS[k]
      end
    end
    if n == 0 then break end
    for i = n + 1, #choices do choices[i] = nil end
    local choice = game.decide(p, "tokens.discard", choices)
    local r, form = choice.resource, choice.form
    game.move(p, "bank", r, 1, form)
    slots[r] = slots[r] - 1
    if form == TOKEN then
      tokens[r] = tokens[r] - 1
      count_token_stat("discarded", 1)
    end
  end
  return game.REPLACE
end, { priority = 100 })

game.on("game.setup", function()
  storage.robber_offer_hooked = game.has_handlers("tokens.robber_offer")
  storage.token_discard = { slots = {}, tokens = {}, choices = {} }
  storage.hand_kinds = storage.hand_kinds or {}
end)
