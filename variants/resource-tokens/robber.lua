-- Tokens and the robber: the robber's player may take a token instead of robbing, and a discard
-- on a 7 may be paid with tokens. (Steals, monopoly and the discard count already see cards
-- only: the base pack reads the "card" form.)
--
--   base.robber_moved  When the robber lands on a hex with a resource (never the desert) and
--                      the bank holds a token of it, the player decides (decision
--                      "tokens.robber", options "rob a player" and "take 1 brick token"):
--                      robbing runs the base pack's steal; the token replaces it
--                      (min(options.robber_tokens, bank) tokens of the hex's resource).
--   base.discard       When the player holds a token matching one of their cards, each of the
--                      `count` items discarded is chosen among "<r> card" and "<r> token"
--                      (decision "tokens.discard"): a token stands in for a card of its
--                      resource, so per resource the cards and tokens discarded together never
--                      exceed the cards held when the discard began. Otherwise the base
--                      pack's card discard runs.

-- The options of decision "tokens.robber" for n tokens of r: { "rob a player", "take 1 ore
-- token" }. Made once per game and kept (storage.robber_labels[r][n]): do not modify them.
local function robber_labels(r, n)
  local mine = per_resource_cache("robber_labels", r)
  local labels = mine[n]
  if labels == nil then
    labels = { "rob a player", "take " .. count_text(n, r .. " token") }
    mine[n] = labels
  end
  return labels
end

game.on("base.robber_moved", function(e)
  local r = board.tile_get(e.tile, "resource")
  if r == nil then return end
  local n = math.min(options.robber_tokens, storage.tokens.bank[r])
  if n <= 0 then return end
  local labels = robber_labels(r, n)
  local _, i = game.decide(e.player, "tokens.robber", labels)
  if i == 1 then return end
  game.move("bank", e.player, r, n, TOKEN)
  count_token_stat("gained", n)
  if game.verbose() then
    game.log(string.format("player %d takes %s", e.player, labels[2]:sub(6)))
  end
  return game.REPLACE
end, { priority = 100 })

-- CARD_LABEL[r] = "<r> card", TOKEN_LABEL[r] = "<r> token" (constant).
local CARD_LABEL, TOKEN_LABEL = {}, {}
for _, r in ipairs(RESOURCES) do
  CARD_LABEL[r], TOKEN_LABEL[r] = r .. " card", r .. " token"
end

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
  -- what was discarded of r); tokens[r]: tokens of r still held. Option i of the decision
  -- discards resource picks[i] in form forms[i]; the three arrays are reused.
  local d = storage.token_discard
  local slots, tokens, labels, picks, forms = d.slots, d.tokens, d.labels, d.picks, d.forms
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    slots[r], tokens[r] = cards[r], held[r]
  end
  for _ = 1, e.count do
    local n = 0
    for i = 1, #RESOURCES do
      local r = RESOURCES[i]
      if slots[r] > 0 then
        n = n + 1
        labels[n], picks[n], forms[n] = CARD_LABEL[r], r, "card"
        if tokens[r] > 0 then
          n = n + 1
          labels[n], picks[n], forms[n] = TOKEN_LABEL[r], r, TOKEN
        end
      end
    end
    if n == 0 then break end
    for i = n + 1, #labels do labels[i] = nil end
    local _, i = game.decide(p, "tokens.discard", labels)
    local r, form = picks[i], forms[i]
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
  storage.token_discard = { slots = {}, tokens = {}, labels = {}, picks = {}, forms = {} }
end)
