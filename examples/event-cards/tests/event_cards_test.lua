-- Event cards through base.roll: a cycle of the deck, the reshuffle point, replays, production
-- and whole games. Beginner board: tile 12 is ore 8 (corners 24, 25, 34, 36, 37, 38).

-- Ways two dice roll each total: a full deck holds this many cards of each.
local WAYS = { [2] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [7] = 6, [8] = 5, [9] = 4, [10] = 3,
               [11] = 2, [12] = 1 }

-- Raises base.roll for player 1 as base does (dice {1, 1} before the handlers) and returns the
-- payload the handlers left.
local function draw()
  local e = { player = 1, dice = { 1, 1 }, total = 2 }
  game.raise("base.roll", e)
  return e
end

-- The totals of n draws.
local function totals(n)
  local list = {}
  for i = 1, n do list[i] = draw().total end
  return list
end

test("event-cards: a cycle of 36 draws gives every pair of faces once", function(t)
  fresh(t, nil, { "event-cards.reshuffle_at=0" })
  local seen, count = {}, {}
  for _ = 1, 36 do
    local e = draw()
    t.eq(e.total, e.dice[1] + e.dice[2])
    local key = e.dice[1] .. "+" .. e.dice[2]
    t.ok(not seen[key], "drawn twice: " .. key)
    seen[key] = true
    count[e.total] = (count[e.total] or 0) + 1
  end
  t.eq(count, WAYS)
  t.eq(game.deck_count("event_cards"), 0)
  draw()
  t.eq(game.deck_count("event_cards"), 35, "an empty deck is made anew")
end)

test("event-cards: base's rolls follow the deck, and its histogram counts the cards", function(t)
  local base = fresh(t, nil, { "event-cards.reshuffle_at=0" })
  for _ = 1, 36 do base.roll_dice(1) end
  local histogram = {}
  for total = 2, 12 do histogram[total] = game.get("dice_histogram." .. total) end
  t.eq(histogram, WAYS)
end)

test("event-cards: with 5 left the deck is made anew of all 36", function(t)
  fresh(t)
  local left = {}
  for i = 1, 31 do
    draw()
    left[i] = game.deck_count("event_cards")
  end
  t.eq(left[1], 35)
  t.eq(left[31], 5)
  t.eq(t.env().storage.reshuffles, 0)
  local e = draw()
  t.eq(game.deck_count("event_cards"), 35)
  t.eq(t.env().storage.reshuffles, 1)
  local cards = game.deck_items("event_cards")
  cards[#cards + 1] = e.dice[1] .. "+" .. e.dice[2]
  table.sort(cards)
  local all = {}
  for d1 = 1, 6 do for d2 = 1, 6 do all[#all + 1] = d1 .. "+" .. d2 end end
  t.eq(cards, all, "the 35 left and the card drawn are the 36")
end)

test("event-cards: the same seed draws the same totals, another seed others", function(t)
  t.start { players = 4, seed = 3, start = false }
  local first = totals(60)
  t.start { players = 4, seed = 3, start = false }
  t.eq(totals(60), first)
  t.start { players = 4, seed = 4, start = false }
  local other = totals(60)
  local same = true
  for i = 1, 60 do same = same and other[i] == first[i] end
  t.ok(not same, "seed 4 draws other totals than seed 3")
end)

test("event-cards: a whole game replays: the same seed, the same rolls and winner", function(t)
  local function game_of(seed)
    t.start { players = 4, seed = seed, agents = { "heuristic", "random", "heuristic", "random" } }
    local r = t.play()
    local h = {}
    for total = 2, 12 do h[total] = game.get("dice_histogram." .. total) end
    return { winner = r.winner, turns = r.turns, histogram = h, decisions = #t.decisions() }
  end
  t.eq(game_of(5), game_of(5))
end)

test("event-cards: the card's total pays production; the dice thrown do not", function(t)
  local base = fresh(t)
  settlement(base, 1, 37) -- ore 8
  game.deck_push("event_cards", "5+3")
  t.roll(6, 6)
  t.eq(require("base").roll(1), 8)
  t.eq(hand(1), { ore = 1 })
  t.eq(game.get("dice_histogram.8"), 1)
  t.eq(game.get("dice_histogram.12"), 0)
end)

test("event-cards: whole games keep every invariant and count the reshuffles", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
  local rolls = 0
  for total = 2, 12 do rolls = rolls + game.get("dice_histogram." .. total) end
  t.eq(game.get("stats.event_reshuffles"), (rolls - 1) // 31)
end)
