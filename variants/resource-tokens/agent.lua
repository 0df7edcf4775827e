-- How the base pack's "heuristic" bot plays tokens (game.extend_agent; see docs/lua-api.md).
-- Tokens are worth more than cards (no robber, monopoly or discard can touch them), so the bot
-- earns as many as it may and spends them last.
--   tokens.claim     as many tokens as allowed (the last option).
--   tokens.pay       the fewest tokens (the first option): cards go first.
--   tokens.discard   a card, never a token, of the resource it holds most cards of.
--   tokens.robber    rob only a victim worth hurting: an opponent on the hex who shows more
--                    points than the bot and holds at least 2 cards; otherwise take the token.
--   tokens.shortage  keep a fair share: its requests times the bank's tokens over all requests,
--                    rounded down, so that bots sharing a shortage all get tokens.
-- It reads what each option does from its fields (tokens.lua, robber.lua, production.lua); like
-- every agent it only reads the game.

-- The points player q shows (base's vp prop leaves the hidden victory point cards out).
local function shown(q)
  return game.player_get(q, "vp") or 0
end

game.extend_agent("heuristic", "tokens.claim", function(p, kind, opts) return #opts end)

game.extend_agent("heuristic", "tokens.pay", function(p, kind, opts) return 1 end)

game.extend_agent("heuristic", "tokens.discard", function(p, kind, opts)
  local best, most = 1, -1
  for i, o in ipairs(opts) do
    if o.form == "card" and game.count(p, o.resource, "card") > most then
      best, most = i, game.count(p, o.resource, "card")
    end
  end
  return best
end)

game.extend_agent("heuristic", "tokens.robber", function(p, kind, opts)
  local rob, take = 1, 2
  for i, o in ipairs(opts) do
    if o.action == "rob" then rob = i elseif o.action == "take" then take = i end
  end
  local mine = shown(p)
  for _, n in ipairs(board.tile_nodes(game.get("robber"))) do
    local q = board.node_get(n, "owner")
    if q and q ~= p and shown(q) > mine and game.total(q, "card") >= 2 then return rob end
  end
  return take
end)

game.extend_agent("heuristic", "tokens.shortage", function(p, kind, opts)
  -- Options keep all of the bot's requested tokens down to none; each says how many are wanted
  -- in all and how many the bank holds.
  local first = opts[1]
  local mine = first.keep
  local keep = mine * first.supply // first.wanted
  return mine - keep + 1
end)
