-- How the base pack's "heuristic" bot plays citadels (game.extend_agent; see docs/lua-api.md).
--   base.action         "build citadel" when the menu offers neither a city nor a settlement
--                       (those score a point for fewer cards); otherwise the rest of the chain
--                       decides (`next`).
--   base.place_citadel  the city whose producing hexes roll most often (pips, the robber's hex
--                       left out): the extra resource per roll is worth most there.
-- Like every agent it only reads the game.

local PIPS = { [2] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [8] = 5, [9] = 4, [10] = 3,
               [11] = 2, [12] = 1 }

-- Pips of the producing hexes around node n, the robber's hex left out.
function node_pips(n)
  local robber = game.get("robber")
  local sum = 0
  for _, t in ipairs(board.node_tiles(n)) do
    if t ~= robber and board.tile_get(t, "resource") then
      sum = sum + (PIPS[board.tile_get(t, "number")] or 0)
    end
  end
  return sum
end

game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local citadel
  for i, label in ipairs(opts) do
    if label == "build city" or label == "build settlement" then return next(p, kind, opts) end
    if label == "build citadel" then citadel = i end
  end
  return citadel or next(p, kind, opts)
end)

game.extend_agent("heuristic", "base.place_citadel", function(p, kind, opts)
  local best, best_pips = 1, -1
  for i, label in ipairs(opts) do
    local pips = node_pips(tonumber(label:match("^node (%d+)")))
    if pips > best_pips then best, best_pips = i, pips end
  end
  return best
end)
