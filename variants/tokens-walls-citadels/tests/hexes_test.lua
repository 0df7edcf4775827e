-- Walls and citadels with the tokens on the hexes (resource-tokens' placement = "hexes"): a claim
-- draws its tokens from its own hex, and the shortage rule holds per hex (seed 002's open problem:
-- two walled cities on a hex with one token left). Beginner board: tile 5 is brick 6 (corners 3,
-- 4, 10, 15, 19, 20; node 15 also touches grain 12), tile 18 grain 6 (corners 42, 43, 45, 48, 51,
-- 52), tile 12 ore 8 (node 37 touches no other hex), tile 13 lumber 8 (node 41 touches no other
-- hex); tile 7 is brick 10. Player 1 is the current player.

-- on_hexes, hex_left, take_off_hex and token_stats: resource-tokens' tests/helpers.lua.
local left, take_off, stats = hex_left, take_off_hex, token_stats

-- A city of p on node n with a wall.
local function walled(base, p, n)
  city(base, p, n)
  base.place_piece(p, "wall", n, { free = true })
end

-- A corner of tile t that touches no other land hex, and no node next to a building.
local function lonely_corner(t)
  for _, n in ipairs(board.tile_nodes(t)) do
    local land = 0
    for _, u in ipairs(board.node_tiles(n)) do
      if board.tile_get(u, "terrain") then land = land + 1 end
    end
    if land == 1 then return n end
  end
  error("no lonely corner on tile " .. t)
end

test("hexes+walls: a walled city takes its token from the hex that produced, not from the bank", function(t)
  local base = fresh(t, { [1] = { "tokens:1" } }, on_hexes())
  walled(base, 1, 15)
  base.produce(6)
  t.eq({ hand(1), tokens(1) }, { { brick = 1 }, { brick = 1 } })
  t.eq({ left(5), left(7), left(17), game.count("bank", "brick", "token") }, { 3, 4, 4, 13 })
end)

test("hexes+walls: two walled cities on a hex with one token left: neither gets it unless one gives way", function(t)
  -- Both keep their request: the hex cannot meet both, so both take cards (seed 002's shortage
  -- rule, per hex) and the token stays.
  local base = fresh(t, {
    [1] = { "tokens:1", "keep:1" },
    [2] = { "tokens:1", "keep:1" },
  }, on_hexes())
  take_off(5, "brick", 3, 4)
  walled(base, 1, 15)
  walled(base, 2, 3)
  base.produce(6)
  t.eq({ hand(1), tokens(1), hand(2), tokens(2), left(5) },
       { { brick = 2 }, {}, { brick = 2 }, {}, 1 })
  t.eq({ stats(t).shortages, stats(t).given_up, stats(t).refused }, { 1, 0, 2 })
  -- The shortage talk names the hex: from the current player (1), in seat order.
  local d = t.decisions { options = true }
  t.eq({ d[3].player, d[3].kind, d[3].label }, { 1, "tokens.shortage", "keep 1 brick token (2 wanted, 1 on hex #5)" })
  t.eq(rows(t), { { 2, "tokens.claim", 2, 2 }, { 1, "tokens.claim", 2, 2 },
                  { 1, "tokens.shortage", 2, 1 }, { 2, "tokens.shortage", 2, 1 } })
  -- Player 1 gives way: player 2 takes the last token and the hex runs dry.
  base = fresh(t, { [1] = { "tokens:1", "keep:0" }, [2] = { "tokens:1" } }, on_hexes())
  take_off(5, "brick", 3, 4)
  walled(base, 1, 15)
  walled(base, 2, 3)
  base.produce(6)
  t.eq({ tokens(1), tokens(2), hand(2), left(5) }, { {}, { brick = 1 }, { brick = 1 }, 0 })
  t.eq({ stats(t).emptied, stats(t).shortages, stats(t).given_up, stats(t).refused },
       { 1, 1, 1, 0 })
  t.eq(#t.decisions(), 3, "player 2 is not asked once the hex suffices")
end)

test("hexes+walls: each hex is its own supply, even for one resource", function(t)
  -- Brick 6 (tile 5) holds 1 token and two walls ask for it; tile 7, brick too, is given the
  -- number 6: its walled city gets its token whatever happens on tile 5.
  local base = fresh(t, {
    [1] = { "tokens:1", "keep:1" },
    [2] = { "tokens:1", "keep:1" },
    [3] = { "tokens:1" },
  }, on_hexes())
  base.set_tile_number(7, 6)
  take_off(5, "brick", 3, 4)
  walled(base, 1, 15)
  walled(base, 2, 3)
  local n = lonely_corner(7)
  walled(base, 3, n)
  base.produce(6)
  t.eq({ tokens(1), tokens(2), tokens(3) }, { {}, {}, { brick = 1 } })
  t.eq({ left(5), left(7) }, { 1, 3 })
end)

test("hexes+walls: a dry hex asks nobody; the bank's tokens do not stand in", function(t)
  local base = fresh(t, {}, on_hexes())
  take_off(5, "brick", 4, 4)
  walled(base, 1, 15)
  base.produce(6)
  t.eq({ hand(1), tokens(1) }, { { brick = 2 }, {} })
  t.eq(game.count("bank", "brick", "token"), 13)
  t.eq(#t.decisions(), 0)
  t.eq(stats(t).dry_claims, 1)
end)

test("hexes+walls: an empty bank does not stop a hex that holds tokens", function(t)
  local base = fresh(t, { [1] = { "tokens:1" } }, on_hexes())
  game.move("bank", 4, "brick", 13, "token")
  walled(base, 1, 15)
  base.produce(6)
  t.eq({ tokens(1), left(5) }, { { brick = 1 }, 3 })
end)

test("hexes+citadels: a walled citadel asking two of one token may keep one", function(t)
  -- The citadel's own request exceeds the hex: the shortage talk asks its owner alone.
  local base = fresh(t, { [1] = { "tokens:2", "keep:1" } }, on_hexes())
  take_off(5, "brick", 3, 4)
  walled(base, 1, 15)
  base.place_piece(1, "citadel", 15, { free = true })
  base.produce(6)
  t.eq({ hand(1), tokens(1), left(5) }, { { brick = 2 }, { brick = 1 }, 0 })
  t.eq(rows(t), { { 1, "tokens.claim", 3, 3 }, { 1, "tokens.shortage", 3, 2 } })
end)

test("hexes+walls: with replenish=seven a dry hex earns again after a 7", function(t)
  local base = fresh(t, { [1] = { "tile:19", "rob", "tokens:1" } },
    on_hexes { "resource-tokens.replenish=seven" })
  take_off(5, "brick", 4, 4)
  walled(base, 1, 15)
  base.seven(1)
  t.eq(left(5), 1)
  base.produce(6)
  t.eq({ tokens(1), left(5) }, { { brick = 1 }, 0 })
end)

test("hexes+walls: the heuristic bot walls the city whose hexes hold tokens", function(t)
  -- Cities on ore 8 (node 37) and lumber 8 (node 41), 5 pips each: without tokens on the hexes
  -- the first, with ore 8 dry the second.
  local base = fresh(t, nil, on_hexes(), { "heuristic" })
  local opts = { { id = "node:37", node = 37 }, { id = "node:41", node = 41 } }
  city(base, 1, 37)
  city(base, 1, 41)
  t.eq(game.decide(1, "base.place_wall", opts).node, 37)
  take_off(12, "ore", 4, 4)
  t.eq(game.decide(1, "base.place_wall", opts).node, 41)
  t.eq(game.decide(1, "base.place_citadel", opts).node, 41)
  -- In the bank the tokens left on a hex mean nothing: the first of equals.
  base = fresh(t, nil, nil, { "heuristic" })
  city(base, 1, 37)
  city(base, 1, 41)
  t.eq(game.decide(1, "base.place_wall", opts).node, 37)
end)

test("hexes+walls+citadels: whole games keep every invariant", function(t)
  local gained = 0
  whole_games(t, { "heuristic", "heuristic", "heuristic", "random" },
    on_hexes { "resource-tokens.hex_tokens=3", "resource-tokens.replenish=seven" },
    function() gained = gained + game.get("stats.tokens_gained") end)
  whole_games(t, { "random" }, on_hexes(), nil, 2)
  t.ok(gained > 0, "tokens were earned")
end)
