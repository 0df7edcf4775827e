-- Tests of setup.lua: the random start player, the snake order, the distance rule and the
-- starting income.
-- Run: catan test base --filter setup
--
-- Default (beginner) board: tile 1 mountains 10, tile 4 fields 12, tile 5 hills 6, tile 6
-- pasture 4, tile 10 the desert. Corner 4 (bottom) of tile 1 is on tiles 1, 4, 5; corner 1
-- (top) of tile 10 is on tiles 5, 6, 10.

local CHECK = "base.check=true"

-- The seats expected to place, in order, for `players` seats starting with `first`.
local function snake(first, players)
  local order = {}
  for i = 1, players do order[#order + 1] = (first + i - 2) % players + 1 end
  for i = players, 1, -1 do order[#order + 1] = (first + i - 2) % players + 1 end
  return order
end

for _, players in ipairs({ 3, 4 }) do
  test("setup: snake order from a random start player, " .. players .. " players", function(t)
    local firsts = {}
    for seed = 1, 12 do
      t.start { players = players, seed = seed, options = { CHECK } }
      local first = game.first_player()
      firsts[first] = true
      t.eq(game.current(), first, "the start player begins")
      local who, kinds = {}, {}
      for _, d in ipairs(t.decisions()) do
        kinds[#kinds + 1] = d.kind
        if d.kind == "base.setup_settlement" then who[#who + 1] = d.player end
      end
      t.eq(who, snake(first, players), "seed " .. seed)
      -- Each settlement is followed by its road, by the same player.
      local d = t.decisions()
      t.eq(#d, 4 * players)
      for i = 1, #d, 2 do
        t.eq({ d[i].kind, d[i + 1].kind }, { "base.setup_settlement", "base.setup_road" })
        t.eq(d[i + 1].player, d[i].player)
      end
      for p = 1, players do
        t.eq(game.player_get(p, "settlements"), 2)
        t.eq(game.player_get(p, "roads"), 2)
        t.eq(game.count(p, "settlement", "piece"), 3)
      end
    end
    local n = 0
    for _ in pairs(firsts) do n = n + 1 end
    t.ok(n >= 2, "the start player varies with the seed")
  end)
end

test("setup: the snake order, written out", function(t)
  t.start { players = 4, start = false }
  local env = t.env()
  t.eq(env.setup_order(3, 4), { 3, 4, 1, 2, 2, 1, 4, 3 })
  t.eq(env.setup_order(1, 3), { 1, 2, 3, 3, 2, 1 })
  t.eq(env.setup_order(3, 3), { 3, 1, 2, 2, 1, 3 })
end)

test("setup: the distance rule holds in setup, and roads touch the new settlement", function(t)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { [1] = { "node:1", 1 }, [2] = { "node:2" }, [3] = {} } }
  local env = t.env()
  env.setup_placement(1, false)
  t.eq(board.node_get(1, "owner"), 1)
  t.eq(board.node_get(1, "building"), "settlement")
  local d = t.decisions()
  t.eq({ d[1].player, d[1].kind, d[1].count }, { 1, "base.setup_settlement", 54 })
  -- The road options are exactly the paths at node 1.
  t.eq({ d[2].player, d[2].kind, d[2].count }, { 1, "base.setup_road", #board.node_paths(1) })
  local road = board.node_paths(1)[1]
  t.eq(board.path_get(road, "road"), 1)
  t.eq(hand(1), {}, "the first settlement yields nothing")
  -- Node 2 is next to node 1: not offered.
  t.ok(#board.node_nodes(1) >= 2)
  t.raises(function() env.setup_placement(2, false) end,
    "is no option id of decision 'base.setup_settlement'")
  -- The next settlement choice leaves out node 1 and its neighbours.
  local first_count = 54 - 1 - #board.node_nodes(1)
  t.start { players = 4, start = false, options = { CHECK },
            answers = { [1] = { "node:1", 1 }, [2] = { 1, 1 } } }
  env = t.env()
  env.setup_placement(1, false)
  env.setup_placement(2, false)
  d = t.decisions()
  t.eq(d[3].count, first_count)
  -- A full setup never puts two buildings on neighbouring nodes.
  for seed = 1, 10 do
    t.start { players = 4, seed = seed, options = { CHECK } }
    for n = 1, board.nodes() do
      if board.node_get(n, "building") then
        for _, m in ipairs(board.node_nodes(n)) do
          t.eq(board.node_get(m, "building"), nil, "seed " .. seed .. " nodes " .. n .. ", " .. m)
        end
      end
    end
  end
end)

test("setup: the second settlement yields one card per adjacent producing tile", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local node = board.tile_nodes(1)[4]
  local desert_node = board.tile_nodes(10)[1]
  t.eq(board.node_tiles(node), { 1, 4, 5 })
  t.eq(board.node_tiles(desert_node), { 5, 6, 10 })
  local coast_node = board.tile_nodes(1)[1]
  t.eq(board.node_tiles(coast_node), { 1 })

  t.start { players = 4, start = false, options = { CHECK },
            answers = { [1] = { "node:" .. node, 1 }, [2] = { "node:" .. desert_node, 1 },
                        [3] = { "node:" .. coast_node, 1 } } }
  local env = t.env()
  env.setup_placement(1, true)
  t.eq(hand(1), { ore = 1, grain = 1, brick = 1 })
  env.setup_placement(2, true)
  t.eq(hand(2), { brick = 1, wool = 1 }, "the desert yields nothing")
  env.setup_placement(3, false)
  t.eq(hand(3), {}, "a first settlement yields nothing")
  t.eq(game.total("bank", "card"), 95 - 5)

end)
