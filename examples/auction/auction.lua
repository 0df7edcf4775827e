-- Auction. At the start of every turn (base.turn_start), while the development deck holds a card:
--   1. each player, from the player on turn around the table, decides "auction.bid" once:
--      "pass", or a bid ({id = "bid:brick=B:lumber=L:wool=W:grain=G:ore=O", action = "bid",
--      cards = {brick = B, ...}}) of cards it holds, at most options.max_each of each resource,
--      whose total beats the standing bid's (the first bid needs one card). The ids list the
--      resources in base's order, so a long list is searched one resource at a time;
--   2. the highest bid pays its cards to the bank and takes the top development card
--      (base.grant), which it cannot play this turn. Nobody bids: the card stays on the deck.
-- Player prop auction_cards counts the cards each player bought at auction.
--
-- Players not on turn decide here, in another player's turn: the standing bid lives in storage,
-- which a fork copies, never in locals. A copy forked at a later bidder's decision, as that
-- bidder sees it, deals the other hands again (counts, not kinds), so the standing bidder may no
-- longer hold the cards it bid. settle() checks again before moving anything: a bid whose cards
-- are gone lapses, the card stays on the deck, and stats.auction_lapses counts it (only copies
-- ever set it; docs/authoring.md, "State a fork deals again").

local RESOURCES = require("base").RESOURCES
local options = options

game.on("game.setup", function()
  for q = 1, game.players() do game.player_set(q, "auction_cards", 0) end
  storage.sold, storage.paid = 0, 0
  storage.bid = nil -- the standing bid: {player = q, cards = {resource = n}, total = n}
end)

-- The options of decision "auction.bid" for q against a standing total `beat`: "pass", then every
-- bid of cards q holds (at most options.max_each a resource) whose total is above `beat`, in the
-- order of their ids' counts (brick first, each from 0 up).
function bid_options(q, beat)
  local opts = { { id = "pass", action = "pass" } }
  local limit = {}
  for i, r in ipairs(RESOURCES) do limit[i] = math.min(game.count(q, r, "card"), options.max_each) end
  local counts = {}
  local function add(i, total)
    if i > #RESOURCES then
      if total <= beat then return end
      local cards, parts = {}, {}
      for j, r in ipairs(RESOURCES) do
        if counts[j] > 0 then cards[r] = counts[j] end
        parts[j] = r .. "=" .. counts[j]
      end
      opts[#opts + 1] = { id = "bid:" .. table.concat(parts, ":"), action = "bid", cards = cards,
                          total = total }
      return
    end
    for n = 0, limit[i] do
      counts[i] = n
      add(i + 1, total + n)
    end
  end
  add(1, 0)
  return opts
end

-- Pays the standing bid and gives its player the top development card: true when sold. The
-- bidder's hand is read again here: in a copy forked at a later bidder's decision it was dealt
-- again, and the cards may be gone; the bid then lapses and nothing moves.
function settle(bid)
  local q = bid.player
  for r, n in pairs(bid.cards) do
    if game.count(q, r, "card") < n then
      game.set("stats.auction_lapses", (game.get("stats.auction_lapses") or 0) + 1)
      return false
    end
  end
  for _, r in ipairs(RESOURCES) do
    if bid.cards[r] then game.move(q, "bank", r, bid.cards[r], "card") end
  end
  local grant = { player = q, item = "development card" }
  game.raise("base.grant", grant)
  storage.sold = storage.sold + 1
  game.player_set(q, "auction_cards", game.player_get(q, "auction_cards") + 1)
  storage.paid = storage.paid + bid.total
  if game.verbose() then
    game.log(string.format("player %d buys the auctioned card for %d cards", q, bid.total))
  end
  return grant.result ~= nil
end

game.on("base.turn_start", function(e)
  if game.deck_count("dev") == 0 then return end
  local p, players = e.player, game.players()
  storage.bid = nil
  for i = 0, players - 1 do
    local q = (p - 1 + i) % players + 1
    local beat = storage.bid and storage.bid.total or 0
    local opts = bid_options(q, beat)
    if #opts > 1 then
      local choice = game.decide(q, "auction.bid", opts)
      if choice.action == "bid" then
        storage.bid = { player = q, cards = choice.cards, total = choice.total }
      end
    end
  end
  local bid = storage.bid
  storage.bid = nil
  if bid then settle(bid) end
end)

game.describe("auction.bid", function(o)
  if o.action == "pass" then return "pass" end
  local parts = {}
  for _, r in ipairs(RESOURCES) do
    if o.cards[r] then parts[#parts + 1] = o.cards[r] .. " " .. r end
  end
  return "bid " .. table.concat(parts, ", ") .. " for the development card"
end)

game.on("game.end", function()
  game.set("stats.auctions_sold", storage.sold)
  game.set("stats.cards_bid", storage.paid)
end)
