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
