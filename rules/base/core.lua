-- Shared vocabulary of the base game: resources, development cards, pieces, and small helpers
-- every other file of the pack uses. Loaded first; everything here is a global of this pack.
--
-- Where the state lives (all kernel-owned, so variants can read it):
--   holdings, form "card":   resource cards (players and the "bank" supply)
--   holdings, form "dev":    development cards in a player's hand (kinds DEV_CARDS)
--   holdings, form "played": development cards a player has played
--   holdings, form "piece":  pieces still in a player's supply (kinds "road", "settlement", "city", ...)
--   deck "dev":              the development deck (top = next card drawn)
--   tile props:  terrain, resource (nil on the desert), number (nil on the desert)
--   node props:  owner (seat), building ("settlement", "city", ...), harbor ("any" or a resource)
--   path props:  road (seat)
--   game props:  robber (tile), longest_road / largest_army (seat, absent when nobody holds it),
--                dice_histogram.2 .. dice_histogram.12, die.1 and die.2 (the last roll's dice)
--   player props (the game summary): vp, settlements, cities, roads, knights_played,
--                road_length, longest_road, largest_army
-- Pack-private turn state is in storage (see new_turn_state).
--
-- Live views (game.holdings_view, board.node_view, ...: kernel state mirrored into tables the
-- kernel keeps current; read-only) made in game.setup, for the pack's hot code:
--   storage.cards[holder]  cards (form "card") of each seat and of "bank"
--   storage.devs[p], storage.played[p], storage.supply[p]   forms "dev", "played", "piece"
--   storage.building, storage.owner   node props; storage.road   path prop "road"
--   storage.props   every game prop (robber, longest_road, ...); storage.vp   player prop vp
--   storage.turn_view   the turn structure (current, over, ...)

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

DEV_CARDS = { "knight", "victory_point", "road_building", "year_of_plenty", "monopoly" }
DEV_DECK = { knight = 14, victory_point = 5, road_building = 2, year_of_plenty = 2, monopoly = 2 }

-- The pieces of the base game; variants add theirs through the base.pieces event.
BASE_PIECES = {
  road = { cost = { brick = 1, lumber = 1 }, limit = 15, vp = 0, on = "path" },
  settlement = { cost = { brick = 1, lumber = 1, wool = 1, grain = 1 }, limit = 5, vp = 1, on = "node" },
  city = { cost = { ore = 3, grain = 2 }, limit = 4, vp = 2, on = "node", upgrades = "settlement" },
}
DEV_CARD_COST = { ore = 1, wool = 1, grain = 1 }

-- The live view of a holder's resource cards (storage.cards; a seat or "bank").
function card_view(holder)
  return storage.cards[holder] or game.holdings_view(holder, "card")
end

-- t[key], made an empty table first if absent (the per-player and per-piece levels of caches).
function subtable(t, key)
  local v = t[key]
  if v == nil then
    v = {}
    t[key] = v
  end
  return v
end

-- Resource cards of a hand view (card_view), summed over resources.
function view_size(view)
  return view.brick + view.lumber + view.wool + view.grain + view.ore
end

-- The cards in p's hand that the 7 and the robber count: its resource cards plus its cards of
-- the hand kinds other packs declared (base.hand_kinds, storage.hand_kinds; none in the base
-- game).
function hand_size(p)
  local view = storage.cards[p]
  local n = view.brick + view.lumber + view.wool + view.grain + view.ore
  local extra = storage.hand_kinds
  for i = 1, #extra do n = n + view[extra[i]] end
  return n
end

-- True when the counts in `have` ({resource = n}, every resource present) cover `cost`.
function covers(have, cost)
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    local n = cost[r]
    if n and have[r] < n then return false end
  end
  return true
end

-- A function check(have, out) that sets out[i] = covers(have, costs[i]) for every cost of the
-- array `costs`, compiled once from the costs into straight-line Lua (no loop, no table of
-- pairs: a menu asks it every time it is offered).
function affordability_checker(costs)
  local lines = { "local have, out = ..." }
  for i = 1, #costs do
    local terms = {}
    for _, r in ipairs(RESOURCES) do
      local n = costs[i][r]
      if n and n > 0 then terms[#terms + 1] = string.format("have.%s >= %d", r, n) end
    end
    lines[#lines + 1] = string.format("out[%d] = %s", i, #terms > 0 and table.concat(terms, " and ")
      or "true")
  end
  return assert(load(table.concat(lines, "\n"), "=affordability", "t", {}))
end

-- What player p can spend on builds, development cards and trades, as a new table
-- {resource = n}: p's holdings of the fund forms (cards, plus the forms base.fund_forms added,
-- e.g. tokens), plus what handlers of base.funds {player, funds} add to funds (a variant's other
-- forms of payment).
function funds_of(p)
  local f, view = {}, storage.fund_views[p] or card_view(p)
  for i = 1, #RESOURCES do f[RESOURCES[i]] = view[RESOURCES[i]] end
  if storage.funds_hooked then game.raise("base.funds", { player = p, funds = f }) end
  return f
end

-- What p can spend, for reading only: the live view of p's fund forms summed (its cards alone
-- unless base.fund_forms added forms; no table is made), or funds_of(p) while base.funds has
-- handlers.
function spendable(p)
  if storage.funds_hooked then return funds_of(p) end
  return storage.fund_views[p]
