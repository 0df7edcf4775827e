-- Tests for trade.lua: maritime rates and payments, domestic offers, answers, counter-offers
-- and their restrictions. Positions are built on a game whose game.setup ran (beginner board)
-- but not game.start, with the invariant check on; player 1 is the current player (a domestic
-- round also needs the dice rolled: rolled()).

local CHECK = "base.check=true"

-- Places a building of player p on node n for free (a city goes over a settlement placed first).
local function put(t, p, building, n)
  local env = t.env()
  if building == "city" then env.place_piece(p, "settlement", n, { free = true, setup = true }) end
  env.place_piece(p, building, n, { free = true, setup = true })
end

-- Moves n resource cards of r from the bank to player p.
local function give(p, r, n)
  game.move("bank", p, r, n, "card")
end

-- A node with no harbor.
local function plain_node()
  for n = 1, board.nodes() do
    if not board.node_get(n, "harbor") then return n end
  end
end

local ALL4 = { brick = 4, lumber = 4, wool = 4, grain = 4, ore = 4 }
local ALL3 = { brick = 3, lumber = 3, wool = 3, grain = 3, ore = 3 }

test("trade: the board has 18 harbor nodes: 8 generic, 2 per resource", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  t.eq(#env.storage.harbor_nodes, 18)
  local per = {}
  for _, k in ipairs(env.storage.harbor_kinds) do per[k] = (per[k] or 0) + 1 end
  t.eq(per, { any = 8, brick = 2, lumber = 2, wool = 2, grain = 2, ore = 2 })
end)

test("trade: maritime rate is 4:1 without a harbor", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  t.eq(env.maritime_rates(1), ALL4)
  put(t, 1, "settlement", plain_node())
  t.eq(env.maritime_rates(1), ALL4, "a building off the coast changes nothing")
end)

test("trade: maritime rate is 3:1 for all with an own building on a generic harbor", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  local n = harbor_node("any")
  put(t, 2, "settlement", n)
  t.eq(env.maritime_rates(1), ALL4, "an opponent's harbor does not count")
  t.eq(env.maritime_rates(2), ALL3)
  t.start { players = 4, start = false, options = { CHECK } }
  put(t, 1, "city", harbor_node("any"))
  t.eq(t.env().maritime_rates(1), ALL3, "a city counts like a settlement")
end)

test("trade: maritime rate is 2:1 only for the resource of a special harbor", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  put(t, 1, "settlement", harbor_node("wool"))
  t.eq(env.maritime_rates(1), { brick = 4, lumber = 4, wool = 2, grain = 4, ore = 4 })
  put(t, 1, "settlement", harbor_node("any"))
  t.eq(env.maritime_rates(1), { brick = 3, lumber = 3, wool = 2, grain = 3, ore = 3 })
end)

test("trade: maritime 4:1 pays 4 cards to the bank and takes 1 from it", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "brick", "ore" } } }
  local env = t.env()
  give(1, "brick", 5)
  give(1, "grain", 3)
  t.eq(ids(env.maritime_gives(1)), { "brick" }, "3 grain is not enough at 4:1")
  env.maritime_action(1)
  t.eq(cards(1), { brick = 1, lumber = 0, wool = 0, grain = 3, ore = 1 })
  t.eq(game.count("bank", "brick", "card"), 18)
  t.eq(game.count("bank", "ore", "card"), 18)
  t.eq(t.decisions(), {
    { player = 1, kind = "base.maritime_give", count = 1, choice = 1, id = "brick" },
    { player = 1, kind = "base.maritime_get", count = 4, choice = 4, id = "ore" },
  })
end)

test("trade: maritime 3:1 at a generic harbor pays exactly 3 cards", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "grain", "lumber" } } }
  local env = t.env()
  put(t, 1, "settlement", harbor_node("any"))
  give(1, "grain", 3)
  give(1, "ore", 2)
  t.eq(ids(env.maritime_gives(1)), { "grain" })
  env.maritime_action(1)
  t.eq(cards(1), { brick = 0, lumber = 1, wool = 0, grain = 0, ore = 2 })
  t.eq(game.count("bank", "grain", "card"), 19)
  t.eq(game.count("bank", "lumber", "card"), 18)
