-- Resource tokens on the hexes (option placement = "hexes", hexes.lua): the setup, the robber's
-- token, where spent and discarded tokens go, replenishment, the invariant and the statistics.
-- The claims of walled cities and citadels on a hex, and its shortage rule, need those packs:
-- tokens-walls-citadels/tests/hexes_test.lua; the barbarians' replenishment needs
-- cities-knights: cities-knights/tests/with_tokens_hexes_test.lua.
-- Beginner board: ore on tiles 1, 12 (ore 8; corners 24, 25, 34, 36, 37, 38) and 14; brick on 5
-- (brick 6; corners 3, 4, 10, 15, 19, 20), 7 and 17; four hexes each of lumber (3, 9, 11, 13),
-- wool (2, 6, 16, 19) and grain (4, 8, 15, 18); the desert, tile 10, holds the robber.

-- on_hexes, hex_left, take_off_hex and token_stats are in tests/helpers.lua.
local left, take_off, stats = hex_left, take_off_hex, token_stats

local ORE_TILES, LUMBER_TILES = { 1, 12, 14 }, { 3, 9, 11, 13 }

test("hexes: each producing hex holds hex_tokens tokens of its resource, the bank the rest", function(t)
  fresh(t, nil, on_hexes())
  for tile = 1, 19 do t.eq(left(tile), tile ~= 10 and 4 or nil, "tile " .. tile) end
  t.eq({ game.count("hexes", "ore", "token"), game.count("bank", "ore", "token") }, { 12, 13 })
  t.eq({ game.count("hexes", "lumber", "token"), game.count("bank", "lumber", "token") }, { 16, 9 })
  for _, r in ipairs(RESOURCES) do t.eq(game.sum(r, "token"), 25) end
  -- Three per hex.
  fresh(t, nil, on_hexes { "resource-tokens.hex_tokens=3" })
  t.eq({ left(1), left(3), game.count("bank", "ore", "token") }, { 3, 3, 16 })
  -- A bank too small for every hex fills them in tile order while it lasts.
  fresh(t, nil, on_hexes { "resource-tokens.supply=10" })
  local lumber = {}
  for i, tile in ipairs(LUMBER_TILES) do lumber[i] = left(tile) end
  t.eq(lumber, { 4, 4, 2, 0 })
  t.eq({ left(1), left(12), left(14) }, { 4, 4, 2 })
  t.eq(game.count("bank", "lumber", "token"), 0)
  -- In the bank (the default): no supply on the board, no count on a hex.
  fresh(t)
  t.eq({ left(5), has(game.supplies(), "hexes") }, { nil, false })
end)

test("hexes: the robber's token comes from the hex it lands on", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } }, on_hexes())
  base.move_robber(1)
  t.eq(tokens(1), { ore = 1 })
  t.eq({ left(12), left(1), left(14) }, { 3, 4, 4 })
  t.eq(game.count("bank", "ore", "token"), 13, "the bank's tokens are not the robber's")
  t.eq(rows(t), { { 1, "base.robber", 18, 11 }, { 1, "tokens.robber", 2, 2 } })
end)

test("hexes: a hex without tokens offers none; the robber robs as usual", function(t)
  local base = fresh(t, { [1] = { "tile:12" } }, on_hexes())
  take_off(12, "ore", 4, 3)
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  give(2, { wool = 1 })
  base.move_robber(1)
  t.eq({ hand(1), hand(2), tokens(1) }, { { wool = 1 }, {}, {} })
  t.eq(game.count("bank", "ore", "token"), 13, "the bank holds ore tokens, but not the hex")
  t.eq(rows(t), { { 1, "base.robber", 18, 11 } }, "no tokens.robber decision")
  t.eq(stats(t).dry_robber, 1)
end)

test("hexes: the robber takes at most what its hex holds (robber_tokens = 2, 1 left)", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } },
    on_hexes { "resource-tokens.robber_tokens=2" })
  take_off(12, "ore", 3, 3)
  base.move_robber(1)
  t.eq({ tokens(1), left(12) }, { { ore = 1 }, 0 })
  t.eq(t.decisions { options = true }[2].label, "take 1 ore token")
  t.eq(stats(t).emptied, 1, "the hex ran dry")
  t.eq(t.env("resource-tokens").storage.first_dry_turn, 0, "before the first turn")
