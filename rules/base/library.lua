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

-- Pips of the producing hexes around node n: the chance, in 36ths, that a roll pays a building
-- there; the robber's hex does not count.
local function node_pips(n)
  local robber = game.get("robber")
  local sum = 0
  for _, t in ipairs(board.node_tiles(n)) do
    if t ~= robber and board.tile_get(t, "resource") then
      sum = sum + pips(board.tile_get(t, "number"))
    end
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

return {
  RESOURCES = RESOURCES,
  refresh_trade_rates = refresh_trade_rates,
  update_vp = refresh_vp,
  PIPS = PIPS,
  pips = pips,
  node_pips = node_pips,
  busiest_node = busiest_node,
  cost_from = cost_from,
}