end

-- funds_of(p)[r]; without handlers of base.funds simply p's cards of r.
function funds(p, r)
  return spendable(p)[r]
end

-- Seats of all players other than `p`, ascending.
function opponents(p)
  local list = {}
  for q = 1, game.players() do
    if q ~= p then list[#list + 1] = q end
  end
  return list
end

-- Options of the base game's decisions are records {id = ..., fields} (docs/base-rules.md,
-- "Decisions"), made once per game and shared by every decision offering them: rules and agents
-- read them and never change them. Board places are in board.lua, menu actions in turn.lua,
-- trade offers in trade.lua; the text people see is made by describe.lua.
-- RESOURCE_OPTIONS[r] = {id = r, resource = r}: a resource to discard, take, name or trade;
-- RESOURCE_OPTION_LIST: the same in RESOURCES order.
RESOURCE_OPTIONS, RESOURCE_OPTION_LIST = {}, {}
for i, r in ipairs(RESOURCES) do
  RESOURCE_OPTIONS[r] = { id = r, resource = r }
  RESOURCE_OPTION_LIST[i] = RESOURCE_OPTIONS[r]
end
-- SEAT_OPTIONS[q] = {id = "player:Q", player = q} (filled in game.setup): a player to rob or to
-- trade with; NOBODY_OPTION: no player.
SEAT_OPTIONS = {}
NOBODY_OPTION = { id = "nobody" }
-- HAND_OPTIONS[kind]: a card of a hand kind (base.hand_kinds) to discard (filled in game.setup).
HAND_OPTIONS = {}

-- The per-turn bookkeeping of the base game (storage.turn), reset at each turn start
-- (reset_turn_state reuses the table).
function new_turn_state(player)
  return {
    player = player,
    rolled = false,        -- the dice have been rolled this turn
    dev_played = false,    -- a development card was played this turn
    bought = {},           -- dev kind -> cards the player on turn received this turn (not playable yet)
    free_roads = 0,        -- roads left to place from Road Building
    offers = 0,            -- domestic trade rounds begun this turn (an offer withdrawn counts)
    trades = 0,            -- domestic trades made this turn
  }
end

-- Makes `turn` (a table made by new_turn_state) the fresh state of player's turn.
function reset_turn_state(turn, player)
  turn.player, turn.rolled, turn.dev_played, turn.free_roads = player, false, false, 0
  turn.offers, turn.trades = 0, 0
  local bought = turn.bought
  if next(bought) ~= nil then
    for i = 1, #DEV_CARDS do bought[DEV_CARDS[i]] = nil end
  end
end

-- Declares the catalogue of kinds, forms and supplies and fills the bank, the development
-- deck and each player's pieces. Runs first in game.setup (priority -100).
-- Each catalogue piece's own legal-spot rule (`spots = function(p, opts)` in base.pieces), by
-- piece name: set in game.setup, read by build.lua's legal_spots.
SPOT_RULES = {}