end)

test("hexes: tokens spent, discarded or traded to the bank go to the bank, never to a hex", function(t)
  local base = fresh(t, {
    [1] = { "tile:19", "rob", "ore", "brick" },
    [2] = { "brick:token", "brick:token", "ore:card", "ore:card" },
    [3] = { "node:10" },
  }, on_hexes())
  -- A discard paid with tokens.
  give(2, { brick = 2, ore = 6 })
  give_tokens(2, { brick = 2 })
  base.seven(1)
  t.eq({ hand(2), tokens(2) }, { { brick = 2, ore = 4 }, {} })
  t.eq({ game.count("bank", "brick", "token"), left(5), left(7), left(17) }, { 13, 4, 4, 4 })
  -- A build paid with a token (grain: 1 card and 1 token).
  settlement(base, 3, 10)
  give(3, { ore = 3, grain = 1 })
  give_tokens(3, { grain = 1 })
  base.build_action(3, "city")
  t.eq({ tokens(3), game.count("bank", "grain", "token"), left(4), left(18) }, { {}, 9, 4, 4 })
  -- A bank trade paid with tokens: 4 ore tokens for a brick card.
  give_tokens(1, { ore = 4 })
  base.maritime_action(1)
  t.eq({ tokens(1), hand(1), game.count("bank", "ore", "token"), left(12) },
       { {}, { brick = 1 }, 13, 4 })
end)

test("hexes: Monopoly and steals take cards; the hexes' tokens belong to nobody", function(t)
  local base = fresh(t, { [1] = { "ore" } }, on_hexes())
  give(2, { ore = 2 })
  give_tokens(2, { ore = 3 })
  give_dev(1, "monopoly")
  base.play_dev(1, "monopoly")
  t.eq({ hand(1), tokens(2), left(1), left(12), left(14) }, { { ore = 2 }, { ore = 3 }, 4, 4, 4 })
end)

test("hexes: replenish=seven puts one token back on every hex below hex_tokens on a 7", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } },
    on_hexes { "resource-tokens.replenish=seven" })
  take_off(12, "ore", 3, 3)
  take_off(1, "ore", 4, 3)
  take_off(3, "lumber", 1, 4)
  base.seven(1)
  -- Before the robber: ore 12 1 -> 2, ore 1 0 -> 1, lumber 3 3 -> 4; then the robber's token
  -- from hex 12. Full hexes get nothing.
  t.eq({ left(12), left(1), left(14), left(3), left(9) }, { 1, 1, 4, 4, 4 })
  t.eq(tokens(1), { ore = 1 })
  t.eq(game.count("bank", "ore", "token"), 13 - 2)
  t.eq(stats(t).replenished, 3)
  -- A knight moves the robber but is no rolled 7: nothing goes back.
  base = fresh(t, { [1] = { "tile:12", "take" } }, on_hexes { "resource-tokens.replenish=seven" })
  take_off(1, "ore", 2, 3)
  give_dev(1, "knight")
  base.play_dev(1, "knight")
  t.eq({ left(1), left(12) }, { 2, 3 })
end)

test("hexes: a bank that cannot refill every hex of a resource refills none of them", function(t)
  -- Ore: hexes 1 and 12 want a token each, the bank holds 1; lumber is another resource.
  local base = fresh(t, { [1] = { "tile:19", "rob" } }, on_hexes { "resource-tokens.replenish=seven" })
  take_off(1, "ore", 1, 3)
  take_off(12, "ore", 1, 3)
  take_off(3, "lumber", 1, 3)
  game.move("bank", 4, "ore", 12, "token")
  base.seven(1)
  t.eq({ left(1), left(12), left(3), game.count("bank", "ore", "token") }, { 3, 3, 4, 1 })
  t.eq({ stats(t).replenished, stats(t).unreplenished }, { 1, 2 })
end)

