-- How the base pack's "heuristic" bot plays walls (game.extend_agent; see docs/lua-api.md).
--   base.action      "build:wall" when nothing that scores points (building any piece but roads
--                    and walls) is on the menu, and: with resource tokens always (every wall earns
--                    tokens from then on); without, when the hand holds at least the discard
--                    limit minus one cards, so the next 7 would cost it half.
--                    Everything else is left to the rest of the chain (`next`).
--   base.place_wall  the city whose producing hexes roll most often (pips; the robber's hex
--                    does not count): under tokens it earns the most tokens, and without them
--                    any city will do.
-- Like every agent it only reads the game.


-- True for a menu option (a record of rules/base/turn.lua) that builds something other than a
-- road or a wall.
local function builds_points(o)
  return o.action == "build" and o.piece ~= "road" and o.piece ~= "wall"
end

game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local wall
  for i, o in ipairs(opts) do
    if o.action == "build" and o.piece == "wall" then
      wall = i
    elseif builds_points(o) then
      return next(p, kind, opts)
    end
  end
  if wall == nil then return next(p, kind, opts) end
  if TOKENS then return wall end
  local limit = game.option("base", "discard_limit") + options.discard_bonus * walls_of(p)
  if game.total(p, "card") >= limit - 1 then return wall end
  return next(p, kind, opts)
end)

-- Placement options are {id = "node:N", node = N}.
game.extend_agent("heuristic", "base.place_wall", function(p, kind, opts)
  return require("base").busiest_node(opts)
end)
