-- Tests of robber.lua: discards on a 7, moving the robber, choosing a victim and stealing.
-- Run: catan test base --filter robber
--
-- Default (beginner) board: tile 5 is hills 6 ("tile:5"), tile 10 the desert
-- (robber's start), tile 19 pasture 11 ("tile:19").

local CHECK = "base.check=true"
local RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

local function new_game(t, answers, extra)
  local options = { CHECK }
  for _, o in ipairs(extra or {}) do options[#options + 1] = o end
  t.start { players = 4, seed = 1, options = options, start = false, answers = answers }
  return t.env()
end

local function put(p, building, tile, corner)
  local node = board.tile_nodes(tile)[corner]
  board.node_set(node, "owner", p)
  board.node_set(node, "building", building)
  game.remove(p, building, 1, "piece")
  return node
end

-- The decisions of the current game as {player, kind, count, choice} rows.
local function log_rows(t)
  local rows = {}
  for i, d in ipairs(t.decisions()) do rows[i] = { d.player, d.kind, d.count, d.choice } end
  return rows
end

test("robber: on a 7, 9 and 8 cards discard 4, 7 cards nothing, from the roller on", function(t)
  local env = new_game(t, {
    [2] = { "wool", "wool", "grain", "grain", "tile:19" },
    [4] = { "ore", "ore", "ore", "ore" },
  })
  give(1, { brick = 3 })
  give(2, { wool = 2, grain = 6 })            -- 8 cards: discards 4 (the roller)
  give(3, { lumber = 7 })                     -- 7 cards: keeps them
  give(4, { brick = 5, ore = 4 })             -- 9 cards: discards 4
  local tile = env.seven(2)
  t.eq(tile, 19)
  t.eq(hand(1), { brick = 3 })
  t.eq(hand(2), { grain = 4 })
  t.eq(hand(3), { lumber = 7 })
  t.eq(hand(4), { brick = 5 }, "player 4 chose to discard their ore")
  t.eq(game.count("bank", "ore", "card"), 19)
  t.eq(game.count("bank", "wool", "card"), 19)
  t.eq(game.count("bank", "grain", "card"), 19 - 6 + 2)
  t.eq(game.get("robber"), 19)
  -- Player 2 first (the roller), then 3 (nothing), 4, 1 (nothing); options are the resources
  -- held: once player 2's wool is gone only grain is offered. Then the robber (18 tiles; tile
  -- 19 is the 18th since the desert, tile 10, is left out). Nobody is on tile 19: no steal.
  t.eq(log_rows(t), {
    { 2, "base.discard", 2, 1 }, { 2, "base.discard", 2, 1 }, { 2, "base.discard", 1, 1 },
    { 2, "base.discard", 1, 1 },
    { 4, "base.discard", 2, 2 }, { 4, "base.discard", 2, 2 }, { 4, "base.discard", 2, 2 },
    { 4, "base.discard", 2, 2 },
    { 2, "base.robber", 18, 18 },
  })
end)

test("robber: the discard limit option changes who discards", function(t)
  local env = new_game(t, { [1] = { "tile:19" } }, { "base.discard_limit=9" })
  give(2, { brick = 9 })
  give(3, { ore = 10 })
  env.seven(1)
  t.eq(hand(2), { brick = 9 })
  t.eq(hand(3), { ore = 5 })
end)

test("robber: the robber must move: its own tile is not an option, the desert is", function(t)
  local env = new_game(t, { [1] = { "tile:5" } })
  game.set("robber", 5)
  t.raises(function() env.move_robber(1) end, "is no option id of decision 'base.robber'")

  env = new_game(t, { [1] = { "tile:10" } })
  game.set("robber", 5)
  t.eq(env.move_robber(1), 10)
  t.eq(game.get("robber"), 10)
  local d = t.decisions()
  t.eq(#d, 1)
  t.eq({ d[1].kind, d[1].count, d[1].choice }, { "base.robber", 18, 9 })
end)

test("robber: steals one card from the only adjacent opponent holding cards", function(t)
  local env = new_game(t, { [1] = { "tile:5" } })
  put(1, "settlement", 5, 3) -- the thief's own building: not a victim
  put(2, "settlement", 5, 1)
  put(3, "settlement", 5, 5) -- no cards
  give(1, { ore = 1 })
  give(2, { wool = 2, grain = 1 })
  give(4, { brick = 5 }) -- cards, but not on the tile
  env.move_robber(1)
  t.eq(game.get("robber"), 5)
  t.eq(#t.decisions(), 1, "no victim decision with a single victim")
  t.eq(game.total(2, "card"), 2)
  t.eq(game.total(1, "card"), 2)
  t.eq(hand(3), {})
  t.eq(hand(4), { brick = 5 })
  -- Exactly one card moved, from player 2 to player 1, and the bank did not change.
  for _, r in ipairs(RESOURCES) do
    local before2 = ({ wool = 2, grain = 1 })[r] or 0
    local before1 = ({ ore = 1 })[r] or 0
    local lost = before2 - game.count(2, r, "card")
    t.eq(game.count(1, r, "card") - before1, lost, r)
  end
  t.eq(game.total("bank", "card"), 95 - 9)
end)

test("robber: with several victims the thief chooses", function(t)
  local env = new_game(t, { [1] = { "tile:5", "player:3" } })
  put(2, "settlement", 5, 1)
  put(3, "city", 5, 4)
  put(4, "settlement", 5, 6)
  give(2, { wool = 2 })
  give(3, { ore = 1 })
  env.move_robber(1)
  t.eq(log_rows(t), { { 1, "base.robber", 18, 5 }, { 1, "base.victim", 2, 2 } },
    "player 4 has no card: only players 2 and 3 are offered")
  t.eq(hand(1), { ore = 1 })
  t.eq(hand(3), {})
  t.eq(hand(2), { wool = 2 })
end)

test("robber: nobody adjacent has cards, so nothing is stolen", function(t)
  local env = new_game(t, { [1] = { "tile:5" } })
  put(2, "settlement", 5, 1)
  put(3, "settlement", 5, 4)
  give(1, { ore = 2 })
  give(4, { brick = 5 })
  env.move_robber(1)
  t.eq(#t.decisions(), 1)
  t.eq(hand(1), { ore = 2 })
  t.eq(hand(2), {})
  t.eq(hand(3), {})
  t.eq(hand(4), { brick = 5 })
end)

test("robber: the stolen card is random among the victim's cards", function(t)
  local seen = {}
  for seed = 1, 40 do
    t.start { players = 3, seed = seed, options = { CHECK }, start = false,
              answers = { [1] = { "tile:5" } } }
    local env = t.env()
    put(2, "settlement", 5, 1)
    give(2, { wool = 1, ore = 1 })
    env.move_robber(1)
    t.eq(game.total(1, "card"), 1)
    t.eq(game.total(2, "card"), 1)
    for _, r in ipairs({ "wool", "ore" }) do
      if game.count(1, r, "card") == 1 then seen[r] = true end
    end
  end
  t.eq(seen, { wool = true, ore = true })
end)

test("robber: its menus show who stands on each tile and the cards each victim holds", function(t)
  new_game(t, {})
  put(2, "settlement", 5, 1)
  put(3, "city", 5, 4)
  give(2, { wool = 4, ore = 1 })
  give(3, { brick = 1 })
  t.eq(game.label("base.robber", { id = "tile:5", tile = 5 }),
    "tile 5 (brick 6): players 2 (5 cards), 3 (1 card)")
  t.eq(game.label("base.robber", { id = "tile:19", tile = 19 }), "tile 19 (wool 11)")
  t.eq(game.label("base.victim", { id = "player:3", player = 3 }), "player 3 (1 card)")
  t.eq(game.label("base.trade_partner", { id = "player:3", player = 3 }), "player 3",
    "only the robber's menus count cards")
  t.eq(game.label("base.action", { id = "play:road_building", action = "play",
    card = "road_building" }), "play road building")
  -- The maritime menu shows the rate of the player on turn.
  t.eq(game.label("base.maritime_give", { id = "brick", resource = "brick" }), "brick (4:1)")
  t.eq(game.label("base.plenty", { id = "brick", resource = "brick" }), "brick")
end)

test("robber: give_cards (library) takes chosen cards one at a time, as the discard does", function(t)
  local base = fresh(t, { [2] = { "ore", "gem", "brick" }, [3] = { "wool" } })
  local lib = require("base")
  game.add_kind("gem")
  game.add_supply("gem_pile")
  game.add("gem_pile", "gem", 2, "card")
  base.storage.hand_kinds = { "gem" }
  base.HAND_OPTIONS.gem = { id = "gem", resource = "gem" }
  give(2, { ore = 1, brick = 2 })
  game.move("gem_pile", 2, "gem", 1, "card")
  -- To another seat, under the default decision kind; the options are the kinds still held.
  t.eq(lib.give_cards(2, 3, 1), { ore = 1, gem = 1, brick = 1 })
  t.eq(hand(1), { ore = 1, brick = 1 })
  t.eq(game.count(1, "gem", "card"), 1)
  t.eq(hand(2), { brick = 1 })
  local asked = {}
  for i, d in ipairs(t.decisions { options = true }) do
    asked[i] = { d.player, d.kind, d.id, ids(d.options) }
  end
  t.eq(asked, { { 2, "base.give", "ore", { "brick", "ore", "gem" } },
                { 2, "base.give", "gem", { "brick", "gem" } },
                { 2, "base.give", "brick", { "brick" } } })
  -- To the bank (the default), under a kind of the caller's: fewer when the hand runs out.
  give(3, { wool = 1 })
  t.eq(lib.give_cards(3, 2, nil, "tithe.give"), { wool = 1 })
  t.eq(bank().wool, 19)
  t.eq(t.decisions()[4].kind, "tithe.give")
  t.eq(#t.decisions(), 4)
  t.eq(lib.give_cards(3, 0), {})
  t.raises(function() lib.give_cards(3, -1) end, "give_cards: count must be an integer of at least 0, not -1")
  t.raises(function() lib.give_cards(3, 1, "bank", 5) end, "give_cards: kind must be a decision kind")
end)