game.on("game.setup", function(e)
  -- Handlers are registered only while packs load, so this holds for the whole game.
  storage.funds_hooked = game.has_handlers("base.funds")
  -- Cards in hand are private (everyone sees how many, only the owner which); played cards and
  -- pieces are public. A fork as seen by a seat deals the others' hidden cards again.
  game.add_form("card", "private")
  game.add_form("dev", "private")
  game.add_form("played")
  game.add_form("piece")
  for _, r in ipairs(RESOURCES) do game.add_kind(r) end
  for _, d in ipairs(DEV_CARDS) do game.add_kind(d) end
  game.add_supply("bank")
  for _, r in ipairs(RESOURCES) do game.add("bank", r, options.bank_per_resource, "card") end
  for q = 1, e.players do SEAT_OPTIONS[q] = { id = "player:" .. q, player = q } end

  -- The catalogue of pieces: variants add or change entries through base.pieces.
  local pieces = {}
  for name, spec in pairs(BASE_PIECES) do
    local copy = { limit = spec.limit, vp = spec.vp, on = spec.on, upgrades = spec.upgrades, cost = {} }
    for r, n in pairs(spec.cost) do copy.cost[r] = n end
    pieces[name] = copy
  end
  game.raise("base.pieces", { pieces = pieces })
  -- A piece's own `spots` rule is a function, which storage may not hold (a fork copies plain
  -- data): it moves to SPOT_RULES, and the entry keeps `spots = true`.
  for name, spec in pairs(pieces) do
    if type(spec.spots) == "function" then
      SPOT_RULES[name] = spec.spots
      spec.spots = true
    end
  end
  storage.pieces = pieces
  storage.piece_names = {}
  for name in pairs(pieces) do storage.piece_names[#storage.piece_names + 1] = name end
  table.sort(storage.piece_names)
  for _, name in ipairs(storage.piece_names) do
    game.add_kind(name)
    for p = 1, e.players do game.add(p, name, pieces[name].limit, "piece") end
  end

  -- Nobody sees the deck's order, nor its cards except as what it and the hands hold together.
  game.add_deck("dev", { hidden = true, pool = "dev" })
  for _, d in ipairs(DEV_CARDS) do
    for _ = 1, DEV_DECK[d] do game.deck_push("dev", d) end
  end
  game.deck_shuffle("dev")

  for i = 2, 12 do game.set("dice_histogram." .. i, 0) end
  storage.turn = new_turn_state(1)

  -- The live views (see the header).
  local cards, devs, played, supply = {}, {}, {}, {}
  for p = 1, e.players do
    cards[p] = game.holdings_view(p, "card")
    devs[p] = game.holdings_view(p, "dev")
    played[p] = game.holdings_view(p, "played")
    supply[p] = game.holdings_view(p, "piece")
  end
  cards.bank = game.holdings_view("bank", "card")
  storage.cards, storage.devs, storage.played, storage.supply = cards, devs, played, supply
  storage.building, storage.owner = board.node_view("building"), board.node_view("owner")
  storage.road = board.path_view("road")
  storage.fund_views = cards -- until base.fund_forms (below) adds forms
  storage.props = game.props_view()
  storage.turn_view = game.turn_view()
  storage.vp = game.player_view("vp")
  storage.verbose = game.verbose()
end, { priority = -100 })

game.on("game.setup", function(e)
  if e.players < 2 or e.players > 4 then
    error(string.format("the base game is for 3 or 4 players (2 for quick tests), not %d", e.players), 0)
  end
end, { priority = -200 })

-- The forms whose resources count for paying and trading (base.fund_forms), asked late in
-- game.setup so that variants have declared their forms: storage.fund_views[p] is p's live
-- view of them summed (the card view when cards are the only ones). Then the other kinds of
-- form "card" that count as cards in a hand (base.hand_kinds): storage.hand_kinds, and
-- HAND_OPTIONS[kind] = {id = kind, resource = kind}, the discard's option of such a card.
game.on("game.setup", function(e)
  local kinds, declared = {}, {}
  game.raise("base.hand_kinds", { kinds = kinds })
  for _, kind in ipairs(game.kinds()) do declared[kind] = true end
  for i = 1, #kinds do
    local kind = kinds[i]
    if RESOURCE_OPTIONS[kind] or HAND_OPTIONS[kind] or not declared[kind] then
      error(string.format("base.hand_kinds: '%s' is a resource, named twice or no declared kind",
        tostring(kind)), 0)
    end
    HAND_OPTIONS[kind] = { id = kind, resource = kind }
  end
  storage.hand_kinds = kinds
  local forms = { "card" }
  game.raise("base.fund_forms", { forms = forms })
  if #forms > 1 then
    local views = {}
    for p = 1, e.players do views[p] = game.holdings_view(p, forms) end
    storage.fund_views = views
  end
end, { priority = 100 })
