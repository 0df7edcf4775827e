-- The trade cards' effects (facts P20, P21, P23-P25; progress_play.lua plays them).
--
--   Resource Monopoly  decision "ck.resource_monopoly" among the resources ({id = r,
--                      resource = r}); each other player, in seat order from p, gives p 2
--                      cards of it (all they hold if fewer) (P24). Offered while an opponent
--                      holds a resource card.
--   Trade Monopoly     decision "ck.trade_monopoly" among the commodities; each other player
--                      gives p 1 card of it if they hold one (P25). Offered while an opponent
--                      holds a commodity.
--   Merchant Fleet     decision "ck.fleet" among the 8 kinds; for the rest of the turn the menu
--                      offers {id = "fleet:<kind>", action = "merchant_fleet", resource = kind}
--                      while p holds 2 of it: 2 of it to the bank for 1 card of another kind
--                      the bank holds (decision "ck.fleet_get") (P23); a resource is paid
--                      through base.can_pay / base.pay, so tokens pay for it too. State:
--                      storage.fleet[p] = {turn = T, kinds = {kind = true}}.
--   Commercial Harbor  for the rest of the turn the menu offers {id = "harbor:<q>", action =
--                      "commercial_harbor", player = q} for each opponent q holding a
--                      commodity, not yet dealt with this turn, while p holds a resource: p
--                      gives a resource of their choice ("ck.harbor_give": a card {id = r},
--                      or an item of another fund form {id = "<r>:<form>", form}, a resource
--                      token, which q receives as such; seed 002 B.10), q gives back a
--                      commodity of q's choice ("ck.harbor_take"); once per opponent per turn
--                      however many are played (P20). State: storage.harbor[p] = {turn = T,
--                      done = {[q] = true}}. Offered while an exchange is possible and no
--                      Commercial Harbor of p is running this turn.
--   Master Merchant    decision "ck.master_merchant" among the opponents with more points
--                      holding a card ({id = "player:Q", player = Q}); p then takes 2 of that
--                      player's resource or commodity cards, one at a time
--                      ("ck.master_merchant_card" among the kinds held) (P21).
--   Merchant           place_merchant (merchant.lua): p puts the merchant on a hex next to
--                      one of their settlements or cities and takes control (P22, facts
--                      103-106). Offered while such a hex exists.


-- The seats other than p, in seat order from p.
function others_of(p)
  local list = {}
  for i = 1, game.players() - 1 do list[i] = (p - 1 + i) % game.players() + 1 end
  return list
end

