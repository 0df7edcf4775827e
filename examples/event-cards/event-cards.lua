-- Event cards: every roll of the dice draws the top card of the deck event_cards instead (a
-- hidden kernel deck, so bots' look-ahead does not see its order). The deck holds 36 cards, one
-- per pair of faces "D1+D2" (D1, D2 = 1..6): each total comes as often as two dice roll it over
-- 36 throws. Before a draw, a deck holding options.reshuffle_at cards or fewer is made anew of
-- all 36 and shuffled with the game's stream; the cards left in it are never drawn.
--
-- Hook: base.roll {player, dice, total}: the card's faces become `dice`, their sum `total`,
-- so the dice histogram, production and 7s follow the card.

local options = options

local DECK = "event_cards"

-- The 36 cards, "1+1" to "6+6".
local CARDS = {}
for d1 = 1, 6 do
  for d2 = 1, 6 do CARDS[#CARDS + 1] = d1 .. "+" .. d2 end
end

-- Empties the deck, puts all 36 cards in and shuffles it.
local function new_deck()
  while game.deck_draw(DECK) do end
  for _, card in ipairs(CARDS) do game.deck_push(DECK, card) end
  game.deck_shuffle(DECK)
end

-- Priority 20: a place of its own among the setup handlers (base's at 0, harbor-master's at 10).
game.on("game.setup", function()
  game.add_deck(DECK, { hidden = true })
  new_deck()
  storage.reshuffles = 0
end, { priority = 20 })

game.on("base.roll", function(e)
  if game.deck_count(DECK) <= options.reshuffle_at then
    new_deck()
    storage.reshuffles = storage.reshuffles + 1
  end
  local d1, d2 = game.deck_draw(DECK):match("^(%d)%+(%d)$")
  d1, d2 = tonumber(d1), tonumber(d2)
  e.dice = { d1, d2 }
  e.total = d1 + d2
end)

-- Statistics for the balance lab: stats.event_reshuffles (decks made anew during the game),
-- after base's own (priority 20).
game.on("game.end", function()
  game.set("stats.event_reshuffles", storage.reshuffles)
end, { priority = 20 })
