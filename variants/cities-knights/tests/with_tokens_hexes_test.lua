-- Seed 002's tokens on the hexes in Cities & Knights (resource-tokens' placement = "hexes"): runs
-- with the resource-tokens pack loaded (pack.json: "with": ["resource-tokens"]). Replenishment
-- after each barbarian attack (event ck.barbarians_attacked) or on each 7, and what the seed's
-- rulings for the bank supply become when the supply is on the hexes: walls earn from their hex,
-- the robber's token (a 7 or a knight's chase) comes from its hex, the Bishop offers none, and the
-- cards that pay resources (Mining, Irrigation, the Aqueduct) never touch the hexes. Board as in
-- helpers.lua: node 37 touches only ore 8 (tile 12), node 41 only lumber 8 (tile 13), node 52
-- only grain 6 (tile 18); ore hexes are tiles 1, 12 and 14.

-- on_hexes, hex_left and take_off_hex: resource-tokens' tests/helpers.lua.
local left, take_off = hex_left, take_off_hex

-- Every producing hex's tokens, by tile (the desert, 10, left out).
local function all_left()
  local out = {}
  for tile = 1, 19 do
    if tile ~= 10 then out[#out + 1] = left(tile) end
  end
  return out
end

local function kinds_asked(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = d.kind end
  return out
end

test("with tokens on the hexes: each barbarian attack puts a token back on every hex below its count", function(t)
  local base = fresh(t, nil, on_hexes { "resource-tokens.replenish=attack" })
  local ck = t.env()
  city(base, 1, 37)
  take_off(12, "ore", 3, 2)
  take_off(13, "lumber", 1, 2)
  ck.barbarian_attack(1) -- 1 city against no knight: the barbarians win
  t.eq({ left(12), left(13), left(1) }, { 2, 4, 4 })
  ck.barbarian_attack(1)
  t.eq(left(12), 3)
  t.eq(game.count("bank", "ore", "token"), 13 - 2)
  t.eq(t.env("resource-tokens").storage.token_stats.replenished, 3)
  -- A 7 does not replenish with replenish=attack.
  take_off(12, "ore", 1, 2)
  game.set("barbarian_attacks", 0)
  base.seven(1)
  t.eq(left(12), 2)
end)

test("with tokens on the hexes: the tokens an attack puts back are there for the next production", function(t)
  -- The barbarians arrive on a roll of 8: the walled city on ore 8 (dry before the attack) takes
  -- the token just put back.
  local base = fresh(t, { [1] = { "tokens:1" } }, on_hexes { "resource-tokens.replenish=attack" })
  local ck = t.env()
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  knight(base, 2, 24, "basic_knight", true) -- Catan holds: the city is not pillaged
  take_off(12, "ore", 4, 2)
  game.set("barbarian_position", game.option("cities-knights", "barbarian_track") - 1)
  ck.barbarians_advance(1)
  t.eq(left(12), 1)
  base.produce(8)
  t.eq({ tokens(1), left(12) }, { { ore = 1 }, 0 })
end)

test("with tokens on the hexes: replenish=seven works while the robber still waits for the barbarians", function(t)
  local base = fresh(t, nil, on_hexes { "resource-tokens.replenish=seven" })
  take_off(12, "ore", 2, 2)
  t.eq(base.seven(1), nil, "the robber stays before the first attack")
  t.eq({ left(12), game.get("robber") }, { 3, 10 })
end)

test("with tokens on the hexes: replenish=attack is allowed with the barbarians", function(t)
  fresh(t, nil, on_hexes { "resource-tokens.replenish=attack" })
  t.eq(left(12), 4)
end)

test("with tokens on the hexes: a walled city's token comes from its hex; its commodity stays a card", function(t)
  local base = fresh(t, { [1] = { "tokens:1" }, [2] = { "tokens:1" } }, on_hexes())
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  city(base, 2, 41)
  base.place_piece(2, "wall", 41, { free = true })
  take_off(13, "lumber", 4, 3)
  base.produce(8)
  t.eq({ hand(1), tokens(1), commodities(1), left(12) }, { {}, { ore = 1 }, { coin = 1 }, 3 })
  t.eq({ hand(2), tokens(2), commodities(2), left(13) },
       { { lumber = 1 }, {}, { paper = 1 }, 0 }, "lumber 8 is dry: a card")
  t.eq(kinds_asked(t), { "tokens.claim" })
end)

test("with tokens on the hexes: the robber's token on a 7 or a knight's chase comes from its hex", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take", "tile:13" } }, on_hexes())
  game.set("barbarian_attacks", 1)
  base.seven(1)
  t.eq({ tokens(1), left(12) }, { { ore = 1 }, 3 })
  -- A knight's chase onto a dry hex: nothing to offer, so no decision after the tile.
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36 })
  knight(base, 1, 36, "basic_knight", true)
  board.node_set(36, "active_turn", game.turn() - 1)
  take_off(13, "lumber", 4, 3)
  local o = menu_entry(base, 1, "chase_robber:36")
  o.run(1, o)
  t.eq({ game.get("robber"), tokens(1), left(13) }, { 13, { ore = 1 }, 0 })
  t.eq(kinds_asked(t), { "base.robber", "tokens.robber", "base.robber" })
end)

