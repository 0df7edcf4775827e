-- The heuristic bot and walls (agent.lua). Decisions are put to seat 1's agent with game.decide,
-- the way the rules ask them.

local MENU = { "build:wall", "buy_dev", "end" }

test("walls agent: without tokens, a wall once the hand nears the discard limit", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  local options = menu(base, MENU)
  city(base, 1, 10)
  give(1, { brick = 2, ore = 1, wool = 1, grain = 1 })
  t.eq(pick("base.action", options), "buy_dev", "5 cards: no need")
  give(1, { lumber = 1 })
  t.eq(pick("base.action", options), "build:wall", "6 cards, limit 7")
  base.place_piece(1, "wall", 10, { free = true })
  t.eq(pick("base.action", options), "buy_dev", "limit 9 now")
end)

test("walls agent: points first: a city or settlement on the menu wins over a wall", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  give(1, { lumber = 9 })
  t.eq(pick("base.action", menu(base, { "build:city", "build:wall", "end" })), "build:city")
  t.eq(pick("base.action", menu(base, { "build:settlement", "build:wall", "end" })),
    "build:settlement")
  t.eq(pick("base.action", menu(base, { "build:road", "build:wall", "end" })), "build:wall")
end)

test("walls agent: the wall goes under the city on the busiest hexes", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  city(base, 1, 3)  -- ore 10, wool 2, brick 6: 3 + 1 + 5 = 9 pips
  city(base, 1, 45) -- grain 4, grain 6, wool 11: 3 + 5 + 2 = 10 pips
  city(base, 1, 20) -- brick 6, lumber 11, desert: 7 pips
  t.eq(require("base").node_pips(45), 10)
  t.eq(base.choose_and_place(1, "wall", { free = true }), 45)
  game.set("robber", 18) -- the grain 6 hex is blocked: 5 pips left on node 45
  t.eq(base.choose_and_place(1, "wall", { free = true }), 3)
end)
