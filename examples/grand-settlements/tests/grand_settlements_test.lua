-- Grand settlements: points per piece, the upgrade that gains none, the win, options and whole
-- games.

test("grand settlements: a settlement scores 2, and its city still 2", function(t)
  local base = fresh(t, { [1] = { "node:10" } })
  settlement(base, 1, 10)
  t.eq(game.player_get(1, "vp"), 2)
  give(1, { ore = 3, grain = 2, wool = 1 })
  t.eq(base.buildable(1), { "city" }, "a city costs what it costs in base")
  t.eq(base.build_action(1, "city"), 10)
  t.eq(hand(1), { wool = 1 }, "3 ore and 2 grain paid")
  t.eq(board.node_get(10, "building"), "city")
  t.eq(game.player_get(1, "vp"), 2, "the upgrade gains no point")
  t.eq(game.count(1, "settlement", "piece"), 5, "the settlement went back to the supply")
  local total, sources = base.victory_points(1)
  t.eq(total, 2)
  t.eq(sources.settlements, 0)
  t.eq(sources.cities, 2)
end)

test("grand settlements: the other points are base's", function(t)
  local base = fresh(t)
  settlement(base, 1, 10)
  city(base, 1, 42)
  give_dev(1, "victory_point")
  local total, sources = base.victory_points(1)
  t.eq(total, 2 + 2 + 1)
  t.eq(sources.settlements, 2)
  t.eq(sources.cities, 2)
  t.eq(sources.victory_point_cards, 1)
  t.eq(game.player_get(1, "vp"), 4, "the card in hand stays hidden")
end)

test("grand settlements: five settlements win the game on the player's turn", function(t)
  local base = fresh(t)
  for _, n in ipairs({ 3, 15, 20, 42 }) do settlement(base, 1, n) end
  t.eq(game.player_get(1, "vp"), 8)
  t.eq(base.check_win(1), false)
  settlement(base, 1, 49)
  t.eq(game.player_get(1, "vp"), 10)
  t.eq(game.count(1, "settlement", "piece"), 0, "all five on the board")
  t.eq(base.check_win(1), true)
  t.eq(game.winner(), 1)
end)

test("grand settlements: a city still takes 2 from each producing hex", function(t)
  local base = fresh(t)
  city(base, 1, 15) -- brick 6, grain 12, lumber 11
  settlement(base, 2, 3) -- brick 6, ore 10, wool 2
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(hand(2), { brick = 1 })
end)

test("grand settlements: the points are options", function(t)
  local base = fresh(t, nil, { "grand-settlements.settlement_vp=3",
                               "grand-settlements.city_vp=5" })
  settlement(base, 1, 10)
  settlement(base, 1, 42)
  t.eq(game.player_get(1, "vp"), 6)
  base.place_piece(1, "city", 42, { free = true })
  t.eq(game.player_get(1, "vp"), 3 + 5)
end)

-- Whole games with every invariant checked; at the end each player's points (vp, the hidden
-- cards included by then) are 2 per settlement and per city, 2 per award held and 1 per victory
-- point card.
local function games(t, agents, n)
  whole_games(t, agents, nil, function(seed, r)
    if r.winner then
      t.ok(game.player_get(r.winner, "vp") >= 10, "seed " .. seed .. ": the winner has 10 points")
    end
    for q = 1, 4 do
      local awards = 0
      for _, prop in ipairs({ "longest_road", "largest_army" }) do
        if game.get(prop) == q then awards = awards + 2 end
      end
      t.eq(game.player_get(q, "vp"), 2 * game.player_get(q, "settlements")
        + 2 * game.player_get(q, "cities") + awards + game.player_get(q, "vp_cards"),
        "seed " .. seed .. ", player " .. q)
    end
  end, n)
end

test("grand settlements: whole games of random bots end with a winner, points as the rule says",
  function(t) games(t, { "random" }, 2) end)

test("grand settlements: whole games of heuristic bots end with a winner, points as the rule "
  .. "says", function(t) games(t, { "heuristic" }, 3) end)