-- The options of the kinds of `kinds` that `holder` holds (a supply or a seat), optionally
-- leaving one out.
function held_options(holder, kinds, except)
  local opts = {}
  for _, k in ipairs(kinds) do
    if k ~= except and game.count(holder, k, "card") > 0 then opts[#opts + 1] = KIND_OPTIONS[k] end
  end
  return opts
end

local function opponents_hold(p, kinds)
  for _, q in ipairs(others_of(p)) do
    if #held_options(q, kinds) > 0 then return true end
  end
  return false
end

local function kind_options(kinds)
  local opts = {}
  for i, k in ipairs(kinds) do opts[i] = KIND_OPTIONS[k] end
  return opts
end

PROGRESS_EFFECTS.resource_monopoly = {
  can = function(p) return opponents_hold(p, RESOURCES) end,
  play = function(p)
    local r = game.decide(p, "ck.resource_monopoly", kind_options(RESOURCES)).resource
    for _, q in ipairs(others_of(p)) do
      local n = math.min(2, game.count(q, r, "card"))
      if n > 0 then game.move(q, p, r, n, "card") end
    end
  end,
}

PROGRESS_EFFECTS.trade_monopoly = {
  can = function(p) return opponents_hold(p, COMMODITIES) end,
  play = function(p)
    local c = game.decide(p, "ck.trade_monopoly", kind_options(COMMODITIES)).resource
    for _, q in ipairs(others_of(p)) do
      if game.count(q, c, "card") > 0 then game.move(q, p, c, 1, "card") end
    end
  end,
}

-- p's Merchant Fleet kinds this turn (a set, empty when none).
local function fleet_kinds(p)
  local f = storage.fleet[p]
  if f == nil or f.turn ~= game.turn() then return {} end
  return f.kinds
end

PROGRESS_EFFECTS.merchant_fleet = {
  can = function(p) return true end,
  play = function(p)
    local kind = game.decide(p, "ck.fleet", kind_options(CARD_KINDS)).resource
    local f = storage.fleet[p]
    if f == nil or f.turn ~= game.turn() then
      f = { turn = game.turn(), kinds = {} }
      storage.fleet[p] = f
    end
    f.kinds[kind] = true
  end,
}

-- The 2 cards a Merchant Fleet trade gives, as a cost: a resource goes through base.can_pay /
-- base.pay (so other forms of payment, resource tokens, pay for it too), a commodity in cards.
local FLEET_COST = {}
for _, k in ipairs(CARD_KINDS) do FLEET_COST[k] = { [k] = 2 } end
local IS_RESOURCE = {}
for _, r in ipairs(RESOURCES) do IS_RESOURCE[r] = true end

local function can_give_fleet(p, k)
  if IS_RESOURCE[k] then return require("base").can_pay(p, "merchant fleet", FLEET_COST[k]) end
  return game.count(p, k, "card") >= 2
end

local function run_fleet(p, entry)
  local gets = held_options("bank", CARD_KINDS, entry.resource)
  local get = game.decide(p, "ck.fleet_get", gets).resource
  if IS_RESOURCE[entry.resource] then
    require("base").pay(p, "merchant fleet", FLEET_COST[entry.resource])
  else
    game.move(p, "bank", entry.resource, 2, "card")
  end
  game.move("bank", p, get, 1, "card")
end

-- p's Commercial Harbor record this turn, or nil.
local function harbor_of(p)
  local h = storage.harbor[p]
  if h == nil or h.turn ~= game.turn() then return nil end
  return h
end

-- The resources p may give through a Commercial Harbor, as options of "ck.harbor_give": a
-- card ({id = r, resource = r}), or an item of another form that pays like cards
-- (base.fund_forms: {id = "<r>:<form>", resource = r, form = form}, a resource token).
local function harbor_gives(p)
  local opts = {}
  for _, r in ipairs(RESOURCES) do
    if game.count(p, r, "card") > 0 then opts[#opts + 1] = KIND_OPTIONS[r] end
    for _, o in ipairs(storage.harbor_forms[r]) do
      if game.count(p, r, o.form) > 0 then opts[#opts + 1] = o end
    end
  end
  return opts
end

-- The forms besides "card" whose resources pay like cards, and the harbor options of each.
game.on("base.fund_forms", function(e)
  local by_resource = {}
  for _, r in ipairs(RESOURCES) do
    by_resource[r] = {}
    for _, form in ipairs(e.forms) do
      if form ~= "card" then
        local list = by_resource[r]
        list[#list + 1] = { id = r .. ":" .. form, resource = r, form = form }
      end
    end
  end
  storage.harbor_forms = by_resource
end, { priority = 1000 })

game.describe("ck.harbor_give", function(o)
  if o.form then return o.resource .. " " .. o.form end
end)

-- The opponents p may exchange with through a Commercial Harbor now (`done`: those dealt with).
local function harbor_partners(p, done)
  local list = {}
  if #harbor_gives(p) == 0 then return list end
  for _, q in ipairs(others_of(p)) do
    if not done[q] and #held_options(q, COMMODITIES) > 0 then list[#list + 1] = q end
  end
  return list
end

PROGRESS_EFFECTS.commercial_harbor = {
  can = function(p) return harbor_of(p) == nil and #harbor_partners(p, {}) > 0 end,
  play = function(p) storage.harbor[p] = { turn = game.turn(), done = {} } end,
}

-- In a game q still holds a commodity after p's choice, and p the card it gives after q's. A
-- fork as seen by one of them deals the other's hand again at its fork point and may deal those
-- away: the exchange then lapses (q stays to be dealt with), as a domestic trade does.
local function run_harbor(p, entry)
  local q = entry.player
  local give = game.decide(p, "ck.harbor_give", harbor_gives(p))
  local takes = held_options(q, COMMODITIES)
  if #takes == 0 then return end
  local take = game.decide(q, "ck.harbor_take", takes).resource
  if game.count(p, give.resource, give.form or "card") == 0 then return end
  game.move(p, q, give.resource, 1, give.form or "card")
  game.move(q, p, take, 1, "card")
  harbor_of(p).done[q] = true
end

PROGRESS_EFFECTS.merchant = {
  can = function(p) return #merchant_tiles(p) > 0 end,
  play = function(p) place_merchant(p) end,
}

-- The opponents Master Merchant may name: more points than p, a card in hand.
local function richer_opponents(p)
  local opts = {}
  local mine = game.player_get(p, "vp")
  for _, q in ipairs(others_of(p)) do
    if game.player_get(q, "vp") > mine and #held_options(q, CARD_KINDS) > 0 then
      opts[#opts + 1] = { id = "player:" .. q, player = q }
    end
  end
  return opts
end

PROGRESS_EFFECTS.master_merchant = {
  can = function(p) return #richer_opponents(p) > 0 end,
  play = function(p)
    local q = game.decide(p, "ck.master_merchant", richer_opponents(p)).player
    for _ = 1, 2 do
      local opts = held_options(q, CARD_KINDS)
      if #opts == 0 then break end
      local k = game.decide(p, "ck.master_merchant_card", opts).resource
      -- p saw q's hand; a fork as seen by p deals it again at the fork point, and a card dealt
      -- away is not taken.
      if game.count(q, k, "card") > 0 then game.move(q, p, k, 1, "card") end
    end
  end,
}

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  for _, k in ipairs(CARD_KINDS) do
    if fleet_kinds(p)[k] and can_give_fleet(p, k) then
      actions[#actions + 1] = { id = "fleet:" .. k, action = "merchant_fleet", resource = k,
                                run = run_fleet }
    end
  end
  local h = harbor_of(p)
  if h then
    for _, q in ipairs(harbor_partners(p, h.done)) do
      actions[#actions + 1] = { id = "harbor:" .. q, action = "commercial_harbor", player = q,
                                run = run_harbor }
    end
  end
end)

game.describe("base.action", function(o)
  if o.action == "merchant_fleet" then
    return string.format("Merchant Fleet: 2 %s for 1 card", o.resource)
  elseif o.action == "commercial_harbor" then
    return string.format("Commercial Harbor: a resource for a commodity of player %d", o.player)
  end
end)

game.describe("ck.master_merchant", function(o) return "player " .. o.player end)

game.on("game.setup", function()
  storage.fleet, storage.harbor = {}, {}
end)
