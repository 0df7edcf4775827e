-- Resource tokens on their own: the token bank, what the robber, monopoly and discards see.
-- Beginner board: tile 5 is brick 6 (corners 3, 4, 10, 15, 19, 20), tile 12 ore 8 (corners 24,
-- 25, 34, 36, 37, 38); the robber starts on the desert, tile 10.

test("tokens: the bank holds 25 tokens of each resource beside its 19 cards", function(t)
  fresh(t)
  t.eq(game.forms(), { "card", "dev", "played", "piece", "token" })
  for _, r in ipairs(RESOURCES) do
    t.eq(game.count("bank", r, "token"), 25)
    t.eq(game.count("bank", r), 19, "the default form is still card")
  end
  for q = 1, 4 do t.eq(game.total(q, "token"), 0) end
  fresh(t, nil, { "resource-tokens.supply=3" })
  t.eq(game.count("bank", "ore", "token"), 3)
end)

test("tokens: steals never take tokens", function(t)
  local base = fresh(t, { [1] = { "tile:12", "rob" } })
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  give(2, { wool = 1 })
  give_tokens(2, { wool = 3, ore = 2 })
  base.move_robber(1)
  t.eq(hand(1), { wool = 1 })
  t.eq(tokens(1), {})
  t.eq(hand(2), {})
  t.eq(tokens(2), { wool = 3, ore = 2 })
  -- With tokens only, player 2 cannot be robbed at all.
  base = fresh(t, { [1] = { "tile:12", "rob" } })
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  give_tokens(2, { wool = 3 })
  base.move_robber(1)
  t.eq(tokens(2), { wool = 3 })
  t.eq(hand(1), {})
  t.eq(rows(t), { { 1, "base.robber", 18, 11 }, { 1, "tokens.robber", 2, 1 } })
end)

test("tokens: monopoly takes cards only", function(t)
  local base = fresh(t, { [1] = { "ore" } })
  give(2, { ore = 2 })
  give_tokens(2, { ore = 4 })
  give_tokens(3, { ore = 1 })
  game.add(1, "monopoly", 1, "dev")
  game.deck_draw("dev") -- one card out of the deck keeps the 25 cards of the check
  base.play_dev(1, "monopoly")
  t.eq(hand(1), { ore = 2 })
  t.eq(tokens(1), {})
  t.eq(tokens(2), { ore = 4 })
  t.eq(tokens(3), { ore = 1 })
end)

test("tokens: Year of Plenty and the setup income pay cards, never tokens", function(t)
  local base = fresh(t, { [1] = { "ore", "wool" } })
  game.add(1, "year_of_plenty", 1, "dev")
  game.deck_draw("dev") -- one card out of the deck keeps the 25 cards of the check
  base.play_dev(1, "year_of_plenty")
  t.eq(hand(1), { wool = 1, ore = 1 })
  t.eq(tokens(1), {})
  base.setup_income(2, 3) -- ore 10, wool 2, brick 6
  t.eq(hand(2), { brick = 1, wool = 1, ore = 1 })
  t.eq(tokens(2), {})
end)

test("tokens: tokens are not counted for the discard rule", function(t)
  local base = fresh(t, { [1] = { "tile:19", "rob" }, [2] = { 1, 1, 1, 1 } })
  give(1, { brick = 7 })
  give_tokens(1, { brick = 5, ore = 5 }) -- 7 cards, 10 tokens: nothing to discard
  give(2, { ore = 8 })
  give_tokens(2, { wool = 6 })           -- 8 cards: 4 to discard, tokens do not add to it
  base.seven(1)
  t.eq(hand(1), { brick = 7 })
  t.eq(tokens(1), { brick = 5, ore = 5 })
  t.eq(hand(2), { ore = 4 })
  t.eq(tokens(2), { wool = 6 })
  t.eq(rows(t), { { 2, "base.discard", 1, 1 }, { 2, "base.discard", 1, 1 },
                  { 2, "base.discard", 1, 1 }, { 2, "base.discard", 1, 1 },
                  { 1, "base.robber", 18, 18 }, { 1, "tokens.robber", 2, 1 } })
end)