end)

test("trade: maritime 2:1 at a special harbor, for that resource only", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "wool", "brick" } } }
  local env = t.env()
  put(t, 1, "settlement", harbor_node("wool"))
  give(1, "wool", 2)
  give(1, "ore", 3)
  t.eq(ids(env.maritime_gives(1)), { "wool" }, "3 ore stays at 4:1")
  t.ok(env.can_maritime(1))
  env.maritime_action(1)
  t.eq(cards(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 3 })
  t.eq(game.count("bank", "wool", "card"), 19)
  t.eq(game.count("bank", "brick", "card"), 18)
end)

test("trade: each resource is offered at its own rate", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "wool", "grain" } } }
  local env = t.env()
  put(t, 1, "settlement", harbor_node("wool"))
  give(1, "brick", 4)
  give(1, "wool", 2)
  give(1, "ore", 3)
  t.eq(ids(env.maritime_gives(1)), { "brick", "wool" })
  env.maritime_action(1)
  t.eq(cards(1), { brick = 4, lumber = 0, wool = 0, grain = 1, ore = 3 })
end)

test("trade: maritime offers only resources the bank holds", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "brick", "wool" } } }
  local env = t.env()
  give(1, "brick", 4)
  give(2, "ore", 19)
  give(3, "lumber", 19)
  env.maritime_action(1)
  -- wool and grain remain: 2 options.
  t.eq(t.decisions()[2], { player = 1, kind = "base.maritime_get", count = 2, choice = 1, id = "wool" })
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
  -- With every other resource gone from the bank, no maritime trade is possible.
  t.start { players = 4, start = false, options = { CHECK } }
  env = t.env()
  give(1, "brick", 4)
  for i, r in ipairs({ "lumber", "wool", "grain", "ore" }) do give(i % 3 + 2, r, 19) end
  t.eq(ids(env.maritime_gives(1)), {})
  t.ok(not env.can_maritime(1))
  t.raises(function() env.maritime_action(1) end, "player 1 has nothing to trade")
end)

------------------------------------------------------------------------------------------------
-- Domestic trade

local RES = { "brick", "lumber", "wool", "grain", "ore" }

-- Moves cards from the bank to p: deal(2, {ore = 3, lumber = 1}).
local function deal(p, cards)
  for _, r in ipairs(RES) do
    if cards[r] then game.move("bank", p, r, cards[r], "card") end
  end
end

-- Marks the current turn's dice as rolled (domestic trade comes after the roll).
local function rolled(env)
  env.storage.turn.rolled = true
end

