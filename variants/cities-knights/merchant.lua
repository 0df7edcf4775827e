-- The merchant (facts 103-107; the Merchant card, P22, is played in cards_trade.lua).
--
-- State: game prop merchant = the tile it stands on (unset until the first Merchant card);
-- player prop merchant = 1 for its controller, 0 for everyone else (1 point while controlled,
-- base.point_props: fact 105).
-- Rules:
--   - place_merchant(p) puts it on a land hex at a corner of which p has a settlement or city
--     (fact 103; not the desert, open question 16; the hex it stands on may be chosen again),
--     decision "ck.merchant" among {id = "tile:T", tile = T}, and gives p control, taking it
--     from the former controller (fact 106);
--   - the controller's maritime rate for the hex's resource is MERCHANT_RATE (2) unless a
--     harbor already gives less (base.trade_rates, fact 104); the bank pays any card it holds,
--     commodities included (trade_kinds.lua);
--   - the robber never touches it (fact 107): it produces nothing, and the rate holds with the
--     robber on its hex.
-- Statistics (docs/lab.md): stats.merchant_moves, the Merchant cards that placed it; per seat
-- the lab reads player prop merchant.

local base = require("base")
local update_vp, refresh_trade_rates = base.update_vp, base.refresh_trade_rates

MERCHANT_RATE = 2

-- The seat controlling the merchant, or nil.
function merchant_holder()
  for q = 1, game.players() do
    if game.player_get(q, "merchant") == 1 then return q end
  end
end

-- The tiles where p may put the merchant (ascending): producing hexes with p's settlement or
-- city (a fallen city included) on a corner.
function merchant_tiles(p)
  local list = {}
  for t = 1, board.tiles() do
    if board.tile_get(t, "resource") then
      for _, n in ipairs(board.tile_nodes(t)) do
        local b = board.node_get(n, "building")
        if (b == "settlement" or b == "city") and board.node_get(n, "owner") == p then
          list[#list + 1] = t
          break
        end
      end
    end
  end
  return list
end

-- p places the merchant and takes control (see the header). Error when merchant_tiles(p) is
-- empty.
function place_merchant(p)
  local opts = {}
  for i, t in ipairs(merchant_tiles(p)) do opts[i] = { id = "tile:" .. t, tile = t } end
  if #opts == 0 then error(string.format("player %d has no hex for the merchant", p), 2) end
  local tile = game.decide(p, "ck.merchant", opts).tile
  local old = merchant_holder()
  game.set("merchant", tile)
  if old and old ~= p then
    game.player_set(old, "merchant", 0)
    refresh_trade_rates(old)
    update_vp(old)
  end
  game.player_set(p, "merchant", 1)
  refresh_trade_rates(p)
  update_vp(p)
  storage.merchant_moves = storage.merchant_moves + 1
  if game.verbose() then
    game.log(string.format("player %d puts the merchant on tile %d (%s)", p, tile,
      board.tile_get(tile, "resource")))
  end
end

game.on("base.trade_rates", function(e)
  local tile = game.get("merchant")
  if tile == nil or game.player_get(e.player, "merchant") ~= 1 then return end
  local r = board.tile_get(tile, "resource")
  if e.rates[r] > MERCHANT_RATE then e.rates[r] = MERCHANT_RATE end
end)

game.on("base.point_props", function(e)
  e.props[#e.props + 1] = "merchant"
end)

game.describe("ck.merchant", function(o)
  return string.format("the merchant on tile %d (%s %s)", o.tile, board.tile_get(o.tile, "resource"),
    board.tile_get(o.tile, "number"))
end)

game.on("game.setup", function(e)
  for q = 1, e.players do game.player_set(q, "merchant", 0) end
  storage.merchant_moves = 0
end)

game.on("game.end", function()
  game.set("stats.merchant_moves", storage.merchant_moves)
end, { priority = 1 }) -- after city-walls' game.end (it publishes stats: the order is immaterial)
