-- Development cards: buying and playing.
--
-- The deck "dev" holds the undrawn cards (top = last). A bought card goes to the buyer's
-- holdings in form "dev"; a played card moves to form "played". Victory point cards are never
-- played: they count as soon as they are held. Per turn (storage.turn, see new_turn_state):
-- at most one card is played (dev_played), and a card the player on turn bought or was given
-- this turn (bought[kind]) cannot be played that turn, though an older card of the same kind
-- can. A card another seat receives during the turn is not recorded there: `bought` is the
-- player on turn's, and the other seat's card is older than that seat's next turn.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

DEV_ITEM = "development card" -- the item name in base.pay / base.can_pay

local count = game.count

-- Records that p received a development card of `kind` this turn (bought or given), when p is
-- the player on turn: only that player's cards bought this turn are held back (the record is
-- per turn, not per seat, and is cleared when the next turn starts).
local function mark_bought(p, kind)
  local turn = storage.turn
  if turn.player ~= p then return end
  local bought = turn.bought
  bought[kind] = (bought[kind] or 0) + 1
end

-- True when p may buy a development card: the deck is not empty and p can pay DEV_CARD_COST.
function can_buy_dev(p)
  return game.deck_count("dev") > 0 and can_pay(p, DEV_ITEM, DEV_CARD_COST)
end

-- p pays DEV_CARD_COST and draws the top card of the deck. Returns the card's kind. Error when
-- the deck is empty or p cannot pay.
function buy_dev(p)
  if game.deck_count("dev") == 0 then error("the development deck is empty", 2) end
  if not can_pay(p, DEV_ITEM, DEV_CARD_COST) then
    error(string.format("player %d cannot pay for a development card", p), 2)
  end
  pay(p, DEV_ITEM, DEV_CARD_COST)
  local card = game.deck_draw("dev")
  game.add(p, card, 1, "dev")
  mark_bought(p, card)
  if storage.verbose then game.log(string.format("player %d buys a development card", p)) end
  update_vp(p)
  return card
end

-- Kinds (DEV_CARDS order) p may play now: none once a card was played this turn; never
-- victory_point; a kind only if p holds a copy not bought this turn.
function playable_dev(p)
  local out = {}
  local turn = storage.turn
  if turn.dev_played then return out end
  local devs, bought = storage.devs[p], turn.bought
  for i = 1, #DEV_CARDS do
    local kind = DEV_CARDS[i]
    if kind ~= "victory_point" and devs[kind] > (bought[kind] or 0) then
      out[#out + 1] = kind
    end
  end
  return out
end

-- True when p holds a development card other than a victory point card that was not bought
-- this turn (playable_dev(p) is not empty, ignoring whether a card was played this turn).
function holds_playable(p)
  local devs, bought = storage.devs[p], storage.turn.bought
  for i = 1, #DEV_CARDS do
    local kind = DEV_CARDS[i]
    if kind ~= "victory_point" and devs[kind] > (bought[kind] or 0) then return true end
  end
  return false
end

-- Asks p for one resource (decision `kind`) among `list` (RESOURCE_OPTIONS); returns it.
local function pick_resource(p, kind, list)
  return game.decide(p, kind, list).resource
end

local function monopoly_default(e)
  local n = math.min(e.amount, count(e.victim, e.resource, "card"))
  if n > 0 then game.move(e.victim, e.player, e.resource, n, "card") end
end

-- Card effects, by kind.
local EFFECTS = {
  knight = function(p)
    move_robber(p)
    update_awards({})
  end,
  road_building = function(p)
    local turn = storage.turn
    turn.free_roads = 2
    while turn.free_roads > 0 do
      if choose_and_place(p, "road", { free = true }) == nil then break end
      turn.free_roads = turn.free_roads - 1
    end
    turn.free_roads = 0
  end,
  year_of_plenty = function(p)
    local bank = storage.cards.bank
    for _ = 1, 2 do
      local list = {}
      for _, r in ipairs(RESOURCES) do
        if bank[r] > 0 then list[#list + 1] = RESOURCE_OPTIONS[r] end
      end
      if #list == 0 then break end
      local r = pick_resource(p, "base.plenty", list)
      game.move("bank", p, r, 1, "card")
      if storage.verbose then game.log(string.format("player %d takes 1 %s from the bank", p, r)) end
    end
  end,
  monopoly = function(p)
    local r = pick_resource(p, "base.monopoly", RESOURCE_OPTION_LIST)
    local before = count(p, r, "card")
    for _, q in ipairs(opponents(p)) do
      local e = { player = p, victim = q, resource = r, amount = count(q, r, "card") }
      game.raise("base.monopoly", e, monopoly_default)
    end
    if storage.verbose then
      game.log(string.format("player %d names %s and takes %d", p, r, count(p, r, "card") - before))
    end
  end,
}

-- p plays a development card of `kind`: it moves to form "played", the turn records that a card
-- was played, then the effect runs (knight: move_robber and the army award; road_building: up
-- to 2 free roads, decision "base.place_road"; year_of_plenty: 2 decisions "base.plenty" among
-- the resources the bank has; monopoly: decision "base.monopoly", then base.monopoly per
-- opponent). Error when `kind` is not in playable_dev(p).
function play_dev(p, kind)
  local ok = false
  for _, k in ipairs(playable_dev(p)) do
    if k == kind then ok = true end
  end
  if not ok then error(string.format("player %d cannot play a %s now", p, tostring(kind)), 2) end
  game.remove(p, kind, 1, "dev")
  game.add(p, kind, 1, "played")
  storage.turn.dev_played = true
  if storage.verbose then game.log(string.format("player %d plays %s", p, kind)) end
  EFFECTS[kind](p)
  update_vp(p)
end

-- Gives p the top development card without payment. It cannot be played before p's next turn:
-- given to the player on turn it counts as bought this turn; given to another seat it leaves
-- the player on turn's cards as they were. Returns the card's kind, nil when the deck is empty.
function grant_dev(p)
  local card = game.deck_draw("dev")
  if card == nil then return nil end
  game.add(p, card, 1, "dev")
  mark_bought(p, card)
  if storage.verbose then game.log(string.format("player %d gets a development card", p)) end
  update_vp(p)
  return card
end

-- base.grant {player, item, check}: another pack gives a player an item for free, which only the
-- base pack can do (it places pieces and deals development cards), so the base pack handles
-- this event of its own (priority 0; it is raised only by other packs, so a game without them
-- never pays for it). item = a piece name: the player places one from supply through its
-- placement decision ("base.place_<piece>") as a free build; item = DEV_ITEM: the top
-- development card (grant_dev). With check = true nothing is given and ok is set: whether the
-- item can be given now (a piece in supply with a legal spot; a card in the deck). Otherwise
-- result is set: the spot or the card's kind, nil when nothing could be given. Handlers at a
-- negative priority may veto; after-handlers read ok or result.
game.on("base.grant", function(e)
  local p, item = e.player, e.item
  if item == DEV_ITEM then
    if e.check then
      e.ok = game.deck_count("dev") > 0
    else
      e.result = grant_dev(p)
    end
    return
  end
  if storage.pieces[item] == nil then
    error(string.format("base.grant: unknown item '%s'", tostring(item)), 0)
  end
  if e.check then
    e.ok = storage.supply[p][item] > 0 and has_spot(p, item)
  else
    e.result = choose_and_place(p, item, { free = true })
  end
end)
