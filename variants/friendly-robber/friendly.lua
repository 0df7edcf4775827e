-- The friendly robber. A player who shows options.max_vp points or fewer (2 by default) is
-- protected: the robber may not be moved onto a hex touching one of their buildings, and nobody
-- may rob them. The player moving the robber is never protected from themselves.
--
-- Points "shown" are the base pack's vp player prop, which leaves out the victory point cards in
-- hand (hidden until the game ends): the rule protects what the table can see. With every hex
-- forbidden the robber stays where it is (the base pack's rule for an empty target list).

-- The points player q shows the table (base's vp prop leaves the hidden cards out).
local function shown_points(q)
  return game.player_get(q, "vp") or 0
end

-- True when q is protected from the robber moved by player p.
local function protected(q, p)
  return q ~= p and shown_points(q) <= options.max_vp
end

-- The hexes the robber may go to: those touching no protected player's building.
game.on("base.robber_targets", function(e)
  local allowed = {}
  for _, tile in ipairs(e.tiles) do
    local ok = true
    for _, node in ipairs(board.tile_nodes(tile)) do
      local owner = board.node_get(node, "owner")
      if owner and protected(owner, e.player) then ok = false end
    end
    if ok then allowed[#allowed + 1] = tile end
  end
  e.tiles = allowed
end)

-- Whom the robber's player may rob: nobody protected.
game.on("base.victims", function(e)
  local victims = {}
  for _, q in ipairs(e.victims) do
    if not protected(q, e.player) then victims[#victims + 1] = q end
  end
  e.victims = victims
end)