test("tokens: a discard may be paid with tokens matching cards that could be discarded", function(t)
  local base = fresh(t, {
    [1] = { "tile:19", "rob" },
    [2] = { "brick:token", "brick:token", "brick:card", "ore:card" },
  })
  give(2, { brick = 4, ore = 4 })
  give_tokens(2, { brick = 2, wool = 1 }) -- a wool token, but no wool card: never offered
  base.seven(1)
  t.eq(hand(2), { brick = 3, ore = 3 })
  t.eq(tokens(2), { wool = 1 })
  t.eq(game.count("bank", "brick", "token"), 25)
  -- Offered: brick card, brick token, ore card; once the brick tokens are gone: brick card,
  -- ore card.
  t.eq(rows(t), { { 2, "tokens.discard", 3, 2 }, { 2, "tokens.discard", 3, 2 },
                  { 2, "tokens.discard", 2, 1 }, { 2, "tokens.discard", 2, 2 },
                  { 1, "base.robber", 18, 18 }, { 1, "tokens.robber", 2, 1 } })
end)

test("tokens: each token discarded stands in for one card of its resource", function(t)
  -- 2 brick cards and 6 ore cards, 3 brick tokens: after two brick tokens both brick cards are
  -- spoken for, so neither a brick card nor the third brick token is offered.
  local base = fresh(t, {
    [1] = { "tile:19", "rob" },
    [2] = { "brick:token", "brick:token", "ore:card", "ore:card" },
  })
  give(2, { brick = 2, ore = 6 })
  give_tokens(2, { brick = 3 })
  base.seven(1)
  t.eq(hand(2), { brick = 2, ore = 4 })
  t.eq(tokens(2), { brick = 1 })
  t.eq(rows(t), { { 2, "tokens.discard", 3, 2 }, { 2, "tokens.discard", 3, 2 },
                  { 2, "tokens.discard", 1, 1 }, { 2, "tokens.discard", 1, 1 },
                  { 1, "base.robber", 18, 18 }, { 1, "tokens.robber", 2, 1 } })
end)

test("tokens: a player whose tokens match no card discards cards as usual", function(t)
  local base = fresh(t, { [1] = { "tile:19", "rob" }, [2] = { "ore", "ore", "ore", "ore" } })
  give(2, { ore = 8 })
  give_tokens(2, { brick = 2 })
  base.seven(1)
  t.eq(hand(2), { ore = 4 })
  t.eq(tokens(2), { brick = 2 })
end)

test("tokens: whole games keep every invariant, tokens included", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
end)

test("tokens: the check catches a token lost, at the next event", function(t)
  fresh(t)
  game.remove("bank", "ore", 1, "token")
  t.raises(function() game.raise("base.turn_end", { player = 1 }) end,
    "invariant broken: ore tokens (bank + players) after base.turn_end, expected 25, got 24")
end)

test("tokens: games publish token statistics for the balance lab", function(t)
  t.start { players = 4, seed = 2, agents = { "heuristic" } }
  local r = t.play()
  t.ok(r.winner ~= nil, r.reason)
  local gained, spent = game.get("stats.tokens_gained"), game.get("stats.tokens_spent")
  t.ok(gained > 0, "tokens gained " .. tostring(gained))
  t.ok(spent > 0 and spent <= gained, "tokens spent " .. tostring(spent))
  t.eq(math.type(game.get("stats.tokens_discarded")), "integer")
  t.eq(math.type(game.get("stats.tokens_refused")), "integer")
  -- Conservation: what was gained is spent, discarded or still held.
  local held = 0
  for p = 1, 4 do held = held + game.total(p, "token") end
  t.eq(gained, spent + game.get("stats.tokens_discarded") + held)
end)