-- Every side (a table {resource = n}) with 1..max cards, at most have[r] of each resource r
-- (have nil: no limit but max): the oracle the lazy lists are checked against.
local function all_sides(max, have)
  local out = {}
  local counts = {}
  local function walk(i, left)
    if i > #RES then
      local side, n = {}, 0
      for k, r in ipairs(RES) do
        if counts[k] > 0 then side[r] = counts[k] n = n + counts[k] end
      end
      if n > 0 then out[#out + 1] = side end
      return
    end
    local cap = left
    if have then cap = math.min(cap, have[RES[i]] or 0) end
    for c = 0, cap do
      counts[i] = c
      walk(i + 1, left - c)
    end
  end
  walk(1, max)
  return out
end

-- The id text of a side: "lumber1,ore1".
local function side_id(side)
  local parts = {}
  for _, r in ipairs(RES) do
    if side[r] then parts[#parts + 1] = r .. side[r] end
  end
  return table.concat(parts, ",")
end

-- True when no resource is in both sides.
local function disjoint(a, b)
  for _, r in ipairs(RES) do
    if a[r] and b[r] then return false end
  end
  return true
end

-- The set of ids of the trades (g, h) with g from `gives`, h from `gets`, disjoint, as
-- prefix .. "give=G:get=H".
local function oracle_ids(prefix, gives, gets)
  local set, n = {}, 0
  for _, g in ipairs(gives) do
    for _, h in ipairs(gets) do
      if disjoint(g, h) then
        set[prefix .. "give=" .. side_id(g) .. ":get=" .. side_id(h)] = true
        n = n + 1
      end
    end
  end
  return set, n
end

-- Checks a lazy trade list against the oracle: the same ids (each once), every record's fields
-- matching its id, and trade_index finding every trade at its place. `left_out`: an id the
-- oracle lists and the list must not (the counter-offer that is the offer itself).
local function check_trades(t, env, list, first, prefix, gives, gets, left_out)
  local want, n = oracle_ids(prefix, gives, gets)
  if left_out then
    t.ok(want[left_out], "the oracle lists " .. left_out)
    want[left_out] = nil
    n = n - 1
  end
  t.eq(list.trades, n, "trades in the list")
  local seen = {}
  for i = first, first + n - 1 do
    local o = list[i]
    t.ok(want[o.id], "unexpected option " .. o.id)
    t.ok(not seen[o.id], "offered twice: " .. o.id)
    seen[o.id] = true
    t.eq(prefix .. "give=" .. side_id(o.give) .. ":get=" .. side_id(o.get), o.id)
    t.ok(next(o.give) ~= nil and next(o.get) ~= nil, "no side is empty")
    t.ok(disjoint(o.give, o.get), "no resource on both sides: " .. o.id)
    t.eq(env.trade_index(list, o.give, o.get), i, o.id)
  end
end

test("trade: an offer is any held cards for any other cards, never a gift nor like for like",
  function(t)
    t.start { players = 4, start = false, options = { CHECK } }
    local env = t.env()
    deal(1, { lumber = 2, ore = 3 })
    for q = 2, 4 do deal(q, { brick = 2, lumber = 2, wool = 2, grain = 2, ore = 2 }) end
    local list = env.offer_list(1)
    -- Sides of 1..4 cards (option trade_cards): what player 1 holds against anything the others
    -- hold between them (6 of each here).
    check_trades(t, env, list, 1, "offer:", all_sides(4, { lumber = 2, ore = 3 }), all_sides(4))
    t.eq(#list, list.trades + 1)
    t.eq(list[#list], env.OFFER_CANCEL, "cancel comes last")
    -- The option made from fields is the record in the list.
    local o = env.offer_option({ lumber = 1, ore = 1 }, { brick = 1 })
    t.eq(o, { id = "offer:give=lumber1,ore1:get=brick1", action = "offer",
              give = { lumber = 1, ore = 1 }, get = { brick = 1 } })
    t.ok(list[env.trade_index(list, o.give, o.get)] == o, "one record per offer")
    t.eq(game.label("base.trade_offer", o), "give 1 lumber, 1 ore for 1 brick")
    t.eq(game.label("base.trade_offer", env.OFFER_CANCEL), "cancel")
    -- No gift, no like for like, nothing larger than trade_cards: no such option exists.
    t.eq(env.offer_option({ ore = 1 }, {}), nil)
    t.eq(env.offer_option({}, { ore = 1 }), nil)
    t.eq(env.offer_option({ ore = 2 }, { ore = 1 }), nil)
    t.eq(env.offer_option({ ore = 1, lumber = 1 }, { ore = 1, brick = 1 }), nil)
    t.eq(env.offer_option({ ore = 5 }, { brick = 1 }), nil)
    t.eq(env.trade_index(list, { ore = 1 }, {}), nil)
    t.eq(env.trade_index(list, { ore = 1 }, { ore = 1 }), nil)
    t.eq(env.trade_index(list, { wool = 1 }, { ore = 1 }), nil, "wool is not held")
    t.eq(env.trade_index(list, { lumber = 3 }, { ore = 1 }), nil, "only 2 lumber are held")
    -- Asked for: at most what the others hold between them (public: the cards outside the bank
    -- and the offerer's hand).
    t.start { players = 4, start = false, options = { CHECK } }
    env = t.env()
    deal(1, { lumber = 2, ore = 3 })
    deal(2, { brick = 1, wool = 1 })
    deal(4, { brick = 1 })
    list = env.offer_list(1)
    check_trades(t, env, list, 1, "offer:", all_sides(4, { lumber = 2, ore = 3 }),
      all_sides(4, { brick = 2, wool = 1 }))
    t.eq(env.trade_index(list, { ore = 1 }, { brick = 3 }), nil, "the others hold 2 bricks")
    t.eq(env.trade_index(list, { ore = 1 }, { grain = 1 }), nil, "nobody else holds grain")
  end)

test("trade: a gift, a like-for-like trade or a card not held is refused when scripted", function(t)
  for _, id in ipairs({ "offer:give=ore1:get=", "offer:give=:get=ore1", "offer:give=ore1:get=ore1",
                        "offer:give=ore2:get=brick1,ore1", "offer:give=wool1:get=ore1",
                        "offer:give=lumber3:get=ore1" }) do
    t.start { players = 4, start = false, options = { CHECK }, answers = { { id } } }
    local env = t.env()
    rolled(env)
    deal(1, { lumber = 2, ore = 3 })
    t.raises(function() env.domestic_action(1) end,
      "scripted answer '" .. id .. "' is no option id of decision 'base.trade_offer'")
  end
end)

test("trade: the almanac's example: an offer, two counter-offers, the offerer picks one", function(t)
  -- Pete (1) holds 2 lumber and 3 ore and asks for 1 brick for 1 ore. Beth (2) counters with a
  -- brick for 3 ore, Cooper (3) with a brick for 1 lumber and 1 ore; player 4 declines. Pete
  -- takes Cooper's.
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=ore1:get=brick1", "player:3" },
                        { "counter:give=brick1:get=ore3" },
                        { "counter:give=brick1:get=lumber1,ore1" },
                        { "decline" } } }
  local env = t.env()
  rolled(env)
  deal(1, { lumber = 2, ore = 3 })
  deal(2, { brick = 2 })
  deal(3, { brick = 1, wool = 1 })
  deal(4, { grain = 1 })
  t.eq(env.domestic_action(1), true)
  t.eq(hand(1), { brick = 1, lumber = 1, ore = 2 })
  t.eq(hand(2), { brick = 2 }, "Beth's counter was not taken")
  t.eq(hand(3), { lumber = 1, wool = 1, ore = 1 })
  t.eq(hand(4), { grain = 1 })
  local d = t.decisions()
  local order = {}
  for i, x in ipairs(d) do order[i] = x.player .. " " .. x.kind .. " " .. x.id end
  t.eq(order, { "1 base.trade_offer offer:give=ore1:get=brick1",
                "2 base.trade_answer counter:give=brick1:get=ore3",
                "3 base.trade_answer counter:give=brick1:get=lumber1,ore1",
                "4 base.trade_answer decline",
                "1 base.trade_partner player:3" })
  t.eq(d[5].count, 3, "Beth, Cooper, nobody")
end)

test("trade: the answers: accept when the asked cards are held, decline, every counter-offer",
  function(t)
    t.start { players = 4, start = false, options = { CHECK } }
    local env = t.env()
    deal(1, { lumber = 2, ore = 3 })
    deal(2, { brick = 2, wool = 1 })
    local offer = env.offer_option({ ore = 1 }, { brick = 1 })
    local list = env.answer_list(1, 2, offer)
    t.eq(list[1], { id = "accept", answer = "accept", from = 1, offer = offer,
                    give = { brick = 1 }, get = { ore = 1 } })
    t.eq(list[2], { id = "decline", answer = "decline", from = 1, offer = offer })
    -- Counter-offers: cards player 2 holds for cards player 1 holds (never more than it holds),
    -- except the offer itself, which "accept" answers.
    check_trades(t, env, list, 3, "counter:", all_sides(4, { brick = 2, wool = 1 }),
      all_sides(4, { lumber = 2, ore = 3 }), "counter:give=brick1:get=ore1")
    t.eq(env.trade_index(list, { brick = 1 }, { ore = 1 }), nil, "the offer itself is no counter")
    t.eq(#list, 2 + list.trades)
    local c = list[env.trade_index(list, { brick = 1 }, { ore = 3 })]
    t.eq(c, { id = "counter:give=brick1:get=ore3", answer = "counter", from = 1, offer = offer,
              give = { brick = 1 }, get = { ore = 3 } })
    t.eq(game.label("base.trade_answer", c), "counter: give 1 brick for 3 ore")
    t.eq(game.label("base.trade_answer", list[1]), "accept: give 1 brick for 1 ore")
    t.eq(game.label("base.trade_answer", list[2]), "decline")
    t.eq(env.trade_index(list, { brick = 1 }, { grain = 1 }), nil, "player 1 holds no grain")
    t.eq(env.trade_index(list, { brick = 1 }, { ore = 4 }), nil, "player 1 holds 3 ore")
    t.eq(env.trade_index(list, { grain = 1 }, { ore = 1 }), nil, "player 2 holds no grain")
    -- Without the asked cards, no "accept"; with nothing at all, nothing to answer.
    deal(3, { wool = 1 })
    list = env.answer_list(1, 3, offer)
    t.eq(list[1].id, "decline")
    check_trades(t, env, list, 2, "counter:", { { wool = 1 } }, all_sides(4, { lumber = 2, ore = 3 }))
    t.eq(env.answer_list(1, 4, offer), nil)
  end)

test("trade: an accepted multi-card offer moves exactly its cards, and only between the two",
  function(t)
    t.start { players = 4, start = false, options = { CHECK },
              answers = { { "offer:give=lumber2,ore1:get=brick1,wool1", "player:4" },
                          { "accept" }, { "decline" }, { "accept" } } }
    local env = t.env()
    rolled(env)
    deal(1, { lumber = 3, ore = 2 })
    deal(2, { brick = 1, wool = 1 })
    deal(3, { brick = 4 })
    deal(4, { brick = 2, wool = 2, grain = 1 })
    local bank = hand("bank")
    t.eq(env.domestic_action(1), true)
    t.eq(hand(1), { brick = 1, lumber = 1, wool = 1, ore = 1 })
    t.eq(hand(4), { brick = 1, lumber = 2, wool = 1, grain = 1, ore = 1 })
    t.eq(hand(2), { brick = 1, wool = 1 }, "the other acceptor keeps its cards")
    t.eq(hand(3), { brick = 4 })
    t.eq(hand("bank"), bank, "the bank is not involved")
    -- The partners: the two who accepted (with the terms as the offerer's side), then nobody.
    local d = t.decisions()
    t.eq({ d[5].kind, d[5].count, d[5].choice }, { "base.trade_partner", 3, 2 })
    t.eq(env.storage.turn.trades, 1)
    t.eq(env.storage.turn.offers, 1)
  end)

test("trade: the partner options carry the terms; the offerer may still pick nobody", function(t)
  t.start { players = 3, start = false, options = { CHECK },
            answers = { { "offer:give=grain1:get=lumber1", "nobody" }, { "counter:give=lumber2:get=grain1" },
                        { "accept" } } }
  local env = t.env()
  rolled(env)
  deal(1, { grain = 1 })
  deal(2, { lumber = 2 })
  deal(3, { lumber = 1 })
  t.eq(env.domestic_action(1), false)
  local d = t.decisions()
  t.eq({ d[4].kind, d[4].count, d[4].id }, { "base.trade_partner", 3, "nobody" })
  t.eq(hand(1), { grain = 1 })
  t.eq(hand(2), { lumber = 2 })
  t.eq(hand(3), { lumber = 1 })
  t.eq(env.storage.turn.trades, 0)
  -- The records p chose from (as domestic_action makes them) and their text.
  local partner = { id = "player:2", player = 2, answer = "counter", give = { grain = 1 },
                    get = { lumber = 2 } }
  t.eq(game.label("base.trade_partner", partner), "player 2 counters: give 1 grain for 2 lumber")
  partner.answer = "accept"
  partner.get = { lumber = 1 }
  t.eq(game.label("base.trade_partner", partner), "player 2 accepts: give 1 grain for 1 lumber")
  t.eq(game.label("base.trade_partner", env.NOBODY_OPTION), "nobody")
end)

test("trade: declined by all, nothing moves and no partner is asked", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=brick1:get=ore1" }, { "decline" }, {}, { "decline" } } }
  local env = t.env()
  rolled(env)
  deal(1, { brick = 1 })
  deal(2, { ore = 2 })
  deal(4, { ore = 1 })
  t.eq(env.domestic_action(1), false)
  local d = t.decisions()
  t.eq(#d, 3, "player 3 holds nothing: not asked; nobody to pick")
  t.eq({ d[2].player, d[3].player }, { 2, 4 })
  t.eq(hand(1), { brick = 1 })
  t.eq(hand(2), { ore = 2 })
  t.eq(hand(4), { ore = 1 })
end)

test("trade: the others answer in seat order from the player after the offerer", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "accept" }, { "decline" }, { "offer:give=wool1:get=ore1", "player:1" },
                        { "decline" } } }
  local env = t.env()
  game.set_first_player(3)
  rolled(env)
  deal(3, { wool = 1 })
  for p = 1, 4 do if p ~= 3 then deal(p, { ore = 1 }) end end
  t.eq(env.domestic_action(3), true)
  local order = {}
  for _, d in ipairs(t.decisions()) do order[#order + 1] = d.player .. " " .. d.kind end
  t.eq(order, { "3 base.trade_offer", "4 base.trade_answer", "1 base.trade_answer",
                "2 base.trade_answer", "3 base.trade_partner" })
  t.eq(hand(3), { ore = 1 })
  t.eq(hand(1), { wool = 1 })
end)

test("trade: only the player on turn trades, and only after the roll", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  deal(1, { ore = 1 })
  deal(2, { brick = 4, ore = 1 })
  t.eq(game.current(), 1)
  t.raises(function() env.domestic_action(1) end, "domestic trade: not before the roll")
  rolled(env)
  t.raises(function() env.maritime_action(2) end, "only the player whose turn it is trades")
  t.raises(function() env.domestic_action(2) end, "only the player whose turn it is trades")
  t.eq(#t.decisions(), 0)
  -- Before the roll, a player holding cards and a knight is asked only whether to play the
  -- knight first; the menu after the roll offers the trade.
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "roll", "domestic", "cancel", "end" } } }
  env = t.env()
  deal(1, { ore = 2 })
  local card
  repeat
    card = game.deck_draw("dev")
    game.add(1, card, 1, "dev")
  until card == "knight"
  env.update_vp(1)
  t.turn()
  local d = t.decisions()
  t.eq({ d[1].kind, d[1].count }, { "base.preroll", 2 }, "roll or play the knight")
  t.eq({ d[2].kind, d[2].id, d[3].kind, d[3].id, d[4].id },
    { "base.action", "domestic", "base.trade_offer", "cancel", "end" })
end)

test("trade: an answer only ever trades with the offerer: others never trade among themselves",
  function(t)
    -- Player 2 counters with wool for player 1's grain; player 3 would take player 2's wool for
    -- ore, but no decision lets it: every counter-offer is a trade with player 1.
    t.start { players = 3, start = false, options = { CHECK },
              answers = { { "offer:give=grain1:get=ore1", "player:2" },
                          { "counter:give=wool1:get=grain1" }, { "decline" } } }
    local env = t.env()
    rolled(env)
    deal(1, { grain = 1 })
    deal(2, { wool = 1 })
    deal(3, { ore = 1 })
    local offer = env.offer_option({ grain = 1 }, { ore = 1 })
    for q = 2, 3 do
      local list = env.answer_list(1, q, offer)
      for i = 1, #list do
        local o = list[i]
        t.eq(o.from, 1)
        if o.answer == "counter" then
          t.ok(o.get.grain == 1 and next(o.get, "grain") == nil, "asks only for player 1's grain")
        end
      end
    end
    t.eq(env.domestic_action(1), true)
    t.eq(hand(1), { wool = 1 })
    t.eq(hand(2), { grain = 1 })
    t.eq(hand(3), { ore = 1 })
  end)

test("trade: a counter-offer asking for cards the offerer lacks is refused when scripted", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=ore1:get=brick1" }, { "counter:give=brick1:get=wool1" } } }
  local env = t.env()
  rolled(env)
  deal(1, { ore = 1 })
  deal(2, { brick = 1 })
  t.raises(function() env.domestic_action(1) end,
    "scripted answer 'counter:give=brick1:get=wool1' is no option id of decision 'base.trade_answer'")
  -- Nor can an answer give what it lacks.
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=ore1:get=brick1" }, { "counter:give=brick2:get=ore1" } } }
  env = t.env()
  rolled(env)
  deal(1, { ore = 1 })
  deal(2, { brick = 1 })
  t.raises(function() env.domestic_action(1) end, "is no option id of decision 'base.trade_answer'")
  -- "accept" exists only when the asked cards are held.
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=ore1:get=brick2" }, { "accept" } } }
  env = t.env()
  rolled(env)
  deal(1, { ore = 1 })
  deal(2, { brick = 1 })
  deal(3, { brick = 1 })
  t.raises(function() env.domestic_action(1) end,
    "scripted answer 'accept' is no option id of decision 'base.trade_answer'")
end)

test("trade: several rounds per turn, up to domestic_offers; a withdrawn offer counts", function(t)
  t.start { players = 4, start = false, options = { CHECK, "base.domestic_offers=3" },
            answers = { { "offer:give=ore1:get=brick1", "player:2", "cancel",
                          "offer:give=ore1:get=wool1", "player:2" },
                        { "accept", "counter:give=wool1:get=brick1" } } }
  local env = t.env()
  rolled(env)
  deal(1, { ore = 2 })
  deal(2, { brick = 1, wool = 1 })
  t.eq(ids(env.action_options(1)), { "domestic", "end" })
  t.eq(env.domestic_action(1), true)
  t.eq(env.domestic_action(1), false)
  t.eq(ids(env.action_options(1)), { "domestic", "end" }, "one round left")
  t.eq(env.domestic_action(1), true)
  t.eq(hand(1), { wool = 1, ore = 1 })
  t.eq(hand(2), { brick = 1, ore = 1 })
  t.eq({ env.storage.turn.offers, env.storage.turn.trades }, { 3, 2 })
  t.eq(ids(env.action_options(1)), { "end" }, "no fourth round this turn")
  t.raises(function() env.domestic_action(1) end, "3 offers this turn already")
  -- The next turn starts afresh.
  env.reset_turn_state(env.storage.turn, 1)
  t.eq({ env.storage.turn.offers, env.storage.turn.trades }, { 0, 0 })
end)

test("trade: the one_for_one style: 1 card for 1 card, accept or decline", function(t)
  t.start { players = 4, start = false, options = { CHECK, "base.domestic_style=one_for_one" },
            answers = { { "offer:give=brick1:get=ore1", "player:4" }, { "decline" }, {},
                        { "accept" } } }
  local env = t.env()
  rolled(env)
  deal(1, { brick = 2, ore = 1 })
  deal(2, { ore = 2 })
  deal(3, { wool = 2 }) -- holds no ore: not asked (it could only decline)
  deal(4, { ore = 1 })
  local list = env.offer_list(1)
  check_trades(t, env, list, 1, "offer:", { { brick = 1 }, { ore = 1 } },
    { { wool = 1 }, { ore = 1 } })
  t.eq(list.trades, 3, "brick for wool or ore, ore for wool")
  t.eq(#env.answer_list(1, 2, env.offer_option({ brick = 1 }, { ore = 1 })), 2)
  t.eq(env.domestic_action(1), true)
  local order = {}
  for _, d in ipairs(t.decisions()) do order[#order + 1] = d.player .. " " .. d.id end
  t.eq(order, { "1 offer:give=brick1:get=ore1", "2 decline", "4 accept", "1 player:4" })
  t.eq(hand(1), { brick = 1, ore = 2 })
  t.eq(hand(4), { brick = 1 })
end)

test("trade: the statistics count offers made, trades and the cards they moved", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=lumber2:get=ore1", "player:2", "cancel",
                          "offer:give=lumber1:get=wool1" }, { "accept", "decline" },
                        { "decline", "decline" } } }
  local env = t.env()
  rolled(env)
  deal(1, { lumber = 3 })
  deal(2, { ore = 1 })
  deal(3, { wool = 1 })
  env.domestic_action(1)
  env.domestic_action(1)
  env.domestic_action(1)
  local s = env.storage.stats
  t.eq({ s.domestic_offers, s.domestic_trades, s.domestic_cards }, { 2, 1, 3 })
end)

-- Declares kind "gem" (10 in the bank) as a kind of base.trade_kinds, as such a handler's kinds
-- lead to in game.setup (use_trade_kinds).
local function gem_trade(env)
  game.add_kind("gem")
  game.add("bank", "gem", 10, "card")
  env.use_trade_kinds({ "gem" })
end

test("trade: a trade kind goes to the bank at 4:1 or a generic harbor's 3:1, never 2:1", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { [1] = { "gem", "ore", "brick", "gem" } } }
  local env = t.env()
  t.eq(env.TRADE_KINDS, RES, "no trade kinds without handlers")
  gem_trade(env)
  t.eq(env.maritime_rates(1), { brick = 4, lumber = 4, wool = 4, grain = 4, ore = 4, gem = 4 })
  put(t, 1, "settlement", harbor_node("wool"))
  t.eq(env.maritime_rates(1).gem, 4, "a special harbor lowers only its resource")
  put(t, 1, "settlement", harbor_node("any"))
  t.eq(env.maritime_rates(1), { brick = 3, lumber = 3, wool = 2, grain = 3, ore = 3, gem = 3 })
  game.move("bank", 1, "gem", 3, "card")
  t.eq(ids(env.maritime_gives(1)), { "gem" })
  t.ok(env.can_maritime(1))
  env.maritime_action(1)
  give(1, "brick", 3)
  env.maritime_action(1)
  t.eq(hand(1), { ore = 1 })
  t.eq(game.count(1, "gem", "card"), 1, "the bank pays a gem")
  local d = t.decisions { options = true }
  t.eq(ids(d[2].options), { "brick", "lumber", "wool", "grain", "ore" })
  t.eq(ids(d[4].options), { "lumber", "wool", "grain", "ore", "gem" })
end)

test("trade: a trade kind goes on either side of a domestic offer and counter-offer", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:give=gem1:get=wool1", "player:3" }, { "accept" },
                        { "counter:give=gem1:get=brick1" } } }
  local env = t.env()
  gem_trade(env)
  rolled(env)
  game.move("bank", 1, "gem", 1, "card")
  t.ok(env.can_offer_trade(1), "a gem alone is enough to offer")
  deal(1, { brick = 1 })
  deal(2, { wool = 1 })
  game.move("bank", 3, "gem", 2, "card")
  local list = env.offer_list(1)
  t.eq(list.trades, 7, "the gem or both for the wool; the brick for wool and up to 2 gems")
  local i = env.trade_index(list, { gem = 1 }, { wool = 1 })
  t.eq(list[i].id, "offer:give=gem1:get=wool1")
  t.eq(env.offer_option({ gem = 1 }, { gem = 1 }), nil, "no gem for a gem")
  t.eq(env.domestic_action(1), true)
  t.eq({ hand(1), game.count(1, "gem", "card") }, { {}, 2 })
  t.eq({ hand(3), game.count(3, "gem", "card") }, { { brick = 1 }, 1 })
  local order = {}
  for _, d in ipairs(t.decisions()) do order[#order + 1] = d.player .. " " .. d.id end
  t.eq(order, { "1 offer:give=gem1:get=wool1", "2 accept", "3 counter:give=gem1:get=brick1",
                "1 player:3" })
end)
