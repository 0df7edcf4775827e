-- City walls: a piece a player builds under one of their own cities (or a building that
-- upgrades a city, such as the citadels pack's citadel). Walls are permanent.
--
-- State: a wall is base piece "wall" with `beside` set (rules/base/build.lua): node prop
-- wall = seat on the city's node, pieces not yet built in holdings form "piece", player prop
-- walls (the base pack keeps it). Building one goes through the base menu ("build:wall"),
-- base.can_pay / base.pay (so other packs' payment forms work) and decision "base.place_wall".
--
-- Rules, by combination:
--   alone: each wall raises its owner's discard limit by options.discard_bonus
--          (base.discard_limit), so with the defaults a player discards when holding more
--          than 7 + 2 x walls cards.
--   with a pack that provides resource tokens (one that declares event tokens.allowance, i.e.
--          resource-tokens): the discard bonus is gone; instead a walled building may take up
--          to options.tokens tokens in place of cards from each producing hex
--          (tokens.allowance).

local cost_from = require("base").cost_from

-- True when resource tokens are in play (their pack declares the token events).
TOKENS = game.has_event("tokens.allowance")

-- The wall piece. Runs late (priority 100) so that pieces other packs add are known: a wall may
-- join a city and any building whose upgrade chain starts at a city.
game.on("base.pieces", function(e)
  local pieces = e.pieces
  local holders = { city = true }
  local grown = true
  while grown do
    grown = false
    for name, spec in pairs(pieces) do
      if not holders[name] and spec.on == "node" and spec.upgrades and holders[spec.upgrades] then
        holders[name] = true
        grown = true
      end
    end
  end
  local cost = cost_from(options, "cost_")
  pieces.wall = { cost = cost, limit = options.limit, vp = options.vp, on = "node",
                  beside = holders }
end, { priority = 100 })

-- Walls player p has built.
function walls_of(p)
  return options.limit - game.count(p, "wall", "piece")
end

if not TOKENS then
  game.on("base.discard_limit", function(e)
    e.limit = e.limit + options.discard_bonus * walls_of(e.player)
  end)
else
  game.on("tokens.allowance", function(e)
    if storage.walls[e.node] == e.player then e.tokens = e.tokens + options.tokens end
  end)
  game.on("game.setup", function()
    storage.walls = board.node_view("wall") -- live view: node -> the seat whose wall is there
  end)
end

-- Statistics for the balance lab (docs/lab.md): stats.walls_built, and stats.first_wall_turn
-- (the turn of the first one, set only in games that have one).
game.on("base.built", function(e)
  if e.piece ~= "wall" then return end
  storage.walls_built = (storage.walls_built or 0) + 1
  if storage.first_wall_turn == nil then storage.first_wall_turn = game.turn() end
end, { after = true })

game.on("game.end", function()
  game.set("stats.walls_built", storage.walls_built or 0)
  if storage.first_wall_turn then game.set("stats.first_wall_turn", storage.first_wall_turn) end
end)
