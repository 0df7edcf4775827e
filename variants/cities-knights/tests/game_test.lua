-- The game: 13 points to win (fact 2), no development cards and no Largest Army (facts 4, 114,
-- 118, 119).

test("game: 13 points win, 12 do not", function(t)
  local base = fresh(t)
  local e = { player = 1, target = 10 }
  game.raise("base.target_vp", e)
  t.eq(e.target, 13)
  for _, n in ipairs({ 3, 10, 37, 41 }) do city(base, 1, n) end
  for _, n in ipairs({ 52, 46, 17, 29 }) do settlement(base, 1, n) end
  t.eq(game.player_get(1, "vp"), 12)
  t.eq(base.check_win(1), false)
  settlement(base, 1, 49)
  t.eq(game.player_get(1, "vp"), 13)
  t.eq(base.check_win(1), true)
  t.eq(game.winner(), 1)
end)

test("game: the target is an option", function(t)
  local base = fresh(t, nil, { "cities-knights.target_vp=10" })
  t.eq(base.target_vp(1), 10)
end)

test("game: no development card can be bought", function(t)
  local base = fresh(t)
  city(base, 1, 37)
  give(1, { ore = 1, wool = 1, grain = 1 })
  t.eq(ids(base.action_options(1)), { "domestic", "end" }, "no buy_dev")
  t.eq(game.raise("base.grant", { player = 1, item = "development card" }), "vetoed")
  t.eq(game.count(1, "knight", "dev") + game.total(1, "dev"), 0)
end)

