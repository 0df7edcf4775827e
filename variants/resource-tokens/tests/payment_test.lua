-- Paying with tokens: builds, development cards, maritime and domestic trades take any mix of
-- cards and tokens (a domestic offer or counter-offer may name tokens like cards); the bank pays
-- cards only. Node 10 (tiles 2, 5, 6) has no harbor.

test("payment: tokens pay for a build in any mix with cards; the player picks the mix", function(t)
  local base = fresh(t, { [1] = { "tokens:2", "node:10" } })
  base.place_piece(1, "settlement", 10, { free = true, setup = true })
  give(1, { ore = 2 })
  give_tokens(1, { ore = 2, grain = 2 })
  t.eq(base.buildable(1), { "city" })
  base.build_action(1, "city")
  t.eq(hand(1), { ore = 1 })
  t.eq(tokens(1), {})
  t.eq(game.count("bank", "ore", "token"), 25)
  t.eq(game.count("bank", "grain", "token"), 25)
  t.eq(game.count("bank", "ore", "card"), 18)
  -- Ore: 2 cards and 2 tokens for 3, so 1 or 2 tokens; grain: tokens only, nothing to choose.
  t.eq(rows(t), { { 1, "tokens.pay", 2, 2 }, { 1, "base.place_city", 1, 1 } })
end)

test("payment: the mix options run from the fewest tokens to the most", function(t)
  fresh(t)
  local env = t.env()
  local function texts(kind, options)
    local out = {}
    for i, o in ipairs(options) do out[i] = o.id .. " = " .. game.label(kind, o) end
    return out
  end
  t.eq(texts("tokens.pay", env.pay_options("grain", 2, 0, 2)),
    { "tokens:0 = 2 grain: 2 cards", "tokens:1 = 2 grain: 1 card, 1 token",
      "tokens:2 = 2 grain: 2 tokens" })
  t.eq(texts("tokens.claim", env.pay_options("ore", 3, 1, 2)),
    { "tokens:1 = 3 ore: 2 cards, 1 token", "tokens:2 = 3 ore: 1 card, 2 tokens" })
  t.eq(env.pay_options("ore", 3, 1, 2)[2],
    { id = "tokens:2", resource = "ore", amount = 3, tokens = 2, cards = 1 })
end)

test("payment: a development card bought with tokens only", function(t)
  local base = fresh(t)
  give_tokens(1, { ore = 1, wool = 1, grain = 1 })
  t.ok(base.can_buy_dev(1))
  base.buy_dev(1)
  t.eq(tokens(1), {})
  t.eq(game.total(1, "dev"), 1)
  t.eq(#t.decisions(), 0, "one way to pay: nothing to decide")
end)

test("payment: tokens of other resources change nothing; cards pay without a question", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  base.place_piece(1, "settlement", 10, { free = true, setup = true })
  give(1, { ore = 3, grain = 2 })
  give_tokens(1, { brick = 2 })
  base.build_action(1, "city")
  t.eq(hand(1), {})
  t.eq(tokens(1), { brick = 2 })
  t.eq(rows(t), { { 1, "base.place_city", 1, 1 } })
end)

test("payment: the menu offers what tokens can pay for", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 10, { free = true, setup = true })
  give_tokens(1, { ore = 3, grain = 2 })
  t.eq(ids(base.action_options(1)), { "build:city", "domestic", "end" })
  give_tokens(1, { wool = 4 })
  t.eq(ids(base.action_options(1)), { "build:city", "buy_dev", "maritime", "domestic", "end" })
end)

test("payment: maritime trades take tokens and pay out cards only", function(t)
  local base = fresh(t, { [1] = { "wool", "ore" } })
  give(1, { wool = 1 })
  give_tokens(1, { wool = 3 })
  t.eq(ids(base.maritime_gives(1)), { "wool" })
  base.maritime_action(1)
  t.eq(hand(1), { ore = 1 })
  t.eq(tokens(1), {})
  t.eq(game.count("bank", "wool", "token"), 25)
  t.eq(game.count("bank", "ore", "token"), 25, "the bank pays a card, never a token")
  t.eq(rows(t), { { 1, "base.maritime_give", 1, 1 }, { 1, "base.maritime_get", 4, 4 } })

  base = fresh(t, { [1] = { "wool", "grain", "tokens:2" } })
  give(1, { wool = 4 })
  give_tokens(1, { wool = 2 })
  base.maritime_action(1)
  t.eq(hand(1), { wool = 2, grain = 1 })
  t.eq(tokens(1), {})
  t.eq(rows(t), { { 1, "base.maritime_give", 1, 1 }, { 1, "base.maritime_get", 4, 3 },
                  { 1, "tokens.pay", 3, 3 } })
end)

