-- The heuristic bot and citadels (agent.lua). Decisions are put to seat 1's agent with
-- game.decide, the way the rules ask them.

test("citadels agent: a citadel unless a city or a settlement is on the menu", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  t.eq(pick("base.action", menu(base, { "build:citadel", "buy_dev", "end" })), "build:citadel")
  t.eq(pick("base.action", menu(base, { "build:city", "build:citadel", "end" })), "build:city")
  t.eq(pick("base.action", menu(base, { "build:settlement", "build:citadel", "end" })),
    "build:settlement")
end)

test("citadels agent: the citadel goes on the city with the busiest hexes", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  city(base, 1, 3)  -- 9 pips
  city(base, 1, 45) -- 10 pips
  t.eq(base.choose_and_place(1, "citadel", { free = true }), 45)
end)

test("citadels agent: saves ore and grain for a citadel instead of a development card", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  local options = menu(base, { "buy_dev", "end" })
  give(1, { ore = 3, grain = 2, wool = 1 })
  t.eq(pick("base.action", options), "buy_dev", "no city to upgrade")
  city(base, 1, 45)
  t.eq(pick("base.action", options), "end", "the card would take citadel ore")
  give(1, { ore = 1, grain = 1 })
  t.eq(pick("base.action", options), "buy_dev", "enough for both")
  game.move(1, "bank", "ore", 1, "card")
  give(1, { lumber = 2 }) -- 9 cards: above the discard limit, spend now
  t.eq(pick("base.action", options), "buy_dev")
end)
