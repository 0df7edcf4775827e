-- Bank 5:1 through base.trade_rates: 5 cards for 1 without a harbor, harbors unchanged. Positions
-- are built on a game whose game.setup ran (beginner board), invariant checks on; player 1 is
-- the current player.

test("bank-five: every rate is 5:1 without a harbor, from the start", function(t)
  local base = fresh(t)
  t.eq(base.maritime_rates(1), { brick = 5, lumber = 5, wool = 5, grain = 5, ore = 5 })
  t.eq(base.maritime_rates(4), { brick = 5, lumber = 5, wool = 5, grain = 5, ore = 5 })
end)

test("bank-five: harbors keep their rates, the other resources stay at 5", function(t)
  local base = fresh(t)
  settlement(base, 1, harbor_node("wool"))
  t.eq(base.maritime_rates(1), { brick = 5, lumber = 5, wool = 2, grain = 5, ore = 5 })
  settlement(base, 2, harbor_node("any"))
  t.eq(base.maritime_rates(2), { brick = 3, lumber = 3, wool = 3, grain = 3, ore = 3 })
end)

test("bank-five: a maritime trade pays 5 cards; 4 are not enough", function(t)
  local base = fresh(t, { [1] = { "brick", "ore" } })
  give(1, { brick = 5, grain = 4 })
  t.eq(ids(base.maritime_gives(1)), { "brick" }, "4 grain is not enough at 5:1")
  base.maritime_action(1)
  t.eq(hand(1), { grain = 4, ore = 1 })
  t.eq(bank().brick, 19)
  t.eq(bank().ore, 18)
end)

test("bank-five: the rate is an option", function(t)
  local base = fresh(t, nil, { "bank-five.rate=6" })
  t.eq(base.maritime_rates(3), { brick = 6, lumber = 6, wool = 6, grain = 6, ore = 6 })
end)
