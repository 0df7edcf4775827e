-- Tests for trade.lua: maritime rates and payments, domestic offers and their restrictions.
-- Positions are built on a game whose game.setup ran (beginner board) but not game.start, with
-- the invariant check on; player 1 is the current player.

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

-- The first node whose harbor prop is `kind`.
local function harbor_node(kind)
  for n = 1, board.nodes() do
    if board.node_get(n, "harbor") == kind then return n end
  end
  error("no harbor " .. kind)
end

-- A node with no harbor.
local function plain_node()
  for n = 1, board.nodes() do
    if not board.node_get(n, "harbor") then return n end
  end
end

local function hand(p)
  local h = {}
  for _, r in ipairs({ "brick", "lumber", "wool", "grain", "ore" }) do
    h[r] = game.count(p, r, "card")
  end
  return h
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
  t.eq(hand(1), { brick = 1, lumber = 0, wool = 0, grain = 3, ore = 1 })
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
  t.eq(hand(1), { brick = 0, lumber = 1, wool = 0, grain = 0, ore = 2 })
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
  t.eq(hand(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 3 })
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
  t.eq(hand(1), { brick = 4, lumber = 0, wool = 0, grain = 1, ore = 3 })
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
  t.eq(hand(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
  -- With every other resource gone from the bank, no maritime trade is possible.
  t.start { players = 4, start = false, options = { CHECK } }
  env = t.env()
  give(1, "brick", 4)
  for i, r in ipairs({ "lumber", "wool", "grain", "ore" }) do give(i % 3 + 2, r, 19) end
  t.eq(ids(env.maritime_gives(1)), {})
  t.ok(not env.can_maritime(1))
  t.raises(function() env.maritime_action(1) end, "player 1 has nothing to trade")
end)

test("trade: only the current player trades", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  give(2, "brick", 4)
  give(2, "ore", 1)
  t.eq(game.current(), 1)
  t.raises(function() env.maritime_action(2) end, "only the player whose turn it is trades")
  t.raises(function() env.domestic_action(2) end, "only the player whose turn it is trades")
  t.eq(#t.decisions(), 0)
end)

test("trade: a domestic offer gives one held card for one card of another resource", function(t)
  t.start { players = 4, start = false, options = { CHECK }, answers = { { "cancel" } } }
  local env = t.env()
  give(1, "brick", 1)
  give(1, "ore", 2)
  t.eq(env.domestic_action(1), false)
  -- 2 held resources x 4 other resources + cancel; nothing asked of anyone else.
  t.eq(t.decisions(), { { player = 1, kind = "base.trade_offer", count = 9, choice = 9, id = "cancel" } })
  t.eq(hand(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 2 })
end)

test("trade: no like-for-like offer and no gift exists", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:ore:ore" } } }
  local env = t.env()
  give(1, "ore", 2)
  t.raises(function() env.domestic_action(1) end,
    "scripted answer 'offer:ore:ore' is no option id of decision 'base.trade_offer'")
  -- An unheld card cannot be offered.
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:wool:ore" } } }
  env = t.env()
  give(1, "ore", 2)
  t.raises(function() env.domestic_action(1) end, "is no option id")
  -- Every offer is "offer:X:Y" = 1 X for 1 Y with X ~= Y, and its text says so.
  local n = 0
  for _, x in ipairs(env.RESOURCES) do
    for _, o in ipairs(env.offer_menu({ brick = 0, lumber = 0, wool = 0, grain = 0, ore = 0,
                                         [x] = 1 })) do
      if o.action == "offer" then
        local y = o.get
        t.ok(x ~= y)
        t.eq(o, { id = "offer:" .. x .. ":" .. y, action = "offer", give = x, get = y })
        t.ok(env.offer_option(x, y) == o, "one record per offer")
        t.eq(game.label("base.trade_offer", o), "give 1 " .. x .. " for 1 " .. y)
        n = n + 1
      else
        t.eq(o, env.OFFER_CANCEL)
      end
    end
  end
  t.eq(n, 20)
  t.eq(game.label("base.trade_offer", env.OFFER_CANCEL), "cancel")
end)

test("trade: a declined offer moves nothing", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:brick:ore" }, { "decline" }, {}, { "decline" } } }
  local env = t.env()
  give(1, "brick", 1)
  give(2, "ore", 2)
  give(3, "wool", 2) -- holds no ore: not asked
  give(4, "ore", 1)
  t.eq(env.domestic_action(1), false)
  t.eq(t.decisions(), {
    { player = 1, kind = "base.trade_offer", count = 5, choice = 4, id = "offer:brick:ore" },
    { player = 2, kind = "base.trade_answer", count = 2, choice = 2, id = "decline" },
    { player = 4, kind = "base.trade_answer", count = 2, choice = 2, id = "decline" },
  })
  t.eq(hand(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 0 })
  t.eq(hand(2), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 2 })
  t.eq(hand(4), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 1 })
end)

test("trade: an accepted offer swaps exactly one card each way with the chosen partner", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "offer:brick:ore", "player:4" }, { "accept" }, {}, { "accept" } } }
  local env = t.env()
  give(1, "brick", 2)
  give(2, "ore", 2)
  give(4, "ore", 1)
  t.eq(env.domestic_action(1), true)
  t.eq(t.decisions()[4], { player = 1, kind = "base.trade_partner", count = 3, choice = 2, id = "player:4" })
  t.eq(hand(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 1 })
  t.eq(hand(2), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 2 },
    "the other acceptor keeps its cards")
  t.eq(hand(4), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 0 })
  t.eq(game.count("bank", "brick", "card"), 17, "the bank is not involved")
end)

test("trade: the trading player may still pick nobody", function(t)
  t.start { players = 3, start = false, options = { CHECK },
            answers = { { "offer:grain:lumber", "nobody" }, {}, { "accept" } } }
  local env = t.env()
  give(1, "grain", 1)
  give(3, "lumber", 1)
  t.eq(env.domestic_action(1), false)
  t.eq(t.decisions()[3], { player = 1, kind = "base.trade_partner", count = 2, choice = 2, id = "nobody" })
  t.eq(hand(1), { brick = 0, lumber = 0, wool = 0, grain = 1, ore = 0 })
  t.eq(hand(3), { brick = 0, lumber = 1, wool = 0, grain = 0, ore = 0 })
end)

test("trade: opponents are asked in seat order after the trading player", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { { "accept" }, { "decline" }, { "offer:wool:ore", "player:1" },
                        { "decline" } } }
  local env = t.env()
  game.set_first_player(3)
  give(3, "wool", 1)
  for p = 1, 4 do if p ~= 3 then give(p, "ore", 1) end end
  t.eq(env.domestic_action(3), true)
  local order = {}
  for _, d in ipairs(t.decisions()) do order[#order + 1] = d.player .. " " .. d.kind end
  t.eq(order, { "3 base.trade_offer", "4 base.trade_answer", "1 base.trade_answer",
                "2 base.trade_answer", "3 base.trade_partner" })
  t.eq(hand(3), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 1 })
  t.eq(hand(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
end)