test("with tokens on the hexes: the Bishop offers no token and leaves the hex's tokens", function(t)
  local base = fresh(t, { [1] = { "tile:12" } }, on_hexes())
  city(base, 2, 37)
  give(2, { wool = 1 })
  give_progress(1, "bishop")
  game.set("barbarian_attacks", 1)
  rolled(t)
  play_card(t, base, 1, "bishop")
  t.eq({ hand(1), tokens(1), left(12) }, { { wool = 1 }, {}, 4 })
  t.eq(kinds_asked(t), { "base.robber" })
end)

test("with tokens on the hexes: Mining, Irrigation and the Aqueduct pay cards and leave the hexes", function(t)
  local base = fresh(t, { [1] = { "grain" } }, on_hexes())
  local ck = t.env()
  local before = all_left()
  settlement(base, 1, 52)
  city(base, 1, 4)
  give_progress(1, "irrigation")
  give_progress(1, "mining")
  rolled(t)
  play_card(t, base, 1, "irrigation")
  play_card(t, base, 1, "mining")
  t.eq({ hand(1), tokens(1) }, { { grain = 4, ore = 2 }, {} })
  give_commodities(1, { paper = 6 })
  for _ = 1, 3 do ck.improve(1, "science") end
  base.produce_roll(2, 2) -- pays player 1 nothing
  t.eq({ hand(1), tokens(1) }, { { grain = 5, ore = 2 }, {} })
  t.eq(all_left(), before)
end)

test("with tokens on the hexes: Resource Monopoly and the 7's discard leave the hexes alone", function(t)
  local base = fresh(t, { [1] = { "ore" }, [2] = { "ore:token", "ore:card", "ore:card", "ore:card" } },
    on_hexes())
  local before = all_left()
  give(2, { ore = 8 })
  give_tokens(2, { ore = 2 })
  base.seven(1)
  t.eq({ hand(2), tokens(2), game.count("bank", "ore", "token") }, { { ore = 5 }, { ore = 1 }, 12 })
  give_progress(1, "resource_monopoly")
  rolled(t)
  play_card(t, base, 1, "resource_monopoly")
  t.eq({ tokens(2), all_left() }, { { ore = 1 }, before })
end)

test("with tokens on the hexes: whole games end with a winner, invariants checked", function(t)
  for _, r in ipairs({ "attack", "seven" }) do
    local replenished = 0
    for seed = 1, 2 do
      t.start { players = 4, seed = seed, agents = { "heuristic" },
                options = on_hexes { "base.check=true", "resource-tokens.replenish=" .. r } }
      local res = t.play()
      t.ok(res.winner ~= nil, r .. " seed " .. seed .. ": " .. res.reason)
      replenished = replenished + game.get("stats.tokens_replenished")
    end
    t.ok(replenished > 0, r .. ": tokens went back on the hexes")
  end
end)
