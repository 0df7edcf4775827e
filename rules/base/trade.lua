-- Trade during the main phase of a turn: maritime trade with the bank (4:1, or 3:1 / 2:1 through
-- harbors the player has a settlement or city on) and domestic 1-for-1 offers to opponents.
-- Only the player whose turn it is trades; opponents never trade among themselves.
--
-- Harbors are the node prop `harbor` ("any" or a resource) that board.lua sets during
-- game.setup; this file lists the harbor nodes once per game (storage.harbor_nodes /
-- storage.harbor_kinds, parallel arrays; storage.harbor_at[node] = kind) and keeps each
-- player's rates in storage.port_rates[p] ({resource = 4|3|2}), refreshed when a building is
-- placed on a harbor node (by place_piece). All of these are read-only for everyone else.
-- Decisions (option records; ids in quotes):
--   base.maritime_give   the resources the player can give at its rate (RESOURCE_OPTIONS:
--                        "brick" = {id = "brick", resource = "brick"}, ...)
--   base.maritime_get    the resources the bank can pay, other than the one given
--   base.trade_offer     "offer:X:Y" = {id, action = "offer", give = X, get = Y} for every X
--                        held and Y ~= X (give 1 X for 1 Y), then "cancel" = {id, action =
--                        "cancel"} (offer_option, OFFER_CANCEL)
--   base.trade_answer    "accept" / "decline" (asked of each opponent holding Y): {id, accept =
--                        true / false, from, give, get} carrying the offer (from = the offerer,
--                        give = what the offerer gives, get = what it asks for)
--   base.trade_partner   "player:N" (SEAT_OPTIONS) for each opponent who accepted, then "nobody"
--                        (NOBODY_OPTION)
-- Events (contracts in pack.json): base.maritime (a bank trade), base.trade (an agreed domestic
-- trade). What a player can give is read with funds_of / funds (core.lua): cards, plus what
-- handlers of base.funds add.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

local decide = game.decide

MARITIME_RATE = 4 -- cards given for one card from the bank without a harbor
HARBOR_ANY_RATE = 3 -- with a generic ("any") harbor
HARBOR_SPECIAL_RATE = 2 -- for the resource of a special harbor

-- OFFER_CANCEL: the option of making no offer after all.
OFFER_CANCEL = { id = "cancel", action = "cancel" }

-- The option of offering 1 x for 1 y: {id = "offer:x:y", action = "offer", give = x, get = y},
-- made on first use and kept for the game (storage.offer_options; read only).
function offer_option(x, y)
  local by_give = subtable(storage.offer_options, x)
  local option = by_give[y]
  if option == nil then
    option = { id = "offer:" .. x .. ":" .. y, action = "offer", give = x, get = y }
    by_give[y] = option
  end
  return option
end

