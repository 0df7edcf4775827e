-- Tokens from production: walled cities and citadels (through tokens.allowance).
--
-- Every building's allowance is tokens.allowance {player, node, building, tokens = 0}, where
-- handlers of other packs add the tokens this building may take from each producing hex
-- (city-walls: a walled building, citadels: a citadel). The answer depends on the pieces on that
-- node alone, so it is asked when a piece is placed on the node (base.production_watch, which
-- watches the nodes with an allowance above 0) and kept until the next one (allowance()), or
-- until a pack that changed the node's pieces otherwise calls require("base").rewatch(node).
--
-- On every roll with a claim on a watched node (base.watched_production, after all claims are
-- known and before the base pack's bank shortage rule; other rolls cannot earn tokens), in
-- claim order (hex, then corner):
--   1. Each claim with amount > 0 gets its building's allowance.
--   2. When the allowance is above 0 and the claim's supply (hexes.lua: the bank's tokens of the
--      resource, or with placement = "hexes" the tokens on the claim's hex) holds a token, the
--      owner chooses how many of the claim to take as tokens (decision "tokens.claim", options
--      pay_options: ids "tokens:0", "tokens:1", ..., text "2 brick: 2 cards", "2 brick: 1 card,
--      1 token", ...; a card is always possible). An empty supply asks nothing (counted:
--      stats.dry_claims).
--   3. Per supply (the bank: per resource, in RESOURCES order; the hexes: per hex, in tile
--      order), when the requests exceed its tokens, the players who asked may agree to ask for
--      fewer: in seat order from the player whose turn it is, while the requests still exceed the
--      supply, each decides how many of their requested tokens to keep (decision
--      "tokens.shortage", options {id = "keep:N", keep = N, resource, wanted, supply, tile (on
--      the hexes only)} from all of them down to 0, text "keep 2 brick tokens (5 wanted, 3 in the
--      bank)" or "(3 wanted, 1 on hex #5)"). If the requests still exceed the supply, nobody gets
--      tokens from it and those claims are paid in cards.
--   4. Granted tokens move from the supply and the claim's amount shrinks by as many: the rest is
--      paid in cards by the base pack (with its own shortage rule for cards).

-- The text people see for an option of "tokens.shortage".
game.describe("tokens.shortage", function(o)
  return string.format("keep %s (%d wanted, %d %s)", count_text(o.keep, o.resource .. " token"),
    o.wanted, o.supply, o.tile and "on hex #" .. o.tile or "in the bank")
end)

-- Asks the owner of `claim` how many tokens to take (0..most). Returns the number.
local function ask_claim(claim, most)
  if game.verbose() then
    game.log(string.format("player %d's %s on node %d produces %d %s from tile %d: up to %d as tokens",
      claim.player, claim.building, claim.node, claim.amount, claim.resource, claim.tile, most))
  end
  local choices = pay_options(claim.resource, claim.amount, 0, most)
  return game.decide(claim.player, "tokens.claim", choices).tokens
end

-- The shortage talk for resource r: requests (array of {claim, tokens}) want more than
-- `supply` (the bank's, or hex `tile`'s). Players decide in seat order from the current player;
-- a player giving up tokens gives them up from their last claim backwards. Returns the total
-- still requested.
local function shortage_talk(r, requests, supply, wanted, tile)
  local players, current = game.players(), game.current()
  for i = 0, players - 1 do
    if wanted <= supply then break end
    local q = (current - 1 + i) % players + 1
    local mine = 0
    for _, req in ipairs(requests) do
      if req.claim.player == q then mine = mine + req.tokens end
    end
    if mine > 0 then
      local choices = {}
      for keep = mine, 0, -1 do
        choices[#choices + 1] = { id = "keep:" .. keep, keep = keep, resource = r, wanted = wanted,
                                  supply = supply, tile = tile }
      end
      local drop = mine - game.decide(q, "tokens.shortage", choices).keep
      wanted = wanted - drop
      for k = #requests, 1, -1 do
        local req = requests[k]
        if drop == 0 then break end
        if req.claim.player == q and req.tokens > 0 then
          local d = math.min(drop, req.tokens)
          req.tokens = req.tokens - d
          drop = drop - d
        end
      end
    end
  end
  return wanted
end

-- The allowance of the building on `node` (owned by `player`): tokens.allowance, asked once per
-- node and kept in storage.allowances[node] until a piece is placed there.
local function allowance(player, node, building)
  local tokens = storage.allowances[node]
  if tokens == nil then
    local a = { player = player, node = node, building = building, tokens = 0 }
    game.raise("tokens.allowance", a)
    tokens = a.tokens
    storage.allowances[node] = tokens
  end
  return tokens
end

-- A piece placed on a node (a settlement, city, citadel, wall) may change its allowance: it is
-- asked again, and the node is watched while it is above 0.
game.on("base.production_watch", function(e)
  if not storage.allowance_hooked then return end -- no building may take tokens
  storage.allowances[e.node] = nil
  if allowance(e.player, e.node, e.building) > 0 then e.watch = true end
end)

game.on("game.setup", function()
  -- Handlers are registered only while packs load: this holds for the whole game.
  storage.allowance_hooked = game.has_handlers("tokens.allowance")
  storage.allowances = {}
end)

game.on("base.watched_production", function(e)
  local claims, allowances = e.claims, storage.allowances
  -- Requests by supply (a resource in the bank, a tile on the hexes): by_supply[key] = array of
  -- {claim, tokens}; keys in the order they came (tile order on the hexes). Made at the first.
  local by_supply, keys
  for i = 1, #claims do
    local claim = claims[i]
    local r, amount = claim.resource, claim.amount
    if amount > 0 then
      local most = allowances[claim.node] or allowance(claim.player, claim.node, claim.building)
      if most > amount then most = amount end
      if most > 0 and available(claim.tile, r) == 0 then
        count_token_stat("dry_claims", 1)
      elseif most > 0 then
        local k = ask_claim(claim, most)
        if k > 0 then
          local key = HEXES and claim.tile or r
          by_supply = by_supply or {}
          keys = keys or {}
          local list = by_supply[key]
          if list == nil then
            list = {}
            by_supply[key] = list
            keys[#keys + 1] = key
          end
          list[#list + 1] = { claim = claim, tokens = k }
        end
      end
    end
  end
  if by_supply == nil then return end
  local order = HEXES and keys or RESOURCES
  for _, key in ipairs(order) do
    local requests = by_supply[key]
    if requests then
      local first = requests[1].claim
      local r, tile = first.resource, HEXES and first.tile or nil
      local wanted = 0
      for _, req in ipairs(requests) do wanted = wanted + req.tokens end
      local supply = available(first.tile, r)
      if wanted > supply then
        count_token_stat("shortages", 1)
        local asked = wanted
        wanted = shortage_talk(r, requests, supply, wanted, tile)
        count_token_stat("given_up", asked - wanted)
      end
      if wanted > supply then
        count_token_stat("refused", wanted)
        if game.verbose() then
          game.log(string.format("%s short of %s tokens: %d wanted, %d left; cards for everyone",
            tile and "hex #" .. tile or "token bank", r, wanted, supply))
        end
      else
        for _, req in ipairs(requests) do
          if req.tokens > 0 then
            take_tokens(req.claim.tile, r, req.tokens, req.claim.player)
            req.claim.amount = req.claim.amount - req.tokens
          end
        end
      end
    end
  end
end)
