-- Bribe. On a rolled 7, after the discards, before the robber moves (base.seven_robber):
--   1. each other player, in seat order after the roller, holding at least options.cost cards of
--      some resource, decides "bribe.offer": "none", or a resource R it holds that many of
--      (options {id = "none", action = "none"}, {id = R, action = "offer", resource = R});
--   2. when anyone offered, the roller decides "bribe.take": "refuse", or one offer
--      ({id = "player:Q", action = "take", player = Q, resource = R}), in the order made;
--   3. a taken bribe is paid (settle): options.cost cards of R move from Q to the roller, and Q
--      is spared for this robber move: base.robber_targets drops every hex touching a building
--      of Q's, base.victims drops Q. The robber then moves as usual (base's default step).
-- A knight's robber is never bribed (base.seven_robber is a 7's step only).
--
-- Players not on turn decide here, in the roller's turn: state that lives between two decisions
-- (the offers, the player spared) is kept in storage, which a fork copies, never in locals.
-- An offer names a resource, and the roller decides knowing it; but a copy of the game forked at
-- the roller's decision, as the roller sees it, deals the other hands again (counts, not
-- kinds), so in the copy Q may no longer hold R. settle() checks again before moving anything and
-- lets the bribe lapse when the cards are gone (stats.bribe_lapses counts it, which only copies
-- ever set): in a game the cards are always there (docs/authoring.md, "State a fork deals
-- again").

local RESOURCES = require("base").RESOURCES
local options = options

game.on("game.setup", function()
  storage.offered, storage.taken = 0, 0
  storage.spared = nil -- the seat the current robber move spares
end)

-- The options of decision "bribe.offer" for q: "none", then each resource q holds options.cost of.
function offer_options(q)
  local opts = { { id = "none", action = "none" } }
  for _, r in ipairs(RESOURCES) do
    if game.count(q, r, "card") >= options.cost then
      opts[#opts + 1] = { id = r, action = "offer", resource = r }
    end
  end
  return opts
end

-- The offers made to roller p, as {player = q, resource = r} in seat order after p.
function collect_offers(p)
  local offers = {}
  local players = game.players()
  for i = 1, players - 1 do
    local q = (p - 1 + i) % players + 1
    local opts = offer_options(q)
    if #opts > 1 then
      local choice = game.decide(q, "bribe.offer", opts)
      if choice.action == "offer" then
        offers[#offers + 1] = { player = q, resource = choice.resource }
        storage.offered = storage.offered + 1
      end
    end
  end
  return offers
end

-- Pays the bribe `offer` ({player, resource}) to roller p: true when paid. The briber's hand is
-- read again here: in a copy forked at the roller's decision it was dealt again, and the cards
-- may be gone; the bribe then lapses, nothing moves and nobody is spared.
function settle(p, offer)
  local q, r = offer.player, offer.resource
  if game.count(q, r, "card") < options.cost then
    game.set("stats.bribe_lapses", (game.get("stats.bribe_lapses") or 0) + 1)
    return false
  end
  game.move(q, p, r, options.cost, "card")
  storage.spared = q
  storage.taken = storage.taken + 1
  if game.verbose() then
    game.log(string.format("player %d takes player %d's bribe and spares them", p, q))
  end
  return true
end

-- A 7's robber step, before base's default (the robber moves and robs).
game.on("base.seven_robber", function(e)
  storage.spared = nil
  local p = e.player
  local offers = collect_offers(p)
  if #offers == 0 then return end
  local opts = { { id = "refuse", action = "refuse" } }
  for _, o in ipairs(offers) do
    opts[#opts + 1] = { id = "player:" .. o.player, action = "take", player = o.player,
                        resource = o.resource }
  end
  local choice = game.decide(p, "bribe.take", opts)
  if choice.action == "take" then
    settle(p, { player = choice.player, resource = choice.resource })
  end
end)

-- The spared player stays so for this robber move only.
game.on("base.seven_robber", function() storage.spared = nil end, { after = true })

-- The robber may not go next to a building of the spared player...
game.on("base.robber_targets", function(e)
  local q = storage.spared
  if q == nil then return end
  local allowed = {}
  for _, tile in ipairs(e.tiles) do
    local touches = false
    for _, node in ipairs(board.tile_nodes(tile)) do
      if board.node_get(node, "owner") == q then touches = true end
    end
    if not touches then allowed[#allowed + 1] = tile end
  end
  e.tiles = allowed
end)

-- ... nor rob them.
game.on("base.victims", function(e)
  local q = storage.spared
  if q == nil then return end
  local victims = {}
  for _, v in ipairs(e.victims) do
    if v ~= q then victims[#victims + 1] = v end
  end
  e.victims = victims
end)

game.describe("bribe.offer", function(o)
  if o.action == "none" then return "offer no bribe" end
  return string.format("offer %d %s to be spared", options.cost, o.resource)
end)

game.describe("bribe.take", function(o)
  if o.action == "refuse" then return "refuse every bribe" end
  return string.format("take player %d's %d %s and spare them", o.player, options.cost, o.resource)
end)

game.on("game.end", function()
  game.set("stats.bribes_offered", storage.offered)
  game.set("stats.bribes_taken", storage.taken)
end)
