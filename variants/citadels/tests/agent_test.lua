-- The heuristic bot and citadels (agent.lua). Decisions are put to seat 1's agent with
-- game.decide, the way the rules ask them.

test("citadels agent: a citadel unless a city or a settlement is on the menu", function(t)
  fresh(t, nil, nil, { "heuristic" })
  t.eq(game.decide(1, "base.action", { "build citadel", "buy development card", "end turn" }),
    "build citadel")
  t.eq(game.decide(1, "base.action", { "build city", "build citadel", "end turn" }), "build city")
  t.eq(game.decide(1, "base.action", { "build settlement", "build citadel", "end turn" }),
    "build settlement")
end)

test("citadels agent: the citadel goes on the city with the busiest hexes", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  city(base, 1, 3)  -- 9 pips
  city(base, 1, 45) -- 10 pips
  t.eq(base.choose_and_place(1, "citadel", { free = true }), 45)
end)

test("citadels agent: saves ore and grain for a citadel instead of a development card", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  local menu = { "buy development card", "end turn" }
  give(1, { ore = 3, grain = 2, wool = 1 })
  t.eq(game.decide(1, "base.action", menu), "buy development card", "no city to upgrade")
  city(base, 1, 45)
  t.eq(game.decide(1, "base.action", menu), "end turn", "the card would take citadel ore")
  give(1, { ore = 1, grain = 1 })
  t.eq(game.decide(1, "base.action", menu), "buy development card", "enough for both")
  game.move(1, "bank", "ore", 1, "card")
  give(1, { lumber = 2 }) -- 9 cards: above the discard limit, spend now
  t.eq(game.decide(1, "base.action", menu), "buy development card")
end)