test("hexes: without replenishment a 7 puts nothing back", function(t)
  local base = fresh(t, { [1] = { "tile:19", "rob" } }, on_hexes())
  take_off(1, "ore", 1, 3)
  base.seven(1)
  t.eq(left(1), 3)
end)

test("hexes: replenish=attack needs the barbarians of cities-knights", function(t)
  t.raises(function() fresh(t, nil, on_hexes { "resource-tokens.replenish=attack" }) end,
    "replenish=attack needs the barbarians of cities-knights")
end)

test("hexes: the check catches a hex whose count and the supply disagree", function(t)
  fresh(t, nil, on_hexes())
  board.tile_set(12, "tokens", 3)
  t.raises(function() game.raise("base.turn_end", { player = 1 }) end,
    "invariant broken: ore tokens on the hexes after base.turn_end: the hexes count 11, the supply holds 12")
  fresh(t, nil, on_hexes())
  game.move("hexes", 1, "ore", 1, "token")
  t.raises(function() game.raise("base.turn_end", { player = 1 }) end,
    "the hexes count 12, the supply holds 11")
  fresh(t, nil, on_hexes())
  game.remove("hexes", "ore", 1, "token")
  t.raises(function() game.raise("base.turn_end", { player = 1 }) end,
    "invariant broken: ore tokens (bank + hexes + players) after base.turn_end, expected 25, got 24")
end)

test("hexes: the heuristic bot sends the robber where a token is left", function(t)
  -- Player 2 (the leader) on ore 8 (tile 12, dry) and brick 6 (tile 5, full), player 1 nowhere:
  -- the base rule would block the 8 and 6 alike; with nothing to rob on a dry hex the bot moves
  -- the robber where it can take a token.
  local base = fresh(t, nil, on_hexes(), { "heuristic" })
  city(base, 2, 37)
  settlement(base, 2, 20)
  local opts = {}
  for tile = 1, 19 do
    if tile ~= 10 then opts[#opts + 1] = { id = "tile:" .. tile, tile = tile } end
  end
  -- With tokens on both, the usual choice: tile 12, where the city counts double.
  t.eq(game.decide(1, "base.robber", opts).tile, 12)
  take_off(12, "ore", 4, 3)
  t.eq(game.decide(1, "base.robber", opts).tile, 5)
  -- A victim worth robbing (more points, 2 cards) keeps the robber on the dry hex.
  give(2, { wool = 2 })
  t.eq(game.decide(1, "base.robber", opts).tile, 12)
end)

test("hexes: whole games keep every invariant, with and without replenishment", function(t)
  local dry = 0
  for _, r in ipairs({ "none", "seven" }) do
    whole_games(t, { "heuristic", "heuristic", "random", "random" },
      on_hexes { "resource-tokens.replenish=" .. r, "resource-tokens.hex_tokens=3" },
      function()
        t.eq(math.type(game.get("stats.dry_hexes")), "integer")
        t.eq(math.type(game.get("stats.tokens_replenished")), "integer")
        dry = dry + game.get("stats.supplies_emptied")
      end)
  end
  t.ok(dry > 0, "a hex ran dry in some game")
end)

test("hexes: games publish the supply statistics, in the bank as on the hexes", function(t)
  t.start { players = 4, seed = 2, agents = { "heuristic" } }
  t.ok(t.play().winner ~= nil)
  for _, k in ipairs({ "supplies_emptied", "dry_claims", "dry_robber" }) do
    t.eq(math.type(game.get("stats." .. k)), "integer", k)
  end
  t.eq({ game.get("stats.tokens_replenished"), game.get("stats.dry_hexes") }, { nil, nil },
    "hex statistics only on the hexes")
  t.start { players = 4, seed = 2, agents = { "heuristic" }, options = on_hexes() }
  t.ok(t.play().winner ~= nil)
  t.eq(game.get("stats.tokens_replenished"), 0)
  -- What was gained is on no hex any more: tokens on the hexes = placed - gained there.
  local on = 0
  for tile = 1, 19 do on = on + (left(tile) or 0) end
  local hex_gained = 18 * 4 - on
  t.ok(hex_gained == game.get("stats.tokens_gained"), "every token gained came off a hex")
end)
