-- Progress cards, the decks and the draws (facts 17-20, 37-39, 94-96, 99, 100); playing a card
-- is progress_play.lua, the effects are cards_*.lua.
--
-- State: three hidden decks "progress.<track>" of 18 cards each (fact 94; PROGRESS_CARDS
-- gives the kinds and counts, facts P1-P25), shuffled at setup; a drawn card goes to its
-- holder's holdings in form "progress" (private: the others see how many, not which; the Spy's
-- player looks at them when the card is played, open question 18), except
-- Printer and Constitution, shown at once (fact 99): form "progress_shown", 1 point each
-- through player prop progress_points (base.point_props).
-- Rules:
--   - a gate face of the event die (dice.lua) of track X: every player whose level in X covers
--     the red die (level L covers 1 to L + 1; level 0 nothing) draws the top card of X's deck,
--     in seat order from the roller (facts 17-20);
--   - a tie for the top contribution after an attack Catan won: each tied player, in seat
--     order from the roller, draws from the deck of their choice (decision "ck.tie_deck"
--     among {id = track, track = track} of the decks not empty; facts 37-39);
--   - a holder of more than options.progress_limit (4) cards in form "progress" puts one of
--     them under its deck (decision "ck.progress_discard" among {id = kind, card = kind}; fact
--     95), or, on their own turn after the roll, plays one instead (options {id = "play:<kind>",
--     card = kind, play = true}, progress_play.lua; fact 96, open question 7);
--   - an empty deck gives nothing (open question 8).

local update_vp = require("base").update_vp

PROGRESS_CARDS = {
  science = { { "alchemist", 2 }, { "crane", 2 }, { "engineer", 1 }, { "inventor", 2 },
              { "irrigation", 2 }, { "medicine", 2 }, { "mining", 2 }, { "printer", 1 },
              { "road_building", 2 }, { "smith", 2 } },
  politics = { { "bishop", 2 }, { "constitution", 1 }, { "deserter", 2 }, { "diplomat", 2 },
               { "intrigue", 2 }, { "saboteur", 2 }, { "spy", 3 }, { "warlord", 2 },
               { "wedding", 2 } },
  trade = { { "commercial_harbor", 2 }, { "master_merchant", 2 }, { "merchant", 6 },
            { "merchant_fleet", 2 }, { "resource_monopoly", 4 }, { "trade_monopoly", 2 } },
}
local POINT_CARDS = { printer = true, constitution = true }
-- The track of each card kind; every kind in deck order (trade, politics, science).
TRACK_OF = {}
PROGRESS_KINDS = {}
for _, track in ipairs(TRACKS) do
  for _, c in ipairs(PROGRESS_CARDS[track]) do
    TRACK_OF[c[1]] = track
    PROGRESS_KINDS[#PROGRESS_KINDS + 1] = c[1]
  end
end

local function deck(track) return "progress." .. track end

-- Puts card `kind` under its deck (facts 96, 100).
function under_deck(kind)
  local name = deck(TRACK_OF[kind])
  local items = game.deck_items(name)
  while game.deck_count(name) > 0 do game.deck_draw(name) end
  game.deck_push(name, kind)
  for _, it in ipairs(items) do game.deck_push(name, it) end
end

-- p draws the top card of `track`'s deck (see the header). Returns the card, nil when empty.
function draw_progress(p, track)
  local card = game.deck_draw(deck(track))
  if card == nil then return nil end
  storage.progress_drawn = storage.progress_drawn + 1
  storage.drawn_by_deck[track] = storage.drawn_by_deck[track] + 1
  if POINT_CARDS[card] then
    game.add(p, card, 1, "progress_shown")
    game.player_set(p, "progress_points", game.player_get(p, "progress_points") + 1)
    update_vp(p)
    return card
  end
  game.add(p, card, 1, "progress")
  progress_limit_check(p)
  return card
end

-- Brings p's hand back to options.progress_limit cards (see the header).
function progress_limit_check(p)
  while game.total(p, "progress") > options.progress_limit do
    local opts = {}
    for _, kind in ipairs(PROGRESS_KINDS) do
      if game.count(p, kind, "progress") > 0 then opts[#opts + 1] = { id = kind, card = kind } end
    end
    for _, kind in ipairs(playable_now(p)) do
      opts[#opts + 1] = { id = "play:" .. kind, card = kind, play = true }
    end
    local o = game.decide(p, "ck.progress_discard", opts)
    if o.play then
      play_progress(p, o.card)
    else
      game.remove(p, o.card, 1, "progress")
      under_deck(o.card)
    end
  end
end

-- A gate face of `track` on p's roll with red die `red` (see the header).
function progress_gate(p, track, red)
  for i = 0, game.players() - 1 do
    local q = (p - 1 + i) % game.players() + 1
    local level = level_of(q, track)
    if level > 0 and red <= level + 1 then draw_progress(q, track) end
  end
end

-- The tie reward: q draws from the deck of their choice, if any has a card.
function progress_tie_reward(q)
  local opts = {}
  for _, track in ipairs(TRACKS) do
    if game.deck_count(deck(track)) > 0 then opts[#opts + 1] = { id = track, track = track } end
  end
  if #opts == 0 then return end
  draw_progress(q, game.decide(q, "ck.tie_deck", opts).track)
end

game.on("base.point_props", function(e)
  e.props[#e.props + 1] = "progress_points"
end)

game.on("game.setup", function(e)
  game.add_form("progress", "private")
  game.add_form("progress_shown")
  for _, track in ipairs(TRACKS) do
    game.add_deck(deck(track), { hidden = true })
    for _, c in ipairs(PROGRESS_CARDS[track]) do
      game.add_kind(c[1])
      for _ = 1, c[2] do game.deck_push(deck(track), c[1]) end
    end
    game.deck_shuffle(deck(track))
  end
  for q = 1, e.players do game.player_set(q, "progress_points", 0) end
  storage.progress_drawn = 0
  storage.drawn_by_deck = { trade = 0, politics = 0, science = 0 }
end)

if game.option("base", "check") then
  -- Per card kind: its deck, the hands and the cards shown hold every copy.
  game.invariant(function(where)
    if storage.progress_drawn == nil then return end
    for _, track in ipairs(TRACKS) do
      local in_deck = {}
      for _, it in ipairs(game.deck_items(deck(track))) do in_deck[it] = (in_deck[it] or 0) + 1 end
      for _, c in ipairs(PROGRESS_CARDS[track]) do
        local n = (in_deck[c[1]] or 0) + game.sum(c[1], "progress") + game.sum(c[1], "progress_shown")
        if n ~= c[2] then
          error(string.format("invariant broken: %s cards (deck + hands + shown) after %s, expected %d, got %d",
            c[1], where, c[2], n), 0)
        end
      end
    end
  end)
end
