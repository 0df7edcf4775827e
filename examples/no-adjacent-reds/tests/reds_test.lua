-- No adjacent reds through base.board: the deal keeps 6s and 8s apart, keeps the 18 official
-- tokens and the terrains, and production pays on the new numbers.

-- The official tokens, ascending: what every deal must hold.
local TOKENS = { 2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12 }

-- A 4-player game of `seed` after game.setup (nothing placed), invariant checks on.
local function dealt(t, seed, extra)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = seed, start = false, options = opts }
  return t.env("base")
end

-- The number of each tile as the board holds it (nil on the desert).
local function numbers()
  local n = {}
  for t = 1, board.tiles() do n[t] = board.tile_get(t, "number") end
  return n
end

-- The pairs {t, u} (t < u) of tiles sharing a side that both carry a 6 or an 8.
local function touching_reds()
  local pairs_found = {}
  for t = 1, board.tiles() do
    local n = board.tile_get(t, "number")
    if n == 6 or n == 8 then
      for _, u in ipairs(board.tile_tiles(t)) do
        local m = board.tile_get(u, "number")
        if u > t and (m == 6 or m == 8) then pairs_found[#pairs_found + 1] = { t, u } end
      end
    end
  end
  return pairs_found
end

-- The tokens on the board, ascending.
local function tokens()
  local list = {}
  for t = 1, board.tiles() do
    local n = board.tile_get(t, "number")
    if n then list[#list + 1] = n end
  end
  table.sort(list)
  return list
end

test("no-adjacent-reds: over 30 seeds no two red tiles touch", function(t)
  for seed = 1, 30 do
    dealt(t, seed)
    t.eq(touching_reds(), {}, "seed " .. seed)
  end
end)

test("no-adjacent-reds: the 18 official tokens, none on the desert, terrains unchanged", function(t)
  for seed = 1, 10 do
    local base = dealt(t, seed)
    t.eq(tokens(), TOKENS, "seed " .. seed)
    for tile = 1, board.tiles() do
      t.eq(board.tile_get(tile, "terrain"), base.BEGINNER_TERRAINS[tile], "tile " .. tile)
      t.eq(board.tile_get(tile, "number") == nil, board.tile_get(tile, "terrain") == "desert",
        "tile " .. tile)
    end
  end
end)

test("no-adjacent-reds: a random board too", function(t)
  for seed = 1, 10 do
    dealt(t, seed, { "base.board=random" })
    t.eq(touching_reds(), {}, "seed " .. seed)
    t.eq(tokens(), TOKENS, "seed " .. seed)
  end
end)

test("no-adjacent-reds: the deal is the game's: the same seed deals the same numbers", function(t)
  local base = dealt(t, 7)
  local first = numbers()
  dealt(t, 7)
  t.eq(numbers(), first)
  local printed = {}
  for tile, n in ipairs(base.BEGINNER_NUMBERS) do printed[tile] = n ~= 0 and n or nil end
  local differ = 0
  for seed = 1, 10 do
    dealt(t, seed)
    local n = numbers()
    local same = true
    for tile = 1, board.tiles() do same = same and n[tile] == printed[tile] end
    if not same then differ = differ + 1 end
  end
  t.eq(differ, 10, "every seed deals anew over the printed numbers")
end)

test("no-adjacent-reds: a building pays on its tiles' new numbers, exactly", function(t)
  for seed = 1, 5 do
    local base = dealt(t, seed)
    -- The first corner of the first 6: a settlement there touches that 6 and no other red.
    local six = base.producing_tiles(6)[1]
    local node = board.tile_nodes(six)[1]
    settlement(base, 1, node)
    for total = 2, 12 do
      if total ~= 7 then
        local expected = {}
        for _, tile in ipairs(board.node_tiles(node)) do
          if board.tile_get(tile, "number") == total then
            local r = board.tile_get(tile, "resource")
            expected[r] = (expected[r] or 0) + 1
          end
        end
        base.produce_roll(1, total)
        t.eq(hand(1), expected, "seed " .. seed .. ", roll " .. total)
        for r, n in pairs(expected) do game.move(1, "bank", r, n, "card") end
      end
    end
    base.produce_roll(1, 6)
    t.eq(hand(1), { [board.tile_get(six, "resource")] = 1 }, "seed " .. seed .. ": the 6 pays one card")
  end
end)

test("no-adjacent-reds: tries is an option; a game out of tries fails naming the pack", function(t)
  t.raises(function() dealt(t, 1, { "no-adjacent-reds.tries=1", "base.board=random" }) end,
    "no-adjacent-reds: no deal of 1 tries kept the red numbers apart")
end)

test("no-adjacent-reds: whole games keep every invariant", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
  t.eq(touching_reds(), {})
end)
