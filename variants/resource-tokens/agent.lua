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
-- With the tokens on the hexes (placement = "hexes") it also weighs the tokens left on a hex
-- where it weighs a spot:
--   base.place_wall     the city whose hexes give most tokens: each producing hex's pips times
--                       its share of tokens left (tokens / hex_tokens; a dry hex a quarter when
--                       replenishment may refill it), the robber's hex left out.
--   base.place_citadel  the city whose hexes produce most, a hex's tokens left adding up to half
--                       its pips (pips × (1 + share / 2)).
--   base.robber         where the rest of the chain puts the robber, unless that hex has no token
--                       left and nobody there is worth robbing (tokens.robber below would take
--                       the token): then the chain's choice among the hexes that still hold a
--                       token, when it touches none of the bot's own buildings.
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

-- Whether the robber on tile t touches an opponent worth robbing: one who shows more points than
-- p and holds at least 2 cards.
local function victim_worth_robbing(p, t)
  local mine = shown(p)
  for _, n in ipairs(board.tile_nodes(t)) do
    local q = board.node_get(n, "owner")
    if q and q ~= p and shown(q) > mine and game.total(q, "card") >= 2 then return true end
  end
  return false
end

game.extend_agent("heuristic", "tokens.robber", function(p, kind, opts)
  local rob, take = 1, 2
  for i, o in ipairs(opts) do
    if o.action == "rob" then rob = i elseif o.action == "take" then take = i end
  end
  if victim_worth_robbing(p, game.get("robber")) then return rob end
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

if HEXES then
  local pips = require("base").pips

  -- A hex's share of tokens left: tokens / hex_tokens; a dry hex counts a quarter when
  -- replenishment may put tokens back.
  local function share(t)
    local left = board.tile_get(t, HEX_PROP) or 0
    if left == 0 and options.replenish ~= "none" then return 0.25 end
    return left / options.hex_tokens
  end

  -- The index of the node option (a record with field `node`) with the best sum over its
  -- producing hexes (the robber's left out) of pips × weight(share of the hex), the first of
  -- equals.
  local function best_for_tokens(opts, weight)
    local robber = game.get("robber")
    local best, best_score = 1, nil
    for i, o in ipairs(opts) do
      local s = 0
      for _, t in ipairs(board.node_tiles(o.node)) do
        if t ~= robber and board.tile_get(t, "resource") then
          s = s + pips(board.tile_get(t, "number")) * weight(share(t))
        end
      end
      if best_score == nil or s > best_score then best, best_score = i, s end
    end
    return best
  end

  game.extend_agent("heuristic", "base.place_wall", function(p, kind, opts)
    return best_for_tokens(opts, function(f) return f end)
  end)

  game.extend_agent("heuristic", "base.place_citadel", function(p, kind, opts)
    return best_for_tokens(opts, function(f) return 1 + f / 2 end)
  end)

  -- Whether tile t touches one of p's buildings.
  local function touches_own(p, t)
    for _, n in ipairs(board.tile_nodes(t)) do
      if board.node_get(n, "owner") == p then return true end
    end
    return false
  end

  -- Robber options are {id = "tile:T", tile = T}.
  game.extend_agent("heuristic", "base.robber", function(p, kind, opts, next)
    local choice = next(p, kind, opts)
    local t = opts[choice].tile
    if options.robber_tokens == 0 or not board.tile_get(t, "resource")
        or available(t, board.tile_get(t, "resource")) > 0 or victim_worth_robbing(p, t) then
      return choice
    end
    local stocked, at = {}, {}
    for i = 1, #opts do
      local u = opts[i].tile
      local r = board.tile_get(u, "resource")
      if r and available(u, r) > 0 then
        stocked[#stocked + 1] = opts[i]
        at[#stocked] = i
      end
    end
    if #stocked == 0 then return choice end
    local j = at[next(p, kind, stocked)]
    if touches_own(p, opts[j].tile) then return choice end
    return j
  end)
end
