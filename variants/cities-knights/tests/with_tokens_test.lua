-- Seed 002's resource tokens in Cities & Knights (docs/cities-knights.md, "Seed 002"): runs with
-- the resource-tokens pack loaded (pack.json: "with": ["resource-tokens"]). Each test checks
-- rulings of seed 002 (section and bullet in its name) as they meet this pack. Board as in helpers.lua: node 37
-- touches only ore 8 (tile 12), node 41 only lumber 8, node 52 only grain 6, node 46 only wool
-- 5; node 4 touches brick 6, ore 10 and grain 12.

-- p's holdings of form "token" in the commodity kinds, {kind = count} of those held.
local function commodity_tokens(p) return held_items(COMMODITY_KINDS, "token", p) end

-- The kinds of the decisions of the current game, in order.
local function kinds_asked(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = d.kind end
  return out
end

test("with tokens: tokens exist for the five resources only, never for a commodity (§A)", function(t)
  local base = fresh(t)
  local ck = t.env()
  for _, r in ipairs(RESOURCES) do t.eq(game.count("bank", r, "token"), 25) end
  for _, c in ipairs(COMMODITY_KINDS) do t.eq(game.sum(c, "token"), 0) end
  -- A city on mountains takes 1 ore and 1 coin, both cards (no building here may take tokens).
  city(base, 1, 37)
  base.produce(8)
  t.eq({ hand(1), commodities(1), tokens(1), commodity_tokens(1) },
       { { ore = 1 }, { coin = 1 }, {}, {} })
  -- Tokens are no commodity: ore, wool and lumber tokens buy no improvement and feed no
  -- Trading House; the improvement is paid in commodity cards and the tokens stay.
  give_tokens(1, { ore = 5, wool = 5, lumber = 5 })
  t.eq(ck.can_improve(1, "trade"), false)
  t.eq(ck.can_improve(1, "science"), false)
  t.eq(ck.can_improve(1, "politics"), true, "the coin card")
  t.eq(menu_entry(base, 1, "improve:trade"), nil)
  ck.improve(1, "politics")
  t.eq({ levels(1), commodities(1), tokens(1) },
       { { 0, 1, 0 }, {}, { ore = 5, wool = 5, lumber = 5 } })
  give_commodities(1, { cloth = 6 })
  for _ = 1, 3 do ck.improve(1, "trade") end
  t.eq({ levels(1), commodities(1) }, { { 3, 1, 0 }, {} })
  t.eq(menu_entry(base, 1, "trading_house"), nil, "the Trading House takes commodity cards only")
  -- Trade Monopoly takes commodity cards only: opponents with tokens alone give nothing.
  give_tokens(2, { wool = 3 })
  give_progress(1, "trade_monopoly")
  rolled(t)
  t.eq(menu_entry(base, 1, "progress:trade_monopoly"), nil, "no opponent holds a commodity")
end)

test("with tokens: a knight is built, activated and promoted with any mix of tokens and cards (§B.1)", function(t)
  local base = fresh(t, { [1] = { "node:24", "tokens:1" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36, 24 })
  give(1, { ore = 1 })
  give_tokens(1, { wool = 1 })
  t.ok(menu_entry(base, 1, "build:basic_knight") ~= nil, "1 ore card + 1 wool token")
  base.build_action(1, "basic_knight")
  t.eq({ board.node_get(24, "building"), hand(1), tokens(1) }, { "basic_knight", {}, {} })
  t.eq(game.count("bank", "wool", "token"), 25)
  -- Activation: 1 grain, here a card or a token: the player picks the token.
  give(1, { grain = 1 })
  give_tokens(1, { grain = 1 })
  local o = menu_entry(base, 1, "activate:24")
  o.run(1, o)
  t.eq({ board.node_get(24, "active"), hand(1), tokens(1) }, { true, { grain = 1 }, {} })
  -- Promotion: 1 wool + 1 ore, tokens only.
  give_tokens(1, { wool = 1, ore = 1 })
  o = menu_entry(base, 1, "promote:24")
  o.run(1, o)
  t.eq({ board.node_get(24, "building"), hand(1), tokens(1) },
       { "strong_knight", { grain = 1 }, {} })
  t.eq(kinds_asked(t), { "base.place_basic_knight", "tokens.pay" })
  t.eq(t.decisions()[2].count, 2, "grain: the card or the token")
end)

test("with tokens: Medicine, a fallen city's rebuilding and a wall take tokens (§B.1)", function(t)
  local base = fresh(t, { [1] = { "node:52", "node:52" } })
  local ck = t.env()
  city(base, 1, 37)
  for _, n in ipairs({ 52, 46, 20, 4, 1 }) do settlement(base, 1, n) end
  ck.barbarian_attack(1)
  t.eq(board.node_get(37, "fallen"), true)
  give(1, { ore = 3 })
  give_tokens(1, { grain = 2 })
  local o = menu_entry(base, 1, "rebuild:37")
  o.run(1, o)
  t.eq({ board.node_get(37, "fallen"), hand(1), tokens(1) }, { nil, {}, {} })
  give_tokens(1, { ore = 2, grain = 1 })
  give_progress(1, "medicine")
  rolled(t)
  play_card(t, base, 1, "medicine")
  t.eq({ board.node_get(52, "building"), hand(1), tokens(1) }, { "city", {}, {} })
  give_tokens(1, { brick = 2 })
  t.eq(base.build_action(1, "wall"), 52)
  t.eq({ board.node_get(52, "wall"), tokens(1) }, { 1, {} })
end)

test("with tokens: the 7's discard counts resource and commodity cards, never tokens (§B.6, §B.7)", function(t)
  -- Player 2: 3 ore + 4 paper cards = 7 and 6 tokens: keeps everything. Player 3: 4 ore + 4
  -- cloth cards = 8 and 5 ore tokens: discards 4, among them 2 ore tokens in place of ore cards
  -- and 2 cloth. Player 4: 5 wool + 3 coin = 8 and brick tokens (no match): base's discard.
  local base = fresh(t, { [3] = { "ore:token", "cloth:card", "ore:token", "cloth:card" },
                          [4] = { "coin", "coin", "wool", "wool" } })
  give(2, { ore = 3 })
  give_commodities(2, { paper = 4 })
  give_tokens(2, { brick = 6 })
  give(3, { ore = 4 })
  give_commodities(3, { cloth = 4 })
  give_tokens(3, { ore = 5 })
  give(4, { wool = 5 })
  give_commodities(4, { coin = 3 })
  give_tokens(4, { brick = 2 })
  base.seven(1)
  t.eq({ hand(2), commodities(2), tokens(2) }, { { ore = 3 }, { paper = 4 }, { brick = 6 } })
  t.eq({ hand(3), commodities(3), tokens(3) }, { { ore = 4 }, { cloth = 2 }, { ore = 3 } })
  t.eq({ hand(4), commodities(4), tokens(4) }, { { wool = 3 }, { coin = 1 }, { brick = 2 } })
  local d = t.decisions { options = true }
  t.eq({ d[1].player, d[1].kind }, { 3, "tokens.discard" })
  t.eq(ids(d[1].options), { "ore:card", "ore:token", "cloth:card" })
  t.eq({ d[5].player, d[5].kind }, { 4, "base.discard" })
  t.eq(#d, 8)
end)

test("with tokens: a discard never gives more of a resource than its cards (§B.7)", function(t)
  -- 2 ore + 6 coin cards, 4 ore tokens: 4 to discard; after 2 ore (tokens), only coin is left.
  local base = fresh(t, { [2] = { "ore:token", "ore:token", "coin:card", "coin:card" } })
  give(2, { ore = 2 })
  give_commodities(2, { coin = 6 })
  give_tokens(2, { ore = 4 })
  base.seven(1)
  t.eq({ hand(2), commodities(2), tokens(2) }, { { ore = 2 }, { coin = 4 }, { ore = 2 } })
  local d = t.decisions { options = true }
  t.eq(ids(d[3].options), { "coin:card" })
end)

test("with tokens: the robber (after the first attack) may take a token; a steal never does (§B.2)", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take", "tile:13", "rob" } })
  city(base, 2, 37)  -- ore 8, tile 12
  city(base, 3, 41)  -- lumber 8, tile 13
  give_tokens(2, { ore = 3 })
  give_tokens(3, { lumber = 2 })
  give_commodities(3, { paper = 1 })
  t.eq(base.seven(1), nil, "before the first attack the robber stays")
  t.eq(tokens(1), {})
  game.set("barbarian_attacks", 1)
  t.eq(base.robbable(1, 12), {}, "player 2 holds tokens only")
  t.eq(base.seven(1), 12)
  t.eq({ tokens(1), tokens(2) }, { { ore = 1 }, { ore = 3 } })
  t.eq(base.seven(1), 13)
  t.eq({ commodities(1), commodities(3), tokens(3) }, { { paper = 1 }, {}, { lumber = 2 } })
end)

test("with tokens: a knight chasing the robber may take a token instead of robbing (§B.2)", function(t)
  local base = fresh(t, { [1] = { "tile:7", "take" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36 })
  knight(base, 1, 36, "basic_knight", true)
  board.node_set(36, "active_turn", game.turn() - 1) -- activated on an earlier turn
  settlement(base, 2, 21) -- on tile 7
  give(2, { ore = 1 })
  game.set("robber", 12)
  game.set("barbarian_attacks", 1)
  local r = board.tile_get(7, "resource")
  local o = menu_entry(base, 1, "chase_robber:36")
  o.run(1, o)
  t.eq(game.get("robber"), 7)
  t.eq({ hand(1), tokens(1), hand(2) }, { {}, { [r] = 1 }, { ore = 1 } })
  t.eq(kinds_asked(t), { "base.robber", "tokens.robber" })
end)

test("with tokens: bank trades pay cards only; tokens may be given (§B.8)", function(t)
  local base = fresh(t, { [1] = { "cloth", "ore", "wool", "brick", "grain", "lumber" } })
  local ck = t.env()
  city(base, 1, 37)
  -- Trading House: 2 cloth cards for 1 card: an ore card, never a token.
  give_commodities(1, { cloth = 8 })
  for _ = 1, 3 do ck.improve(1, "trade") end
  local o = menu_entry(base, 1, "trading_house")
  o.run(1, o)
  t.eq({ hand(1), tokens(1), commodities(1) }, { { ore = 1 }, {}, {} })
  -- Merchant Fleet: 2 wool tokens (no wool card) to the bank for 1 brick card.
  give_tokens(1, { wool = 2 })
  give_progress(1, "merchant_fleet")
  rolled(t)
  play_card(t, base, 1, "merchant_fleet")
  o = menu_entry(base, 1, "fleet:wool")
  o.run(1, o)
  t.eq({ hand(1), tokens(1) }, { { ore = 1, brick = 1 }, {} })
  t.eq(menu_entry(base, 1, "fleet:wool"), nil, "no wool left")
  -- Maritime at node 37's 3:1 harbor: 1 grain card and 2 grain tokens for 1 lumber card.
  give(1, { grain = 1 })
  give_tokens(1, { grain = 2 })
  base.maritime_action(1)
  t.eq({ hand(1), tokens(1) }, { { ore = 1, brick = 1, lumber = 1 }, {} })
  for _, r in ipairs(RESOURCES) do t.eq(game.count("bank", r, "token"), 25) end
  t.eq(kinds_asked(t), { "ck.trade_give", "ck.trade_get", "ck.fleet", "ck.fleet_get",
                         "base.maritime_give", "base.maritime_get" })
end)

test("with tokens: the merchant's 2:1 takes tokens and pays a card (§B.8)", function(t)
  local base = fresh(t, { [1] = { "tile:18", "grain", "ore" } })
  local ck = t.env()
  settlement(base, 1, 52) -- grain 6, tile 18
  ck.place_merchant(1)
  give(1, { grain = 1 })
  give_tokens(1, { grain = 1 })
  base.maritime_action(1)
  t.eq({ hand(1), tokens(1) }, { { ore = 1 }, {} })
  t.eq({ game.count("bank", "grain", "token"), game.count("bank", "ore", "token") }, { 25, 25 })
end)

test("with tokens: the Aqueduct pays a resource card, never a token (§B.9)", function(t)
  local base = fresh(t, { [1] = { "grain" } })
  local ck = t.env()
  city(base, 1, 37)
  give_commodities(1, { paper = 6 })
  for _ = 1, 3 do ck.improve(1, "science") end
  give_tokens(1, { grain = 2 })
  base.produce_roll(2, 6) -- pays player 1 nothing
  t.eq({ hand(1), tokens(1) }, { { grain = 1 }, { grain = 2 } })
  t.eq(game.count("bank", "grain", "token"), 23)
  t.eq(kinds_asked(t), { "ck.aqueduct" })
end)

test("with tokens: Commercial Harbor may be offered a resource card or a resource token (§B.10)", function(t)
  local base = fresh(t, { [1] = { "grain:token", "ore" }, [2] = { "cloth" }, [4] = { "paper" } })
  give(1, { ore = 1 })
  give_tokens(1, { grain = 1, ore = 1 })
  give_commodities(2, { cloth = 1 })
  give_commodities(4, { paper = 1 })
  give_progress(1, "commercial_harbor")
  rolled(t)
  play_card(t, base, 1, "commercial_harbor")
  local o = menu_entry(base, 1, "harbor:2")
  o.run(1, o)
  o = menu_entry(base, 1, "harbor:4")
  o.run(1, o)
  t.eq({ hand(1), tokens(1), commodities(1) }, { {}, { ore = 1 }, { cloth = 1, paper = 1 } })
  t.eq({ tokens(2), commodities(2) }, { { grain = 1 }, {} }, "the token stays a token")
  t.eq({ hand(4), commodities(4) }, { { ore = 1 }, {} })
  local d = t.decisions { options = true }
  t.eq(ids(d[1].options), { "grain:token", "ore", "ore:token" })
  t.eq(d[1].label, "grain token")
  t.eq(ids(d[3].options), { "ore", "ore:token" })
end)

test("with tokens: Commercial Harbor is playable with tokens alone (§B.10)", function(t)
  local base = fresh(t, { [1] = { "wool:token" } })
  give_tokens(1, { wool = 2 })
  give_commodities(3, { coin = 1 })
  give_progress(1, "commercial_harbor")
  rolled(t)
  play_card(t, base, 1, "commercial_harbor")
  local o = menu_entry(base, 1, "harbor:3")
  o.run(1, o)
  t.eq({ tokens(1), commodities(1), tokens(3), commodities(3) },
       { { wool = 1 }, { coin = 1 }, { wool = 1 }, {} })
end)

test("with tokens: Resource Monopoly takes resource cards only (§B.11)", function(t)
  local base = fresh(t, { [1] = { "ore" } })
  give_tokens(2, { ore = 2 })
  give_tokens(3, { ore = 4 })
  give_progress(1, "resource_monopoly")
  rolled(t)
  t.eq(menu_entry(base, 1, "progress:resource_monopoly"), nil, "opponents hold tokens only")
  give(2, { ore = 3 })
  give(4, { ore = 1 })
  give_tokens(4, { ore = 3 })
  play_card(t, base, 1, "resource_monopoly")
  t.eq({ hand(1), tokens(1) }, { { ore = 3 }, {} })
  t.eq({ hand(2), tokens(2) }, { { ore = 1 }, { ore = 2 } })
  t.eq({ hand(3), tokens(3) }, { {}, { ore = 4 } })
  t.eq({ hand(4), tokens(4) }, { {}, { ore = 3 } })
end)

test("with tokens: Mining and Irrigation pay resource cards, never tokens (§B.12)", function(t)
  local base = fresh(t)
  settlement(base, 1, 52)
  city(base, 1, 4)
  give_progress(1, "irrigation")
  give_progress(1, "mining")
  rolled(t)
  play_card(t, base, 1, "irrigation")
  play_card(t, base, 1, "mining")
  t.eq({ hand(1), tokens(1) }, { { grain = 4, ore = 2 }, {} })
  t.eq({ game.count("bank", "grain", "token"), game.count("bank", "ore", "token") }, { 25, 25 })
end)

test("with tokens: Wedding moves resource and commodity cards only (§B.13)", function(t)
  local base = fresh(t, { [2] = { "wool", "cloth" } })
  settlement(base, 1, 37)
  city(base, 2, 41)
  city(base, 4, 4)
  give_tokens(2, { brick = 3 })
  give_tokens(4, { grain = 2 })
  give_progress(1, "wedding")
  rolled(t)
  t.eq(menu_entry(base, 1, "progress:wedding"), nil, "the richer players hold tokens only")
  give(2, { wool = 1 })
  give_commodities(2, { cloth = 1 })
  play_card(t, base, 1, "wedding")
  t.eq({ hand(1), commodities(1), tokens(1) }, { { wool = 1 }, { cloth = 1 }, {} })
  t.eq({ hand(2), commodities(2), tokens(2) }, { {}, {}, { brick = 3 } })
  t.eq(tokens(4), { grain = 2 })
end)

test("with tokens: Master Merchant sees and takes resource and commodity cards only (§B.14)", function(t)
  local base = fresh(t, { [1] = { "player:2", "brick", "coin" } })
  settlement(base, 1, 37)
  city(base, 2, 41)
  city(base, 3, 52)
  give(2, { brick = 1 })
  give_commodities(2, { coin = 1 })
  give_tokens(2, { ore = 3 })
  give_tokens(3, { wool = 4 })
  give_progress(1, "master_merchant")
  rolled(t)
  play_card(t, base, 1, "master_merchant")
  t.eq({ hand(1), commodities(1), tokens(1) }, { { brick = 1 }, { coin = 1 }, {} })
  t.eq({ hand(2), commodities(2), tokens(2) }, { {}, {}, { ore = 3 } })
  local d = t.decisions { options = true }
  t.eq(ids(d[1].options), { "player:2" }, "player 3 holds tokens only")
  t.eq(ids(d[2].options), { "brick", "coin" })
end)

test("with tokens: Saboteur's half counts and takes resource and commodity cards only (§B.15)", function(t)
  -- Player 2 (2 points): 2 brick + 1 paper cards and 6 ore tokens: 3 cards, discards 1. Player
  -- 3 (1 point, as many as player 1): 1 wool card and 5 grain tokens: discards none.
  local base = fresh(t, { [2] = { "paper" } })
  settlement(base, 1, 37)
  city(base, 2, 41)
  settlement(base, 3, 52)
  give_tokens(2, { ore = 6 })
  give(3, { wool = 1 })
  give_tokens(3, { grain = 5 })
  give_progress(1, "saboteur")
  rolled(t)
  t.eq(menu_entry(base, 1, "progress:saboteur"), nil, "nobody holds 2 cards")
  give(2, { brick = 2 })
  give_commodities(2, { paper = 1 })
  play_card(t, base, 1, "saboteur")
  t.eq({ hand(2), commodities(2), tokens(2) }, { { brick = 2 }, {}, { ore = 6 } })
  t.eq({ hand(3), tokens(3) }, { { wool = 1 }, { grain = 5 } })
  t.eq(kinds_asked(t), { "ck.saboteur" })
end)

test("with tokens: the Bishop draws resource and commodity cards only, never a token (§B.16)", function(t)
  -- Tile 12 (ore 8): player 2's city on 37 (1 wool card, 3 ore tokens), player 3's
  -- settlement on 24 (2 ore tokens only). The Bishop takes player 2's card and offers no token.
  local base = fresh(t, { [1] = { "tile:12" } })
  city(base, 2, 37)
  settlement(base, 3, 24)
  give(2, { wool = 1 })
  give_tokens(2, { ore = 3 })
  give_tokens(3, { ore = 2 })
  give_progress(1, "bishop")
  game.set("barbarian_attacks", 1)
  rolled(t)
  play_card(t, base, 1, "bishop")
  t.eq(game.get("robber"), 12)
  t.eq({ hand(1), tokens(1) }, { { wool = 1 }, {} })
  t.eq({ hand(2), tokens(2), tokens(3) }, { {}, { ore = 3 }, { ore = 2 } })
  t.eq(game.count("bank", "ore", "token"), 20)
  t.eq(kinds_asked(t), { "base.robber" }, "no token offered in place of the Bishop's draws")
end)

test("with tokens: a walled city takes a token in place of a resource card, never of its commodity (§B.3)", function(t)
  -- Walled cities: player 1 on 37 (a metropolis; ore 8: 1 ore + 1 coin), player 2 on 41
  -- (lumber 8: 1 lumber + 1 paper), player 3 on 52 (grain 6: 2 grain). Player 2 turns its token
  -- down.
  local base = fresh(t, { [1] = { "tokens:1" }, [2] = { "tokens:0" }, [3] = { "tokens:1" } })
  for p, n in ipairs({ 37, 41, 52 }) do
    city(base, p, n)
    base.place_piece(p, "wall", n, { free = true })
  end
  base.place_piece(1, "metropolis", 37, { free = true }) -- a walled metropolis is a walled city
  base.produce(8)
  base.produce(6)
  t.eq({ hand(1), tokens(1), commodities(1) }, { {}, { ore = 1 }, { coin = 1 } })
  t.eq({ hand(2), tokens(2), commodities(2) }, { { lumber = 1 }, {}, { paper = 1 } })
  t.eq({ hand(3), tokens(3) }, { { grain = 1 }, { grain = 1 } })
  local d = t.decisions { options = true }
  t.eq({ d[1].kind, d[1].player }, { "tokens.claim", 1 })
  t.eq(ids(d[1].options), { "tokens:0", "tokens:1" }, "1 ore after the coin: at most 1 token")
  t.eq(#d, 3)
end)

test("with tokens: a wall adds nothing to the discard threshold (§B.3)", function(t)
  -- Player 1 (a walled city) holds 6 ore + 2 coin cards and 3 tokens: 8 cards, discards 4.
  local base = fresh(t, { [1] = { "coin", "coin", "ore", "ore" } })
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  give(1, { ore = 6 })
  give_commodities(1, { coin = 2 })
  give_tokens(1, { brick = 3 })
  base.seven(2)
  t.eq({ hand(1), commodities(1), tokens(1) }, { { ore = 4 }, {}, { brick = 3 } })
end)

test("with tokens: a wall lost to the barbarians takes its token allowance with it (§B.3)", function(t)
  local base = fresh(t, { [1] = { "tokens:1" } })
  local ck = t.env()
  city(base, 1, 37)
  base.place_piece(1, "wall", 37, { free = true })
  base.produce(8)
  t.eq({ hand(1), tokens(1), commodities(1) }, { {}, { ore = 1 }, { coin = 1 } })
  ck.barbarian_attack(1) -- 1 city against no knight: the walled city becomes a settlement
  t.eq({ board.node_get(37, "building"), board.node_get(37, "wall") }, { "settlement", nil })
  base.produce(8)
  t.eq({ hand(1), tokens(1), commodities(1) }, { { ore = 1 }, { ore = 1 }, { coin = 1 } })
  t.eq(kinds_asked(t), { "tokens.claim" }, "no token claim for the settlement")
end)

test("with tokens: a token shortage pays every claim of that resource in cards unless some ask for fewer (§B.5)", function(t)
  -- Walled cities of players 1 (node 37) and 2 (node 36) on ore 8, 1 ore token in the bank.
  -- First roll: both keep their request, so both take cards. Second: player 2 gives it up.
  local base = fresh(t, { [1] = { "tokens:1", "keep:1", "tokens:1", "keep:1" },
                          [2] = { "tokens:1", "keep:1", "tokens:1", "keep:0" } })
  for p, n in ipairs({ 37, 36 }) do
    city(base, p, n)
    base.place_piece(p, "wall", n, { free = true })
  end
  game.move("bank", 3, "ore", 24, "token")
  base.produce(8)
  t.eq({ hand(1), tokens(1), hand(2), tokens(2) }, { { ore = 1 }, {}, { ore = 1 }, {} })
  base.produce(8)
  t.eq({ hand(1), tokens(1), hand(2), tokens(2) }, { { ore = 1 }, { ore = 1 }, { ore = 2 }, {} })
  t.eq({ commodities(1), commodities(2) }, { { coin = 2 }, { coin = 2 } }, "the coin is a card")
  t.eq(kinds_asked(t), { "tokens.claim", "tokens.claim", "tokens.shortage", "tokens.shortage",
                         "tokens.claim", "tokens.claim", "tokens.shortage", "tokens.shortage" })
end)

test("with tokens: a domestic trade of a resource token for a commodity hands the commodity over as a card (§B.1)", function(t)
  local base = fresh(t, { [1] = { "offer:give=ore1:get=cloth1", "player:2" }, [2] = { "accept" } })
  base.storage.turn.rolled = true
  give_tokens(1, { ore = 1 })
  give_commodities(2, { cloth = 1 })
  t.ok(base.domestic_action(1))
  t.eq({ tokens(1), commodities(1) }, { {}, { cloth = 1 } })
  t.eq({ tokens(2), commodities(2) }, { { ore = 1 }, {} }, "the token stays a token")
end)
