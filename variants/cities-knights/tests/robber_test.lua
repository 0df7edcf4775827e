-- The robber until the barbarians' first attack (facts 45, 46).

test("robber: before the first attack a 7 makes players discard, the robber stays", function(t)
  local base = fresh(t, { [2] = { "ore", "ore", "ore", "ore" } })
  city(base, 2, 37)
  give(2, { ore = 8 })
  t.eq(game.get("barbarian_attacks"), 0)
  t.eq(base.seven(1), nil)
  t.eq(hand(2), { ore = 4 })
  t.eq(game.get("robber"), 10)
  local kinds = {}
  for _, d in ipairs(t.decisions()) do kinds[#kinds + 1] = d.kind end
  t.eq(kinds, { "base.discard", "base.discard", "base.discard", "base.discard" })
end)

test("robber: a rolled 7 in a turn moves nothing and the turn goes on", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            dice = { { 3, 4 } }, answers = { [1] = { "end" } } }
  t.turn()
  t.eq(game.get("robber"), 10)
  t.eq(#t.decisions(), 1)
  t.eq(t.decisions()[1].kind, "base.action")
end)

test("robber: from the first attack on, a 7 moves the robber and steals", function(t)
  local base = fresh(t, { [1] = { "tile:12" } })
  city(base, 2, 37)
  give_commodities(2, { coin = 1 })
  game.set("barbarian_attacks", 1)
  t.eq(base.seven(1), 12)
  t.eq(game.get("robber"), 12)
  t.eq(commodities(1), { coin = 1 }, "the only card, a commodity, is stolen")
end)
