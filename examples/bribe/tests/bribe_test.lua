-- Bribe: offers by players not on turn, the roller's choice, the robber sparing the briber, a
-- bribe that lapses when the briber's cards are gone (what a fork's redeal can do), the bots'
-- answers, options and whole games. base.seven(p) is what a rolled 7 runs (discards, then the
-- robber step this pack handles). Beginner board: tile 5 (brick 6) has corners 3, 4, 10, 15,
-- 19, 20; tile 12 (ore 8) has corners 24, 25, 34, 36, 37, 38.

-- The decisions of the current game as {player, kind, id} rows.
local function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.id } end
  return out
end

test("bribe: offers in seat order after the roller; the one taken is paid and spared", function(t)
  -- Seat 2 offers ore, seat 3 offers nothing, seat 4 offers wool; the roller takes seat 4's,
  -- then moves the robber to tile 12, where seat 2 stands (seat 4's tile 5 is not offered).
  local base = fresh(t, { [1] = { "player:4", "tile:12" }, [2] = { "ore" }, [3] = { "none" },
                          [4] = { "wool" } })
  settlement(base, 2, 24)
  settlement(base, 4, 3)
  give(2, { ore = 2 })
  give(3, { brick = 1 })
  give(4, { wool = 1, grain = 1 })
  t.eq(base.seven(1), 12)
  t.eq(hand(4), { grain = 1 }, "the bribe paid")
  t.eq(hand(1).wool, 1)
  t.eq(hand(1).ore, 1, "then seat 2 robbed of its only kind")
  t.eq(rows(t), { { 2, "bribe.offer", "ore" }, { 3, "bribe.offer", "none" },
                  { 4, "bribe.offer", "wool" }, { 1, "bribe.take", "player:4" },
                  { 1, "base.robber", "tile:12" } })
  local asked = t.decisions { options = true }
  t.eq(ids(asked[4].options), { "refuse", "player:2", "player:4" })
  t.eq(asked[4].options[3].label, "take player 4's 1 wool and spare them")
  t.eq(asked[1].options[2].label, "offer 1 ore to be spared")
  -- The robber's menu left out the hexes touching seat 4's settlement (node 3: tiles 1, 2, 5).
  for _, o in ipairs(asked[5].options) do
    t.ok(o.id ~= "tile:1" and o.id ~= "tile:2" and o.id ~= "tile:5", o.id)
  end
  t.eq(#asked[5].options, 15)
  t.eq(t.env().storage.spared, nil, "spared for that robber move only")
end)

test("bribe: a refused bribe moves nothing and the robber is as in base", function(t)
  local base = fresh(t, { [1] = { "refuse", "tile:5" }, [2] = { "brick" } })
  settlement(base, 2, 3)
  give(2, { brick = 1 })
  t.eq(base.seven(1), 5)
  t.eq(hand(1), { brick = 1 }, "robbed instead")
  t.eq(hand(2), {})
  t.eq(#t.decisions { options = true }[3].options, 18)
end)

test("bribe: every hex touching the spared player is off the robber's menu", function(t)
  -- Seat 3 (node 24, on tile 12) pays; the robber goes to tile 5 and robs seat 2 there.
  local base = fresh(t, { [1] = { "player:3", "tile:5" }, [2] = { "none" }, [3] = { "ore" } })
  settlement(base, 2, 3)
  settlement(base, 3, 24)
  give(2, { grain = 1 })
  give(3, { ore = 1, wool = 1 })
  t.eq(base.seven(1), 5)
  t.eq(hand(3), { wool = 1 }, "paid, and not robbed")
  t.eq(hand(2), {})
  t.eq(hand(1), { grain = 1, ore = 1 })
  local offered = {}
  for _, o in ipairs(t.decisions { options = true }[4].options) do offered[o.id] = true end
  for _, tile in ipairs(board.node_tiles(24)) do
    t.ok(not offered["tile:" .. tile], "tile " .. tile .. " touches seat 3")
  end
  t.ok(offered["tile:5"])
end)

test("bribe: players without a card offer nothing and nobody is asked", function(t)
  local base = fresh(t, { [1] = { "tile:5" } })
  t.eq(base.seven(1), 5)
  t.eq(rows(t), { { 1, "base.robber", "tile:5" } })
end)

test("bribe: a taken bribe whose cards are gone lapses: nothing moves, nobody is spared", function(t)
  -- What a copy forked at the roller's decision can meet: the briber's hand dealt again.
  fresh(t)
  local env = t.env()
  give(3, { wool = 1 })
  t.eq(env.settle(1, { player = 3, resource = "ore" }), false)
  t.eq(hand(3), { wool = 1 })
  t.eq(hand(1), {})
  t.eq(env.storage.spared, nil)
  t.eq(game.get("stats.bribe_lapses"), 1)
  t.eq(env.settle(1, { player = 3, resource = "wool" }), true)
  t.eq(hand(1), { wool = 1 })
  t.eq(env.storage.spared, 3)
end)

test("bribe: the cost is an option; a player short of it cannot offer that resource", function(t)
  local base = fresh(t, { [1] = { "player:2", "tile:5" }, [2] = { "ore" } }, { "bribe.cost=2" })
  give(2, { ore = 2, wool = 1 })
  base.seven(1)
  t.eq(ids(t.decisions { options = true }[1].options), { "none", "ore" })
  t.eq(hand(2), { wool = 1 })
  t.eq(hand(1), { ore = 2 })
end)

test("bribe: the heuristic bots: the leader offers what it needs least, the roller takes it", function(t)
  local H = { "heuristic", "heuristic", "heuristic", "heuristic" }
  local base = fresh(t, nil, nil, H)
  settlement(base, 2, 3)
  settlement(base, 2, 24)
  settlement(base, 3, 43)
  settlement(base, 4, 10)
  give(2, { ore = 3, grain = 1 })
  give(3, { wool = 2 })
  give(4, { brick = 1 })
  base.seven(1)
  local d = t.decisions()
  -- Seat 2 leads (2 points) and offers; seats 3 and 4 (1 point each) are not the robber's
  -- target and offer nothing; the roller takes the bribe (seat 2 is far from victory).
  t.eq({ d[1].player, d[1].kind, d[1].id }, { 2, "bribe.offer", "ore" })
  t.eq({ d[2].player, d[2].id }, { 3, "none" })
  t.eq({ d[3].player, d[3].id }, { 4, "none" })
  t.eq({ d[4].player, d[4].kind, d[4].id }, { 1, "bribe.take", "player:2" })
  t.eq(hand(2), { ore = 2, grain = 1 })
end)

test("bribe: the heuristic roller never spares a player near victory", function(t)
  local H = { "heuristic", "heuristic", "heuristic", "heuristic" }
  local base = fresh(t, nil, { "base.target_vp=4" }, H)
  settlement(base, 2, 3)
  settlement(base, 2, 24)
  give(2, { ore = 3, grain = 1 })
  base.seven(1)
  local d = t.decisions()
  t.eq({ d[1].player, d[1].id }, { 2, "ore" })
  t.eq({ d[2].player, d[2].kind, d[2].id }, { 1, "bribe.take", "refuse" })
end)

test("bribe: whole games keep base's invariants and count the bribes", function(t)
  local offered, taken = 0, 0
  whole_games(t, { "heuristic", "heuristic", "random", "random" }, nil, function(_, result)
    t.ok(result.winner ~= nil)
    offered = offered + game.get("stats.bribes_offered")
    taken = taken + game.get("stats.bribes_taken")
    t.eq(game.get("stats.bribe_lapses"), nil, "no bribe lapses in a game")
  end)
  t.ok(offered > 0 and taken > 0 and taken <= offered, offered .. " offered, " .. taken .. " taken")
end)
