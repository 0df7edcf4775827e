-- Auction: bids from every seat in turn order, the highest paying the bank for the top
-- development card, the option lists (beat the standing bid, at most max_each of a resource),
-- a bid that lapses when its cards are gone (what a fork's redeal can do), and whole games.
-- game.raise("base.turn_start", {player = p}) is what the start of p's turn runs.

local function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.id } end
  return out
end

local function devs(p)
  local n = 0
  for _, k in ipairs({ "knight", "road_building", "year_of_plenty", "monopoly", "victory_point" }) do
    n = n + game.count(p, k, "dev")
  end
  return n
end

local BID_2_ORE = "bid:brick=0:lumber=0:wool=0:grain=0:ore=2"

test("auction: bids in turn order from the player on turn; the highest pays and takes the card", function(t)
  -- Seat 3's turn: seat 3 bids 1 wool, seat 4 passes, seat 1 outbids with 2 ore, seat 2 with
  -- 1 brick and 2 grain; seat 2 pays its 3 cards and takes the top card.
  fresh(t, { [3] = { "bid:brick=0:lumber=0:wool=1:grain=0:ore=0" }, [4] = { "pass" },
             [1] = { BID_2_ORE }, [2] = { "bid:brick=1:lumber=0:wool=0:grain=2:ore=0" } })
  give(1, { ore = 2 })
  give(2, { brick = 1, grain = 3 })
  give(3, { wool = 1 })
  give(4, { lumber = 2 })
  local deck = game.deck_count("dev")
  game.raise("base.turn_start", { player = 3 })
  t.eq(rows(t), { { 3, "auction.bid", "bid:brick=0:lumber=0:wool=1:grain=0:ore=0" },
                  { 4, "auction.bid", "pass" }, { 1, "auction.bid", BID_2_ORE },
                  { 2, "auction.bid", "bid:brick=1:lumber=0:wool=0:grain=2:ore=0" } })
  t.eq(hand(2), { grain = 1 }, "the winning bid paid")
  t.eq(hand(1), { ore = 2 }, "an outbid player keeps its cards")
  t.eq(hand(3), { wool = 1 })
  t.eq(devs(2), 1)
  t.eq(game.player_get(2, "auction_cards"), 1)
  t.eq(game.player_get(1, "auction_cards"), 0)
  t.eq(game.deck_count("dev"), deck - 1)
  t.eq(bank().brick, 19, "1 given, 1 paid back")
  t.eq(bank().grain, 18)
  t.eq(t.env().storage.sold, 1)
  t.eq(t.env().storage.paid, 3)
  t.eq(t.env().storage.bid, nil, "no standing bid between auctions")
end)

test("auction: a bid must beat the standing total, with at most max_each of a resource", function(t)
  -- Seat 1 bids 2 ore; seat 2 holds 1 brick and 4 grain: its bids of 3 or more cards are
  -- brick 0..1 with grain up to 3 (max_each): 1+2, 0+3, 1+3.
  fresh(t, { [1] = { BID_2_ORE }, [2] = { "pass" } })
  give(1, { ore = 2 })
  give(2, { brick = 1, grain = 4 })
  game.raise("base.turn_start", { player = 1 })
  local asked = t.decisions { options = true }
  t.eq(#asked, 2, "seats without cards are not asked")
  t.eq(ids(asked[1].options), { "pass", "bid:brick=0:lumber=0:wool=0:grain=0:ore=1", BID_2_ORE })
  t.eq(ids(asked[2].options), { "pass", "bid:brick=0:lumber=0:wool=0:grain=3:ore=0",
                                "bid:brick=1:lumber=0:wool=0:grain=2:ore=0",
                                "bid:brick=1:lumber=0:wool=0:grain=3:ore=0" })
  t.eq(asked[2].options[3].label, "bid 1 brick, 2 grain for the development card")
  t.eq(asked[2].options[1].label, "pass")
  t.eq(hand(1), {}, "seat 1's 2 ore paid")
  t.eq(devs(1), 1)
end)

test("auction: a hand of every resource offers every mix up to max_each of each", function(t)
  -- 3 of each of five resources: 4^5 mixes, less the empty one.
  fresh(t, { [1] = { "pass" } })
  give(1, { brick = 3, lumber = 3, wool = 3, grain = 3, ore = 3 })
  game.raise("base.turn_start", { player = 1 })
  local asked = t.decisions { options = true }
  t.eq(#asked[1].options, 1 + 4 ^ 5 - 1)
  fresh(t, { [1] = { "pass" } }, { "auction.max_each=1" })
  give(1, { brick = 3, lumber = 3, wool = 3, grain = 3, ore = 3 })
  game.raise("base.turn_start", { player = 1 })
  t.eq(#t.decisions { options = true }[1].options, 1 + 2 ^ 5 - 1)
end)

test("auction: when nobody bids, the card stays on the deck and nothing moves", function(t)
  fresh(t, { [1] = { "pass" }, [2] = { "pass" } })
  give(1, { ore = 1 })
  give(2, { wool = 1 })
  local deck = game.deck_count("dev")
  game.raise("base.turn_start", { player = 1 })
  t.eq(game.deck_count("dev"), deck)
  t.eq(hand(1), { ore = 1 })
  t.eq(devs(1) + devs(2), 0)
  t.eq(t.env().storage.sold, 0)
end)

test("auction: a standing bid whose cards are gone lapses: nothing moves, the card stays", function(t)
  -- What a copy forked at a later bidder's decision can meet: the bidder's hand dealt again.
  fresh(t)
  local env = t.env()
  give(3, { wool = 1 })
  local deck = game.deck_count("dev")
  t.eq(env.settle({ player = 3, cards = { ore = 1 }, total = 1 }), false)
  t.eq(hand(3), { wool = 1 })
  t.eq(game.deck_count("dev"), deck)
  t.eq(game.get("stats.auction_lapses"), 1)
  t.eq(env.settle({ player = 3, cards = { wool = 1 }, total = 1 }), true)
  t.eq(hand(3), {})
  t.eq(devs(3), 1)
end)

test("auction: an empty development deck holds no auction", function(t)
  fresh(t, { [1] = { "pass" } })
  give(1, { ore = 1 })
  while game.deck_count("dev") > 0 do game.add(4, game.deck_draw("dev"), 1, "dev") end
  game.raise("base.turn_start", { player = 1 })
  t.eq(rows(t), {})
end)

test("auction: whole games keep base's invariants and sell cards", function(t)
  local sold = 0
  whole_games(t, { "heuristic", "heuristic", "random", "random" }, nil, function(_, result)
    t.ok(result.winner ~= nil)
    sold = sold + game.get("stats.auctions_sold")
    t.eq(game.get("stats.auction_lapses"), nil, "no bid lapses in a game")
  end)
  t.ok(sold > 0, sold .. " sold")
end)
