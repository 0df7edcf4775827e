-- What the base pack exports to packs that require it: require("base") returns the table below,
-- read-only. The globals defined here are base's own (its other scripts use them directly).

-- The five resources, in the order every list of the base game uses.
RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

-- Ways two six-sided dice roll each total 2..12: the pips printed under a number token.
PIPS = { [2] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [7] = 6, [8] = 5, [9] = 4, [10] = 3,
         [11] = 2, [12] = 1 }

-- Number of ways two six-sided dice roll `number` (0 for anything that is not 2..12).
function pips(number)
  return PIPS[number] or 0
end

-- Pips of the producing hexes around node n (those with a number token, a gold field's
-- included): the chance, in 36ths, that a roll pays a building there; the robber's hex does not
-- count.
local function node_pips(n)
  local robber = game.get("robber")
  local sum = 0
  for _, t in ipairs(board.node_tiles(n)) do
    if t ~= robber then sum = sum + pips(board.tile_get(t, "number")) end
  end
  return sum
end

-- The index of the node option (a record with field `node`) whose producing hexes roll most
-- often (node_pips), the first of equals: where a piece that improves production should go.
local function busiest_node(options)
  local best, best_pips = 1, -1
  for i, o in ipairs(options) do
    local n = node_pips(o.node)
    if n > best_pips then best, best_pips = i, n end
  end
  return best
end

-- The cost a pack's options give a piece: {resource = n} for each option `prefix .. resource`
-- above 0 (cost_from(options, "cost_") reads cost_brick, cost_lumber, ...).
local function cost_from(opts, prefix)
  local cost = {}
  for _, r in ipairs(RESOURCES) do
    local n = opts[prefix .. r]
    if n > 0 then cost[r] = n end
  end
  return cost
end

-- Recomputes p's points into player prop vp (victory.lua's update_vp): a rule that changes a
-- player's points (a base.vp source) calls it after the change.
local function refresh_vp(p)
  update_vp(p)
end

-- Recomputes p's maritime rates (trade.lua's refresh_maritime_rates, base.trade_rates included):
-- a rule whose rates depend on state other than the buildings on harbors calls it when that
-- state changes.
local function refresh_trade_rates(p)
  refresh_maritime_rates(p)
end

-- p takes one card from `victim` through base.steal (default: a uniformly random card of the
-- victim's hand, hand kinds included). Returns the kind taken, nil when none was (an empty hand,
-- or a handler vetoed or took nothing).
local function steal(p, victim)
  local s = { thief = p, victim = victim }
  if game.raise("base.steal", s, steal_default) == "vetoed" then return nil end
  return s.resource
end

-- The functions below forward to base's own (defined by the entry scripts, after this library
-- runs); their contracts are those of the functions they forward to (docs/base-rules.md, "Public
-- API").

-- p moves the robber (decision base.robber, base.robber_targets) and robs as on a 7
-- (base.robber_moved). Returns the new tile, nil when no tile was allowed.
local function move_robber_export(p)
  return move_robber(p)
end

-- The opponents p may rob on `tile` (a building on a corner, at least one card), ascending.
local function robbable_export(p, tile)
  return robbable(p, tile)
end

-- An extra roll for p with everything a turn's roll does: base.roll, then a 7 (discards and the
-- robber) or production (base.produced), then base.rolled with extra = true. Returns the total.
local function roll_export(p)
  return resolve_roll(p, true)
end

-- Puts p's `piece` (from p's supply) on node or path `where` without paying and without
-- checking legality beyond occupancy (place_piece in build.lua); raises base.built and updates
-- awards and points. opts.free (boolean) is passed to base.built.
local function place_piece_export(p, piece, where, opts)
  return place_piece(p, piece, where, opts)
end

-- The legal spots (ascending ids) for p's `piece`: opts.setup, opts.node as in build.lua.
local function legal_spots_export(p, piece, opts)
  return legal_spots(p, piece, opts)
end

-- Asks p where to put `piece` among its legal spots (decision base.place_<piece>) and places it;
-- returns the spot or nil (no spot, none in supply). Nothing is paid.
local function choose_and_place_export(p, piece, opts)
  return choose_and_place(p, piece, opts)
end

-- p's points and the table of their sources (base.vp included).
local function victory_points_export(p)
  return victory_points(p)
end

