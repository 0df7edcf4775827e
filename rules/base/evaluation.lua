-- How a search scores a game that has not ended (game.evaluator; docs/bots.md). A player's
-- strength is its victory points, plus its expected production (a point for every
-- PIPS_PER_POINT pips a roll of two dice brings in, the robber's tile excluded), plus a small
-- share for the resource cards in hand; its score is its share of all players' strength.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

-- About what a settlement's production is worth against its point: a good settlement site
-- touches 10-12 pips.
local PIPS_PER_POINT = 12
local CARDS_PER_POINT = 8
-- Roads are worth what they cost in cards, so that building one is not a loss.
local ROADS_PER_POINT = 4

-- Expected production of p in pips (cards per 36 rolls, all resources together).
local function production_pips(p)
  local robber = storage.props.robber
  local yield = storage.yield or YIELD
  local node_tiles, tile_number = storage.node_tiles, storage.tile_number
  local total = 0
  for _, name in ipairs(storage.piece_names) do
    local y = yield[name]
    local spec = storage.pieces[name]
    if y and y > 0 and spec.on == "node" and spec.limit - storage.supply[p][name] > 0 then
      local list = own_pieces(p, name)
      for k = 1, #list do
        local tiles = node_tiles[list[k]]
        for j = 1, #tiles do
          local t = tiles[j]
          if tile_number[t] and t ~= robber then
            total = total + pips(tile_number[t]) * y
          end
        end
      end
    end
  end
  return total
end

-- Roads p has built.
local function roads(p)
  local spec = storage.pieces.road
  if not spec then return 0 end
  return spec.limit - storage.supply[p].road
end

local function strength(p)
  return (storage.vp[p] or 0) + production_pips(p) / PIPS_PER_POINT +
    view_size(card_view(p)) / CARDS_PER_POINT + roads(p) / ROADS_PER_POINT
end

game.evaluator(function(p)
  local total, mine = 0, 0
  for q = 1, storage.players do
    local s = strength(q)
    total = total + s
    if q == p then mine = s end
  end
  if total <= 0 then return 1 / storage.players end
  return mine / total
end)
