-- Commodities (facts 69-77): the bank, production by cities, the robber, the shortage rule per
-- commodity, the discard and the steal.

test("commodities: 12 of each in the bank, none in hand", function(t)
  fresh(t)
  for _, c in ipairs(COMMODITY_KINDS) do t.eq(game.count("bank", c, "card"), 12) end
  for p = 1, 4 do t.eq(commodities(p), {}) end
end)

test("commodities: a city on mountains or forest takes 1 resource and 1 commodity", function(t)
  local base = fresh(t)
  city(base, 1, 37)       -- ore 8
  settlement(base, 2, 40) -- lumber 8
  city(base, 3, 41)       -- lumber 8
  base.produce(8)
  t.eq(hand(1), { ore = 1 })
  t.eq(commodities(1), { coin = 1 })
  t.eq(hand(2), { lumber = 1 })
  t.eq(commodities(2), {}, "a settlement takes no commodity")
  t.eq(hand(3), { lumber = 1 })
  t.eq(commodities(3), { paper = 1 })
  t.eq(game.count("bank", "coin", "card"), 11)
end)

test("commodities: a city on pasture takes wool and cloth; on hills or fields 2 resources", function(t)
  local base = fresh(t)
  city(base, 1, 46) -- wool 5
  base.produce(5)
  t.eq(hand(1), { wool = 1 })
  t.eq(commodities(1), { cloth = 1 })
  city(base, 2, 52) -- grain 6
  city(base, 3, 4)  -- ore 10, grain 12, brick 6
  base.produce(6)
  t.eq(hand(2), { grain = 2 })
  t.eq(hand(3), { brick = 2 })
  t.eq(commodities(2), {})
  t.eq(commodities(3), {})
end)

test("commodities: the robber's hex yields neither resource nor commodity", function(t)
  local base = fresh(t)
  city(base, 1, 37)
  game.set("robber", 12)
  base.produce(8)
  t.eq(hand(1), {})
  t.eq(commodities(1), {})
end)

test("commodities: shortage per commodity: two claimants of the last coin get none", function(t)
  local base = fresh(t)
  city(base, 1, 37)
  city(base, 2, 24) -- ore 8 and brick 10
  give_commodities(4, { coin = 11 })
  base.produce(8)
  t.eq(hand(1), { ore = 1 })
  t.eq(hand(2), { ore = 1 })
  t.eq(commodities(1), {})
  t.eq(commodities(2), {})
  t.eq(game.count("bank", "coin", "card"), 1)
end)

test("commodities: shortage per commodity: a single claimant gets what the bank has", function(t)
  local base = fresh(t)
  city(base, 1, 37)
  city(base, 1, 24)
  city(base, 2, 41) -- lumber 8: paper is not short
  give_commodities(4, { coin = 11 })
  base.produce(8)
  t.eq(hand(1), { ore = 2 })
  t.eq(commodities(1), { coin = 1 })
  t.eq(commodities(2), { paper = 1 })
end)

test("commodities: they count toward the 7's limit and may be discarded", function(t)
  -- Player 1: 4 ore + 4 cloth = 8 cards, discards 4 (2 cloth, 2 ore). Player 2: 3 brick +
  -- 4 paper = 7, keeps them. Player 3: 1 wool + 8 coin = 9, discards 4.
  local base = fresh(t, { [1] = { "cloth", "ore", "cloth", "ore" },
                          [3] = { "coin", "coin", "coin", "wool" } })
  give(1, { ore = 4 })
  give_commodities(1, { cloth = 4 })
  give(2, { brick = 3 })
  give_commodities(2, { paper = 4 })
  give(3, { wool = 1 })
  give_commodities(3, { coin = 8 })
  base.seven(1)
  t.eq(hand(1), { ore = 2 })
  t.eq(commodities(1), { cloth = 2 })
  t.eq(hand(2), { brick = 3 })
  t.eq(commodities(2), { paper = 4 })
  t.eq(hand(3), {})
  t.eq(commodities(3), { coin = 5 })
  local offered = t.decisions { options = true }[1].options
  t.eq(ids(offered), { "ore", "cloth" })
end)

test("commodities: the robber may steal them, and rob a player holding only them", function(t)
  local base = fresh(t)
  city(base, 2, 37)
  give_commodities(2, { cloth = 1 })
  t.eq(base.robbable(1, 12), { 2 })
  local e = { thief = 1, victim = 2 }
  game.raise("base.steal", e, base.steal_default)
  t.eq(e.resource, "cloth")
  t.eq(commodities(1), { cloth = 1 })
  t.eq(commodities(2), {})
end)

test("commodities: a steal draws uniformly over resources and commodities", function(t)
  local base = fresh(t)
  local seen = {}
  for seed = 1, 40 do
    t.start { players = 4, seed = seed, start = false, options = { "base.check=true" } }
    base = t.env("base")
    give(2, { ore = 1 })
    give_commodities(2, { paper = 1 })
    local e = { thief = 1, victim = 2 }
    game.raise("base.steal", e, base.steal_default)
    seen[e.resource] = (seen[e.resource] or 0) + 1
  end
  t.ok(seen.ore > 5 and seen.paper > 5, "both kinds are drawn")
  t.eq(seen.ore + seen.paper, 40)
end)

-- Trades (facts 76, 115-117). Node 52 is on a 2:1 lumber harbor, node 37 on a 3:1 harbor.

test("commodities: the bank takes them at 4:1, 3:1 at a generic harbor, never 2:1; it pays them", function(t)
  local base = fresh(t, { [1] = { "paper", "coin", "brick", "cloth" } })
  settlement(base, 1, 52)
  t.eq(base.maritime_rates(1), { brick = 4, lumber = 2, wool = 4, grain = 4, ore = 4,
                                 paper = 4, cloth = 4, coin = 4 })
  give_commodities(1, { paper = 3 })
  t.eq(ids(base.maritime_gives(1)), {}, "3 paper at 4:1")
  settlement(base, 1, 37)
  t.eq(base.maritime_rates(1), { brick = 3, lumber = 2, wool = 3, grain = 3, ore = 3,
                                 paper = 3, cloth = 3, coin = 3 })
  t.eq(ids(base.maritime_gives(1)), { "paper" })
  base.maritime_action(1)
  t.eq(commodities(1), { coin = 1 })
  give(1, { brick = 3 })
  base.maritime_action(1)
  t.eq({ hand(1), commodities(1) }, { {}, { cloth = 1, coin = 1 } })
  local d = t.decisions { options = true }
  t.eq(ids(d[2].options), { "brick", "lumber", "wool", "grain", "ore", "cloth", "coin" })
end)

test("commodities: a domestic trade may hold them on either side", function(t)
  local base = fresh(t, { [1] = { "offer:give=cloth1:get=ore1", "player:3" }, [2] = { "accept" },
                          [3] = { "counter:give=coin1:get=cloth1" } })
  base.storage.turn.rolled = true
  give_commodities(1, { cloth = 1 })
  give(2, { ore = 1 })
  give_commodities(3, { coin = 1 })
  t.ok(has(ids(base.action_options(1)), "domestic"), "commodities alone can be offered")
  t.eq(base.domestic_action(1), true)
  t.eq({ commodities(1), commodities(3) }, { { coin = 1 }, { cloth = 1 } })
  t.eq(hand(2), { ore = 1 })
end)