test("payment: in a domestic trade tokens are offered like cards, pay and stay tokens", function(t)
  local base = fresh(t, {
    [1] = { "offer:give=brick1:get=ore1", "player:2" },
    [2] = { "accept" },
    [3] = { "decline" },
  })
  base.storage.turn.rolled = true
  give_tokens(1, { brick = 1 }) -- no card at all: the token alone makes the offer possible
  give(2, { ore = 1 })
  give_tokens(3, { ore = 1 })
  t.ok(base.can_offer_trade(1))
  t.eq(ids(base.action_options(1)), { "domestic", "end" })
  t.ok(base.domestic_action(1))
  t.eq(hand(1), { ore = 1 })
  t.eq(tokens(1), {})
  t.eq(hand(2), {})
  t.eq(tokens(2), { brick = 1 })
  -- Players 2 and 3 hold ore (3 as a token) and could accept; player 4 holds nothing.
  local asked = {}
  for _, d in ipairs(t.decisions()) do asked[#asked + 1] = d.player .. " " .. d.kind end
  t.eq(asked, { "1 base.trade_offer", "2 base.trade_answer", "3 base.trade_answer",
                "1 base.trade_partner" })
end)

test("payment: each side of a multi-card trade picks its own mix of cards and tokens", function(t)
  local base = fresh(t, {
    [1] = { "offer:give=wool2,ore1:get=grain2", "player:3" },
    [3] = { "accept", "tokens:1" },
  })
  base.storage.turn.rolled = true
  give(1, { wool = 1 })
  give_tokens(1, { wool = 1, ore = 1 })
  give(3, { grain = 2 })
  give_tokens(3, { grain = 1 })
  t.ok(base.domestic_action(1))
  -- Player 1 had one way to pay (1 wool card and 1 token, the ore token); player 3 chose 1 card
  -- and 1 token of its 2 cards and 1 token.
  t.eq(hand(1), { grain = 1 })
  t.eq(tokens(1), { grain = 1 })
  t.eq(hand(3), { wool = 1, grain = 1 })
  t.eq(tokens(3), { wool = 1, ore = 1 })
  local r = rows(t)
  t.eq(#r, 4, "players 2 and 4 hold nothing: not asked")
  t.eq({ r[1][1], r[1][2], r[2][1], r[2][2], r[2][4] },
    { 1, "base.trade_offer", 3, "base.trade_answer", 1 })
  t.eq(r[3], { 1, "base.trade_partner", 2, 1 })
  t.eq(r[4], { 3, "tokens.pay", 2, 2 })
end)

test("payment: offers and counter-offers count tokens as what a player holds", function(t)
  local base = fresh(t)
  give_tokens(1, { ore = 2 })
  give(2, { brick = 1 })
  give_tokens(2, { lumber = 1 })
  local offers = base.offer_list(1)
  t.ok(base.trade_index(offers, { ore = 2 }, { brick = 1 }), "both ore tokens may be offered")
  t.eq(base.trade_index(offers, { ore = 3 }, { brick = 1 }), nil)
  local answers = base.answer_list(1, 2, base.offer_option({ ore = 1 }, { lumber = 1 }))
  t.eq(answers[1].id, "accept", "player 2 pays the lumber with its token")
  local i = base.trade_index(answers, { brick = 1, lumber = 1 }, { ore = 2 })
  t.eq(answers[i].id, "counter:give=brick1,lumber1:get=ore2", "it may ask for player 1's tokens")
  t.eq(base.trade_index(answers, { brick = 1 }, { ore = 3 }), nil, "but not for more than it holds")
end)
