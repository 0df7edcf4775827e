-- Spending fish, and passing the old boot: entries of the base pack's main-phase menu
-- (base.actions), so a player may spend fish any number of times in the main phase of their own
-- turn, one use at a time.
--
--   entry (option record)                          fish  what it does
--   {id = "fish:robber", action = "fish", use = "robber", cost}    2  the robber leaves the board
--                                                            (game prop robber unset); offered
--                                                            while it is on the board
--   {id = "fish:steal", ..., use = "steal"}          3  draw a random resource card from an
--                                                            opponent who holds one (decision
--                                                            "fishermen.victim" when several:
--                                                            {id = "player:Q", player = Q}),
--                                                            through base.steal
--   {id = "fish:resource", ..., use = "resource"}    4  a resource card of choice from the bank
--                                                            (decision "fishermen.resource":
--                                                            {id = r, resource = r})
--   {id = "fish:road", ..., use = "road"}            5  a road placed for free (base.grant)
--   {id = "fish:dev", ..., use = "dev"}              7  the top development card (base.grant)
--   {id = "boot:player:Q", action = "boot", player = Q}   the holder of the boot gives it to
--                                                            player Q, who shows at least as many
--                                                            points as the holder has
-- (costs: options cost_*). A use is offered only when the player's tokens hold enough fish and
-- it can take effect. The tokens paid are the set whose fish are the fewest that cover the cost
-- (fewest tokens among those): there is no change, the fish above the cost are lost.
--
-- Seed 002 with resource tokens loaded: fish buy resource cards from the bank, never tokens,
-- and the steal moves a card, never a token (only the "card" form is touched here; a token
-- holder's tokens stay out of reach).

local RESOURCES = require("base").RESOURCES
DEV_ITEM = "development card"

-- The fish uses in menu order, with their option keys.
FISH_USES = { "robber", "steal", "resource", "road", "dev" }

-- The option records of "fishermen.victim" and "fishermen.resource" (read only).
SEAT_OPTIONS = {}
for q = 1, 8 do SEAT_OPTIONS[q] = { id = "player:" .. q, player = q } end
RESOURCE_OPTIONS = {}
for _, r in ipairs(RESOURCES) do RESOURCE_OPTIONS[r] = { id = r, resource = r } end

game.describe("fishermen.victim", function(o) return "player " .. o.player end)
game.describe("fishermen.resource", function(o) return o.resource end)

local USE_TEXT = {
  robber = "take the robber off the board", steal = "draw a card from a player",
  resource = "take a resource from the bank", road = "build a free road",
  dev = "take a development card",
}
game.describe("base.action", function(o)
  if o.action == "fish" then return USE_TEXT[o.use] .. " (" .. o.cost .. " fish)" end
  if o.action == "boot" then return "give the old boot to player " .. o.player end
  return nil
end)

-- The points player q shows (base's vp prop, which leaves the hidden victory point cards out).
function shown_points(q)
  return game.player_get(q, "vp") or 0
end

-- The tokens p pays for `cost` fish: {fish1 = a, fish2 = b, fish3 = c} with the fewest fish
-- that cover the cost, fewest tokens among those; nil when p's fish fall short.
function payment(p, cost)
  local held = storage.held[p]
  local best, best_fish, best_tokens
  for c = 0, held.fish3 do
    for b = 0, held.fish2 do
      -- The fewest 1-fish tokens that complete the cost with b and c.
      local a = math.max(0, cost - 3 * c - 2 * b)
      if a <= held.fish1 then
        local fish, tokens = a + 2 * b + 3 * c, a + b + c
        if best == nil or fish < best_fish or (fish == best_fish and tokens < best_tokens) then
          best, best_fish, best_tokens = { fish1 = a, fish2 = b, fish3 = c }, fish, tokens
        end
      end
    end
  end
  return best, best_fish
end

-- p pays `cost` fish for `use` (tokens to the spent pile) and the statistics count it.
function pay_fish(p, use, cost)
  local pay, fish = payment(p, cost)
  if pay == nil then error(string.format("player %d cannot pay %d fish", p, cost), 2) end
  for _, k in ipairs(KINDS) do
    if pay[k] > 0 then game.move(p, SPENT, k, pay[k], FORM) end
  end
  count_stat("uses_" .. use, 1)
  count_stat("spent_" .. use, fish)
  count_stat("spent", fish)
  count_stat("wasted", fish - cost)
end

-- Opponents of p holding at least one resource card, ascending.
function card_holders(p)
  local out = {}
  for q = 1, game.players() do
    if q ~= p and game.total(q, "card") > 0 then out[#out + 1] = q end
  end
  return out
end

-- Resources the bank holds cards of, in RESOURCES order.
local function bank_resources()
  local out = {}
  for _, r in ipairs(RESOURCES) do
    if game.count("bank", r, "card") > 0 then out[#out + 1] = r end
  end
  return out
end

-- Whether the base pack could give p a free `item` now (base.grant with check).
local function can_grant(p, item)
  local e = { player = p, item = item, check = true }
  if game.raise("base.grant", e) == "vetoed" then return false end
  return e.ok == true
end

-- Default of base.steal for a fish steal: one resource card of the victim, uniformly at random
-- (cards in RESOURCES order, card k of them), to the thief; sets e.resource.
local function steal_card(e)
  local total = game.total(e.victim, "card")
  if total == 0 then return end
  local k = game.random(total)
  for _, r in ipairs(RESOURCES) do
    k = k - game.count(e.victim, r, "card")
    if k <= 0 then
      game.move(e.victim, e.thief, r, 1, "card")
      e.resource = r
      return
    end
  end
end

-- Whether use u can take effect for p now (its cost aside).
local FEASIBLE = {
  robber = function() return game.get("robber") ~= nil end,
  steal = function(p) return #card_holders(p) > 0 end,
  resource = function() return #bank_resources() > 0 end,
  road = function(p) return can_grant(p, "road") end,
  dev = function(p) return can_grant(p, DEV_ITEM) end,
}

-- What each use does once paid.
local EFFECTS = {
  robber = function(p)
    game.set("robber", nil)
    if game.verbose() then game.log(string.format("player %d chases the robber off the board", p)) end
  end,
  steal = function(p)
    local victims = card_holders(p)
    local q = victims[1]
    if #victims > 1 then
      local choices = {}
      for i, v in ipairs(victims) do choices[i] = SEAT_OPTIONS[v] end
      q = game.decide(p, "fishermen.victim", choices).player
    end
    local s = { thief = p, victim = q }
    game.raise("base.steal", s, steal_card)
    if game.verbose() then
      game.log(string.format("player %d draws a card from player %d (%s)", p, q, tostring(s.resource)))
    end
  end,
  resource = function(p)
    local choices = {}
    for i, r in ipairs(bank_resources()) do choices[i] = RESOURCE_OPTIONS[r] end
    local r = game.decide(p, "fishermen.resource", choices).resource
    game.move("bank", p, r, 1, "card")
  end,
  road = function(p)
    game.raise("base.grant", { player = p, item = "road" })
  end,
  dev = function(p)
    game.raise("base.grant", { player = p, item = DEV_ITEM })
  end,
}

-- The run function of a fish entry.
local function run_fish(p, entry)
  pay_fish(p, entry.use, entry.cost)
  EFFECTS[entry.use](p)
end

-- The run function of a boot entry.
local function run_boot(p, entry)
  game.set(BOOT_PROP, entry.player)
  count_stat("boot_passes", 1)
  if game.verbose() then
    game.log(string.format("player %d gives the old boot to player %d", p, entry.player))
  end
end

-- Players the holder p of the boot may give it to: those showing at least p's points.
function boot_targets(p)
  local out = {}
  local mine = (game.player_get(p, "vp") or 0) + game.count(p, "victory_point", "dev")
  for q = 1, game.players() do
    if q ~= p and shown_points(q) >= mine then out[#out + 1] = q end
  end
  return out
end

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  local fish = fish_of(p)
  if fish > 0 then
    for _, u in ipairs(FISH_USES) do
      local cost = options["cost_" .. u]
      if fish >= cost and FEASIBLE[u](p) then
        actions[#actions + 1] = { id = "fish:" .. u, action = "fish", use = u, cost = cost,
                                  run = run_fish }
      end
    end
  end
  if game.get(BOOT_PROP) == p then
    for _, q in ipairs(boot_targets(p)) do
      actions[#actions + 1] = { id = "boot:player:" .. q, action = "boot", player = q,
                                run = run_boot }
    end
  end
end)
