-- The heuristic bot and tokens (agent.lua). Decisions are put to seat 1's agent with game.decide,
-- with the options the rules would offer.

local function bot(t)
  return fresh(t, nil, nil, { "heuristic", "heuristic", "heuristic", "heuristic" })
end

test("tokens agent: takes every token allowed and pays with cards first", function(t)
  bot(t)
  t.eq(game.decide(1, "tokens.claim", { "3 ore: 3 cards", "3 ore: 2 cards, 1 token",
                                        "3 ore: 1 card, 2 tokens" }), "3 ore: 1 card, 2 tokens")
  t.eq(game.decide(1, "tokens.pay", { "2 grain: 2 cards", "2 grain: 1 card, 1 token" }),
    "2 grain: 2 cards")
end)

test("tokens agent: discards the card it holds most of, never a token", function(t)
  bot(t)
  give(1, { brick = 2, ore = 5, wool = 1 })
  give_tokens(1, { ore = 3 })
  t.eq(game.decide(1, "tokens.discard", { "brick card", "wool card", "ore card", "ore token" }),
    "ore card")
end)

test("tokens agent: robs a leader holding cards, else takes the token", function(t)
  local base = bot(t)
  game.set("robber", 12)
  local opts = { "rob a player", "take 1 ore token" }
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  base.place_piece(2, "settlement", 3, { free = true, setup = true })
  base.place_piece(1, "settlement", 42, { free = true, setup = true })
  give(2, { wool = 2 })
  t.eq(game.decide(1, "tokens.robber", opts), "rob a player", "2 points against 1, 2 cards")
  game.move(2, "bank", "wool", 1, "card")
  t.eq(game.decide(1, "tokens.robber", opts), "take 1 ore token", "1 card is not worth it")
  give(2, { wool = 1 })
  base.place_piece(1, "settlement", 15, { free = true, setup = true })
  t.eq(game.decide(1, "tokens.robber", opts), "take 1 ore token", "not ahead of the bot")
end)

test("tokens agent: keeps a fair share in a token shortage", function(t)
  bot(t)
  t.eq(game.decide(1, "tokens.shortage", {
    "keep 2 brick tokens (5 wanted, 3 in the bank)", "keep 1 brick token (5 wanted, 3 in the bank)",
    "keep 0 brick tokens (5 wanted, 3 in the bank)" }), "keep 1 brick token (5 wanted, 3 in the bank)")
  t.eq(game.decide(1, "tokens.shortage", {
    "keep 1 brick token (2 wanted, 1 in the bank)", "keep 0 brick tokens (2 wanted, 1 in the bank)" }),
    "keep 0 brick tokens (2 wanted, 1 in the bank)")
end)
