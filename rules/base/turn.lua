-- The turn of the base game (the kernel's "turn" event):
--   1. storage.turn = new_turn_state(p); a player who already has the winning points wins.
--   2. Before the roll, a player holding a playable development card decides "base.preroll"
--      among "roll" and "play <card>" (no decision when only "roll" is possible).
--   3. roll_dice(p): a 7 runs seven(p) (discards, robber, steal), any other total produce(total).
--   4. The main phase: decision "base.action" among the legal actions, in this order:
--        "build <piece>" for each piece of buildable(p), "buy development card",
--        "play <card>" for each kind of playable_dev(p) (one card per turn), "maritime trade",
--        "offer a trade" (option domestic_trade, p holds a card), "end turn",
--      then any entries handlers of base.actions appended. The chosen action runs (building and
--      dev-card actions ask their own follow-up decisions). The loop ends with "end turn" or
--      when the game is over.
--   5. base.turn_end {player} is raised unless the game is over; the kernel passes the turn.
-- The win check (check_win) runs at the start of the turn, after a card played before the roll,
-- after the roll and after every action, whenever p's player prop vp has reached
-- options.target_vp: update_vp keeps that prop current, and check mode verifies it between
-- actions, so a rule that changes points must call update_vp.
--
-- base.actions {player, actions}: `actions` is an array of entries {name, label, run}; the base
-- entries are named "build" (field piece), "buy_dev", "play" (field card), "maritime",
-- "domestic" and "end"; `run(p, entry)` performs the action. Handlers may append entries
-- (labels must stay unique) or remove base entries other than "end". When the event has no
-- handler the menu is built in reused arrays without entry tables (the fast path); both paths
-- offer the same labels in the same order.

local decide = game.decide
local is_over = game.is_over
local has_handlers = game.has_handlers
local total = game.total
local player_get = game.player_get
local count = game.count

ACTION_END = "end turn"
ACTION_BUY_DEV = "buy development card"
ACTION_MARITIME = "maritime trade"
ACTION_DOMESTIC = "offer a trade"
ACTION_ROLL = "roll"

-- PLAY_LABEL[card] = "play <card>".
PLAY_LABEL = {}
for _, d in ipairs(DEV_CARDS) do PLAY_LABEL[d] = "play " .. d end

-- Menu codes of the fast path.
local BUILD, BUY, PLAY, MARITIME, DOMESTIC, END = 1, 2, 3, 4, 5, 6

-- The label of building `piece`: "build <piece>".
function build_label(piece)
  return storage.build_labels[piece] or ("build " .. piece)
end

local function play_label(card)
  return PLAY_LABEL[card] or ("play " .. card)
end

-- Fills the reusable arrays menu.labels / codes / args with the base actions of p; returns
-- their number. Skips a rule's query when p's hand cannot pay for anything it offers (only
-- while base.can_pay has no handlers, since those may accept other payment). While base.can_pay
-- has no handlers the queries share one reading of p's hand (menu.hand: its cards, or its funds
-- while base.funds has handlers) and of the bank (menu.bank) and run in a query scope
-- (build.lua): they only read the state.
local function fill_menu(p, menu)
  local labels, codes, args = menu.labels, menu.codes, menu.args
  local n = 0
  local cards = total(p, "card")
  local plain_pay = storage.plain_pay
  local hand, bank = menu.hand, menu.bank
  if plain_pay then
    begin_query_scope()
    -- With fewer cards than storage.hand_min every query below that reads hand is skipped.
    if storage.funds_hooked then
      local f = funds_of(p)
      cards = 0
      for i = 1, #RESOURCES do
        local r = RESOURCES[i]
        hand[r] = f[r]
        bank[r] = nil
        cards = cards + f[r]
      end
    elseif cards >= storage.hand_min then
      for i = 1, #RESOURCES do
        local r = RESOURCES[i]
        hand[r] = count(p, r, "card")
        bank[r] = nil
      end
    end
  end
  if not plain_pay or cards >= storage.cheapest_piece then
    local pieces
    if plain_pay then pieces = buildable_from_hand(p, hand) else pieces = buildable(p) end
    for i = 1, #pieces do
      n = n + 1
      labels[n], codes[n], args[n] = build_label(pieces[i]), BUILD, pieces[i]
    end
  end
  local can_buy
  if plain_pay then
    can_buy = cards >= storage.dev_card_price and can_buy_dev_from_hand(hand)
  else
    can_buy = can_buy_dev(p)
  end
  if can_buy then
    n = n + 1
    labels[n], codes[n] = ACTION_BUY_DEV, BUY
  end
  local turn = storage.turn
  if not turn.dev_played and total(p, "dev") > 0 then
    -- playable_dev(p), without its array.
    local bought = turn.bought
    for i = 1, #DEV_CARDS do
      local kind = DEV_CARDS[i]
      if kind ~= "victory_point" and count(p, kind, "dev") > (bought[kind] or 0) then
        n = n + 1
        labels[n], codes[n], args[n] = play_label(kind), PLAY, kind
      end
    end
  end
  if cards > 0 or not plain_pay then -- (cards counts funds only on the plain path)
    local maritime
    if plain_pay then
      maritime = can_maritime_from_hand(p, hand, cards, bank)
    else
      maritime = can_maritime(p)
    end
    if maritime then
      n = n + 1
      labels[n], codes[n] = ACTION_MARITIME, MARITIME
    end
    if can_offer_trade(p) then
      n = n + 1
      labels[n], codes[n] = ACTION_DOMESTIC, DOMESTIC
    end
  end
  if plain_pay then end_query_scope() end
  n = n + 1
  labels[n], codes[n] = ACTION_END, END
  for i = n + 1, menu.n do labels[i], codes[i], args[i] = nil, nil, nil end
  menu.n = n
  return n