-- Recounts every award (base.awards) from its count prop and the points of seats that gained or
-- lost one: call it after changing a count prop of an award your rule declared.
local function update_awards_export()
  return update_awards()
end

-- Sets the number token of producing tile t (2..6, 8..12) during the game, keeping base's
-- lookups (production, labels, bots' caches) in step. Errors on the desert or a bad number.
local function set_tile_number_export(t, number)
  return set_tile_number(t, number)
end

-- Makes tile t (1..19, the desert included) of `terrain` during the game: base's forest,
-- pasture, fields, hills, mountains, desert, or a terrain a pack declared with base.terrains
-- (e.g. a gold field). A producing terrain needs `number` (2..6, 8..12); the desert (a barren
-- terrain) takes none and the tile loses its token. Production, the robber (which stays where it
-- is and blocks the tile if it stands on it), labels, the drawing (tile props terrain, resource,
-- number), the invariants and the bots follow. Errors on a bad tile, an unknown terrain, or a
-- missing or unwanted number.
local function set_tile_terrain_export(t, terrain, number)
  return set_tile_terrain(t, terrain, number)
end

-- Resource and hand-kind cards p holds (what a 7's discard and the robber count).
local function hand_size_export(p)
  return hand_size(p)
end

-- True when p can pay `cost` ({resource = n}) for `item` from its funds: its cards, plus the
-- forms other packs add (base.fund_forms, e.g. tokens), base.can_pay handlers deciding last.
-- `item` names what is paid for: a piece name, or a name of the calling pack's choosing (e.g.
-- "knight activation") that handlers of base.can_pay and base.pay see.
local function can_pay_export(p, item, cost)
  return can_pay(p, item, cost)
end

-- p pays `cost` for `item` to the bank through base.pay (the default moves resource cards;
-- handlers may let p pay in other forms, e.g. tokens). Error when p cannot pay: check can_pay.
local function pay_export(p, item, cost)
  pay(p, item, cost)
end

-- p gives up to `count` of the cards in its hand (resources, then the kinds of base.hand_kinds),
-- chosen one at a time as a 7's discard is: `count` decisions `kind` (default "base.give") among
-- the kinds p holds, options {id = kind, resource = kind}, each card moving at once from p to `to`
-- (a seat or a supply; default "bank"). Returns the cards given, {kind = n}: fewer than `count`
-- when p runs out. The heuristic bot answers "base.give" as it answers a discard (the cards its
-- plans need least); a pack asking under its own kind hands that kind to the same answer:
-- game.extend_agent("heuristic", kind, function(p, k, opts, next) return next(p, "base.give",
-- opts) end).
local function give_cards_export(p, count, to, kind)
  if math.type(count) ~= "integer" or count < 0 then
    error("give_cards: count must be an integer of at least 0, not " .. tostring(count), 2)
  end
  if kind ~= nil and type(kind) ~= "string" then
    error("give_cards: kind must be a decision kind (a string), not " .. tostring(kind), 2)
  end
  local given = {}
  give_cards(p, count, to or "bank", kind or "base.give", given)
  return given
end

-- Asks base.production_watch about node n again, as if its building had just been placed (its
-- owner and building as they stand; nothing when the node is empty): call it after changing a
-- node's pieces other than through place_piece (taking a wall away, turning a city back into a
-- settlement), so that handlers deciding from a node's pieces (resource-tokens' allowance) see
-- the change.
local function rewatch(n)
  local p, b = storage.owner[n], storage.building[n]
  if p == nil or b == nil or not storage.watch_hooked then return end
  update_watch(p, b, n)
end

return {
  RESOURCES = RESOURCES,
  rewatch = rewatch,
  can_pay = can_pay_export,
  pay = pay_export,
  move_robber = move_robber_export,
  robbable = robbable_export,
  roll = roll_export,
  place_piece = place_piece_export,
  legal_spots = legal_spots_export,
  choose_and_place = choose_and_place_export,
  victory_points = victory_points_export,
  update_awards = update_awards_export,
  set_tile_number = set_tile_number_export,
  set_tile_terrain = set_tile_terrain_export,
  hand_size = hand_size_export,
  give_cards = give_cards_export,
  refresh_trade_rates = refresh_trade_rates,
  update_vp = refresh_vp,
  steal = steal,
  PIPS = PIPS,
  pips = pips,
  node_pips = node_pips,
  busiest_node = busiest_node,
  cost_from = cost_from,
}