-- Lists the harbor nodes once the board exists (board.lua runs at priority -90) and starts every
-- player at the 4:1 rate.
game.on("game.setup", function(e)
  local nodes, kinds, at = {}, {}, {}
  for n = 1, board.nodes() do
    local h = board.node_get(n, "harbor")
    if h then
      nodes[#nodes + 1] = n
      kinds[#kinds + 1] = h
      at[n] = h
    end
  end
  storage.harbor_nodes = nodes
  storage.harbor_kinds = kinds
  storage.harbor_at = at
  storage.port_rates = {}
  for p = 1, e.players do
    local rates = {}
    for i = 1, #RESOURCES do rates[RESOURCES[i]] = MARITIME_RATE end
    storage.port_rates[p] = rates
  end
  -- The option arrays of maritime_action, refilled for every trade.
  storage.maritime_menu = { gives = {}, gets = {} }
  -- domestic_action: its menus, made on first use, and the arrays it refills for every offer.
  storage.offer_menus, storage.answer_menus, storage.offer_options = {}, {}, {}
  storage.trade_partners, storage.trade_partner_options = {}, {}
end, { priority = -80 })

-- Recomputes player p's maritime rates (storage.port_rates[p]) from the harbors under p's
-- buildings. place_piece calls it when a node piece lands on a harbor node; a rule that removes
-- a building from a harbor node must call it.
function refresh_maritime_rates(p)
  local rates = storage.port_rates[p]
  for i = 1, #RESOURCES do rates[RESOURCES[i]] = MARITIME_RATE end
  local nodes, kinds = storage.harbor_nodes, storage.harbor_kinds
  for i = 1, #nodes do
    local n = nodes[i]
    if storage.owner[n] == p and storage.building[n] then
      local h = kinds[i]
      if h == "any" then
        for j = 1, #RESOURCES do
          local r = RESOURCES[j]
          if rates[r] > HARBOR_ANY_RATE then rates[r] = HARBOR_ANY_RATE end
        end
      else
        rates[h] = HARBOR_SPECIAL_RATE
      end
    end
  end
end


-- Maritime rates of player p: a new table {resource = 4|3|2}: 4 always, 3 for every resource
-- with an "any" harbor on one of p's buildings, 2 for the resource of a special harbor there.
function maritime_rates(p)
  local out = {}
  local rates = storage.port_rates[p]
  for i = 1, #RESOURCES do out[RESOURCES[i]] = rates[RESOURCES[i]] end
  return out
end

-- The resource held by the bank when it holds exactly one kind, false when it holds several,
-- nil when it is empty. The bank can pay a trade giving r unless the answer is nil or r.
local function bank_only()
  local bank = storage.cards.bank
  local only = nil
  if bank.brick > 0 then only = "brick" end
  if bank.lumber > 0 then
    if only then return false end
    only = "lumber"
  end
  if bank.wool > 0 then
    if only then return false end
    only = "wool"
  end
  if bank.grain > 0 then
    if only then return false end
    only = "grain"
  end
  if bank.ore > 0 then
    if only then return false end
    only = "ore"
  end
  return only
end

-- Resources p can give in a maritime trade now (holds at least its rate, and the bank can pay
-- something else), in RESOURCES order, as their options (RESOURCE_OPTIONS); a new array when
-- `out` is nil, else `out` refilled. Returns the array and its length.
function maritime_gives(p, out)
  out = out or {}
  local n = 0
  local only = bank_only()
  if only ~= nil then
    local rates = storage.port_rates[p]
    local f = spendable(p)
    for i = 1, #RESOURCES do
      local r = RESOURCES[i]
      if f[r] >= rates[r] and r ~= only then
        n = n + 1
        out[n] = RESOURCE_OPTIONS[r]
      end
    end
  end
  for i = n + 1, #out do out[i] = nil end
  return out, n
end

-- True when a maritime trade is possible for p, who can spend `have` ({resource = n}: its
-- cards, or its funds while base.funds has handlers).
function maritime_possible(p, have)
  local rates = storage.port_rates[p]
  local r = nil
  local brick, lumber, wool, grain, ore = have.brick, have.lumber, have.wool, have.grain, have.ore
  if brick >= rates.brick then r = "brick"
  elseif lumber >= rates.lumber then r = "lumber"
  elseif wool >= rates.wool then r = "wool"
  elseif grain >= rates.grain then r = "grain"
  elseif ore >= rates.ore then r = "ore"
  else return false end
  local only = bank_only()
  if only == false then return true end
  if only == nil then return false end
  -- The bank holds only `only`: p must be able to give something else.
  if r ~= only then return true end
  for i = 1, #RESOURCES do
    local s = RESOURCES[i]
    if s ~= only and have[s] >= rates[s] then return true end
  end
  return false
end

-- True when p can make a maritime trade now.
function can_maritime(p)
  return maritime_possible(p, spendable(p))
end

-- Default action of base.maritime: give_count cards to the bank, get_count cards from it.
local function maritime_default(e)
  game.move(e.player, "bank", e.give, e.give_count, "card")
  game.move("bank", e.player, e.get, e.get_count, "card")
end

-- Maritime trade of player p (the current player): p picks a resource to give at its rate,
-- then one the bank holds to receive; raises base.maritime {player, give, give_count, get,
-- get_count} whose default moves give_count cards to the bank and get_count cards from it.
-- Error when p is not the current player or cannot trade.
function maritime_action(p)
  if p ~= storage.turn_view.current then
    error("maritime trade: only the player whose turn it is trades (player " .. p .. ")", 2)
  end
  local gives, n = maritime_gives(p, storage.maritime_menu.gives)
  if n == 0 then error("maritime trade: player " .. p .. " has nothing to trade", 2) end
  local give = decide(p, "base.maritime_give", gives).resource
  local rate = storage.port_rates[p][give]
  local gets = storage.maritime_menu.gets
  local bank = storage.cards.bank
  n = 0
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    if r ~= give and bank[r] > 0 then
      n = n + 1
      gets[n] = RESOURCE_OPTIONS[r]
    end
  end
  for i = n + 1, #gets do gets[i] = nil end
  local get = decide(p, "base.maritime_get", gets).resource
  local trade = { player = p, give = give, give_count = rate, get = get, get_count = 1 }
  game.raise("base.maritime", trade, maritime_default)
  if storage.verbose then
    game.log(string.format("player %d trades %d %s with the bank for %d %s", p, trade.give_count,
      trade.give, trade.get_count, trade.get))
  end
end

-- True when p may offer a domestic trade now (the option is on and p holds a card, or other
-- funds while base.funds has handlers).
function can_offer_trade(p)
  if not options.domestic_trade then return false end
  return view_size(spendable(p)) > 0
end

-- Default action of base.trade: each side hands over its part in cards.
local function trade_default(e)
  game.move(e.player, e.partner, e.give, e.give_count, "card")
  game.move(e.partner, e.player, e.get, e.get_count, "card")
end

-- The offers of a player who can spend `have`: an array of options (offer_option), 1 x for 1 y
-- for every resource x held and every other resource y (RESOURCES order), then OFFER_CANCEL.
-- Depends only on which resources are held, so each of the 32 menus is made once per game
-- (storage.offer_menus; read only).
function offer_menu(have)
  local mask = (have.brick > 0 and 1 or 0) | (have.lumber > 0 and 2 or 0)
    | (have.wool > 0 and 4 or 0) | (have.grain > 0 and 8 or 0) | (have.ore > 0 and 16 or 0)
  local menu = storage.offer_menus[mask]
  if menu then return menu end
  menu = {}
  for i = 1, #RESOURCES do
    local x = RESOURCES[i]
    if mask & (1 << (i - 1)) ~= 0 then
      for j = 1, #RESOURCES do
        local y = RESOURCES[j]
        if y ~= x then menu[#menu + 1] = offer_option(x, y) end
      end
    end
  end
  menu[#menu + 1] = OFFER_CANCEL
  storage.offer_menus[mask] = menu
  return menu
end

-- The options of decision "base.trade_answer" for p's offer of 1 `give` for 1 `get`:
-- {id = "accept" | "decline", accept = true | false, from = p, give, get}, made once per offer
-- per game (read only).
function answer_menu(p, give, get)
  local key = p * 64 + RESOURCE_INDEX[give] * 8 + RESOURCE_INDEX[get]
  local answers = storage.answer_menus[key]
  if answers == nil then
    answers = { { id = "accept", accept = true, from = p, give = give, get = get },
                { id = "decline", accept = false, from = p, give = give, get = get } }
    storage.answer_menus[key] = answers
  end
  return answers
end

-- Domestic trade of player p (the current player): p offers 1 card it holds for 1 card of a
-- different resource ("cancel" withdraws); each opponent holding the wanted resource accepts or
-- declines, in seat order after p; p then picks one acceptor or nobody. The exchange is
-- raised as base.trade {player, partner, give, give_count, get, get_count} (counts 1); its
-- default moves one card each way; a veto cancels the trade. Returns true when the trade took
-- place. What a player holds is read through funds (cards, plus base.funds additions). Error
-- when p is not the current player.
function domestic_action(p)
  if p ~= storage.turn_view.current then
    error("domestic trade: only the player whose turn it is trades (player " .. p .. ")", 2)
  end
  local offers = offer_menu(spendable(p))
  local offer = offers[game.choose(p, "base.trade_offer", offers)]
  local give, get = offer.give, offer.get
  local verbose = storage.verbose
  if not give then
    if verbose then game.log(string.format("player %d: no offer after all", p)) end
    return false
  end

  local n = storage.players
  local partners, choices = storage.trade_partners, storage.trade_partner_options
  local answers = answer_menu(p, give, get)
  local accepted = 0
  local views = not storage.funds_hooked and storage.fund_views -- else funds() asks base.funds
  for k = 1, n - 1 do
    local q = (p + k - 1) % n + 1
    local has = views and views[q][get] or not views and funds(q, get)
    if has > 0 and game.choose(q, "base.trade_answer", answers) == 1 then
      accepted = accepted + 1
      partners[accepted] = q
      choices[accepted] = SEAT_OPTIONS[q]
    end
  end
  if accepted == 0 then
    if verbose then
      game.log(string.format("player %d: nobody takes %s", p,
        game.label("base.trade_offer", offer)))
    end
    return false
  end
  choices[accepted + 1] = NOBODY_OPTION
  for i = accepted + 2, #choices do choices[i] = nil end
  for i = accepted + 1, #partners do partners[i] = nil end
  local pick = game.choose(p, "base.trade_partner", choices)
  local q = partners[pick]
  if not q then
    if verbose then
      game.log(string.format("player %d: %s, with nobody", p,
        game.label("base.trade_offer", offer)))
    end
    return false
  end
  -- In a game both sides still hold their card here. A fork as seen by one seat deals the other
  -- hands again (game.fork seen_by) and may have dealt the offered card away: the offer lapses.
  if funds(p, give) < 1 or funds(q, get) < 1 then
    if verbose then game.log(string.format("player %d: the offer lapses", p)) end
    return false
  end
  local deal = { player = p, partner = q, give = give, give_count = 1, get = get, get_count = 1 }
  if game.raise("base.trade", deal, trade_default) == "vetoed" then
    if verbose then game.log(string.format("player %d: the trade with player %d is off", p, q)) end
    return false
  end
  if verbose then
    game.log(string.format("player %d gives 1 %s to player %d for 1 %s", p, give, q, get))
  end
  return true
end