end

-- Runs the base action `code` (with `arg`, a piece or card kind) for p.
local function run_code(p, code, arg)
  if code == BUILD then
    build_action(p, arg)
  elseif code == BUY then
    buy_dev(p)
  elseif code == PLAY then
    play_dev(p, arg)
  elseif code == MARITIME then
    maritime_action(p)
  elseif code == DOMESTIC then
    domestic_action(p)
  end
end

local ENTRY_NAME = { "build", "buy_dev", "play", "maritime", "domestic", "end" }

local function run_entry(p, entry)
  run_code(p, entry.code, entry.piece or entry.card)
end

-- The main-phase menu of player p as a new array of entries {name, label, run, piece?, card?}:
-- the base actions only, before base.actions handlers add theirs.
function base_actions(p)
  local menu = { labels = {}, codes = {}, args = {}, n = 0, hand = {}, bank = {} }
  local n = fill_menu(p, menu)
  local entries = {}
  for i = 1, n do
    local code = menu.codes[i]
    local entry = { name = ENTRY_NAME[code], label = menu.labels[i], run = run_entry, code = code }
    if code == BUILD then
      entry.piece = menu.args[i]
    elseif code == PLAY then
      entry.card = menu.args[i]
    end
    entries[i] = entry
  end
  return entries
end

-- The labels of the legal main-phase actions of player p, in menu order (what "base.action"
-- offers), including entries added by base.actions handlers.
function action_labels(p)
  local entries = base_actions(p)
  if has_handlers("base.actions") then
    game.raise("base.actions", { player = p, actions = entries })
  end
  local labels = {}
  for i = 1, #entries do labels[i] = entries[i].label end
  return labels
end

-- Asks p for one main-phase action and runs it; returns false when p ended the turn.
local function main_action(p)
  if storage.actions_hooked then
    local entries = base_actions(p)
    game.raise("base.actions", { player = p, actions = entries })
    local labels = {}
    for i = 1, #entries do labels[i] = entries[i].label end
    local _, index = decide(p, "base.action", labels)
    local entry = entries[index]
    if game.verbose() then game.log("player " .. p .. ": " .. entry.label) end
    if entry.name == "end" then return false end
    entry.run(p, entry)
    return true
  end
  local menu = storage.menu
  fill_menu(p, menu)
  local _, index = decide(p, "base.action", menu.labels)
  local code = menu.codes[index]
  if game.verbose() then game.log("player " .. p .. ": " .. menu.labels[index]) end
  if code == END then return false end
  run_code(p, code, menu.args[index])
  return true
end

-- Before the roll: p may play one development card ("base.preroll"). Returns true when a card
-- was played.
local function preroll(p)
  if total(p, "dev") == 0 then return false end
  local cards = playable_dev(p)
  if #cards == 0 then return false end
  local labels = { ACTION_ROLL }
  for i = 1, #cards do labels[i + 1] = play_label(cards[i]) end
  local _, index = decide(p, "base.preroll", labels)
  if index == 1 then return false end
  if game.verbose() then game.log("player " .. p .. ": " .. labels[index]) end
  play_dev(p, cards[index - 1])
  return true
end

game.on("game.setup", function()
  storage.build_labels = {}
  for _, name in ipairs(storage.piece_names) do storage.build_labels[name] = "build " .. name end
  storage.menu = { labels = {}, codes = {}, args = {}, n = 0, hand = {}, bank = {} }
  -- Fewest resource cards any piece or a development card costs (menu shortcuts).
  local cheapest = math.huge
  for _, name in ipairs(storage.piece_names) do
    local sum = 0
    for _, n in pairs(storage.pieces[name].cost) do sum = sum + n end
    if sum < cheapest then cheapest = sum end
  end
  storage.cheapest_piece = cheapest
  local price = 0
  for _, n in pairs(DEV_CARD_COST) do price = price + n end
  storage.dev_card_price = price
  -- Fewest cards with which fill_menu's fast path reads the hand: building, buying a card or a
  -- maritime trade (at least HARBOR_SPECIAL_RATE cards) needs at least this many.
  storage.hand_min = math.min(cheapest, price, HARBOR_SPECIAL_RATE)
  -- Handlers are registered only while packs load, so these stay true or false all game.
  storage.plain_pay = not has_handlers("base.can_pay")
  storage.actions_hooked = has_handlers("base.actions")
  storage.turn_end_hooked = has_handlers("base.turn_end")
end, { priority = -80 })

-- check_win(p) once p's player prop vp reaches the target (update_vp keeps the prop current;
-- check mode verifies it between actions). Returns true when the game is over.
local function won(p)
  local vp = player_get(p, "vp")
  if vp and vp >= options.target_vp then check_win(p) end
  return is_over()
end

game.on("turn", function(e)
  local p = e.player
  storage.turn = new_turn_state(p)
  game.set_phase("roll")
  if won(p) then return end
  if preroll(p) and won(p) then return end

  local sum = roll_dice(p)
  if sum == 7 then seven(p) else produce(sum) end
  if won(p) then return end

  game.set_phase("main")
  while main_action(p) do
    if won(p) then return end
  end
  if storage.turn_end_hooked then game.raise("base.turn_end", { player = p }) end
end)
