-- The turn of the base game (the kernel's "turn" event):
--   1. storage.turn = new_turn_state(p); a player who already has the winning points wins.
--      Then base.turn_start {player} is raised while it has handlers (a rule acting at the start
--      of each turn, before the roll: it may ask decisions, move cards, change points), and the
--      win check runs again.
--   2. Before the roll, a player holding a playable development card decides "base.preroll"
--      among "roll" and "play:<card>" (no decision when only "roll" is possible).
--   3. roll_dice(p): a 7 runs seven(p) (discards, robber, steal), any other total
--      produce_roll(p, total) (production, then base.produced).
--   4. The main phase: decision "base.action" among the legal actions, in this order (option
--      ids): "build:<piece>" for each piece of buildable(p), "buy_dev", "play:<card>" for each
--      kind of playable_dev(p) (one card per turn), "maritime", "domestic" (option
--      domestic_trade, fewer than domestic_offers trade rounds begun this turn, p holds a
--      card), "end", then any entries handlers of base.actions
--      appended. The chosen action runs (building and dev-card actions ask their own follow-up
--      decisions). The loop ends with "end" or when the game is over.
--   5. base.turn_end {player} is raised unless the game is over; the kernel passes the turn.
-- The win check (check_win) runs at the start of the turn, after a card played before the roll,
-- after the roll and after every action, whenever p's player prop vp has reached
-- options.target_vp: update_vp keeps that prop current, and check mode verifies it between
-- actions, so a rule that changes points must call update_vp.
--
-- The options are records (ACTION_OPTIONS): {id = "build:city", action = "build", piece =
-- "city"}, {id = "play:knight", action = "play", card = "knight"}, and {id = X, action = X} for
-- X = "buy_dev", "maritime", "domestic", "end" and (before the roll) "roll".
--
-- base.actions {player, actions}: `actions` is an array of entries, each an option record with a
-- function `run(p, entry)` that performs the action: the base entries are fresh copies of the
-- records above. Handlers may append entries (ids must stay unique; a describer for
-- "base.action" gives their text, game.describe) or remove base entries other than "end". When
-- the event has no handler the menu is built in reused arrays from the shared records (the fast
-- path); both paths offer the same ids in the same order.

local choose = game.choose
local is_over = game.is_over
local has_handlers = game.has_handlers
-- Hot code reads these as upvalues instead of globals (this game's storage: the chunk runs anew
-- for every game).
local storage = storage
local DEV_CARDS, HARBOR_SPECIAL_RATE = DEV_CARDS, HARBOR_SPECIAL_RATE
local spendable, can_pay, has_spot, spot_cache = spendable, can_pay, has_spot, spot_cache
local can_buy_dev, can_maritime, maritime_possible = can_buy_dev, can_maritime, maritime_possible
local extra_trade_cards = extra_trade_cards
local can_offer_trade, holds_playable, reset_turn_state = can_offer_trade, holds_playable, reset_turn_state
local roll_dice, seven, produce_roll, check_win = roll_dice, seven, produce_roll, check_win

-- The menu's option records (see the header), made once per game: ACTION_OPTIONS.build[piece]
-- (filled in game.setup, when the pieces are known), ACTION_OPTIONS.play[card], and
-- ACTION_OPTIONS[X] for the others.
ACTION_OPTIONS = { build = {}, play = {} }
for _, x in ipairs({ "buy_dev", "maritime", "domestic", "end", "roll" }) do
  ACTION_OPTIONS[x] = { id = x, action = x }
end
for _, d in ipairs(DEV_CARDS) do
  ACTION_OPTIONS.play[d] = { id = "play:" .. d, action = "play", card = d }
end
local BUILD_OPTIONS, PLAY_OPTIONS = ACTION_OPTIONS.build, ACTION_OPTIONS.play
local BUY_OPTION, MARITIME_OPTION = ACTION_OPTIONS.buy_dev, ACTION_OPTIONS.maritime
local DOMESTIC_OPTION, END_OPTION = ACTION_OPTIONS.domestic, ACTION_OPTIONS["end"]

-- Menu codes of the fast path.
local BUILD, BUY, PLAY, MARITIME, DOMESTIC, END = 1, 2, 3, 4, 5, 6

-- The menu's affordability check, made in game.setup from the piece catalogue: a function, so it
-- is kept here rather than in storage, which holds plain data (forks check it). Entry scripts
-- run again for every game, so this is per game; it derives from the catalogue, never changes
-- during the game, and holds no game state.
local affordability

-- Fills the reusable arrays menu.options / codes / args with the base actions of p; returns
-- their number. While base.can_pay has no handlers every query reads what p can spend once
-- (spendable: its card view, or its funds while base.funds has handlers) and skips the pieces
-- and cards p cannot pay for; otherwise payment goes through can_pay.
local function fill_menu(p, menu)
  local opts, codes, args = menu.options, menu.codes, menu.args
  local n = 0
  local hand, cards
  if storage.plain_pay then
    hand = spendable(p)
    cards = hand.brick + hand.lumber + hand.wool + hand.grain + hand.ore
  end
  local can_buy
  if hand == nil then
    local names, pieces, supply = storage.piece_names, storage.pieces, storage.supply[p]
    for i = 1, #names do
      local name = names[i]
      if supply[name] > 0 and can_pay(p, name, pieces[name].cost) and has_spot(p, name) then
        n = n + 1
        opts[n], codes[n], args[n] = BUILD_OPTIONS[name], BUILD, name
      end
    end
    can_buy = can_buy_dev(p)
  elseif cards >= storage.cheapest_item then
    -- ok[i]: p can pay for menu_items[i] (the pieces in piece_names order, then a card).
    local ok, names, supply = menu.ok, storage.piece_names, storage.supply[p]
    affordability(hand, ok)
    local spots = nil
    for i = 1, #names do
      if ok[i] then
        local name = names[i]
        if supply[name] > 0 then
          spots = spots or spot_cache(p)
          local known = spots[name]
          if known == nil then known = has_spot(p, name) end
          if known then
            n = n + 1
            opts[n], codes[n], args[n] = BUILD_OPTIONS[name], BUILD, name
          end
        end
      end
    end
    can_buy = ok[#names + 1] and game.deck_count("dev") > 0
  end
  if can_buy then
    n = n + 1
    opts[n], codes[n] = BUY_OPTION, BUY
  end
  local turn = storage.turn
  if not turn.dev_played then
    -- playable_dev(p), without its array.
    local devs = storage.devs[p]
    if devs.knight + devs.road_building + devs.year_of_plenty + devs.monopoly > 0 then
      local bought = turn.bought
      for i = 1, #DEV_CARDS do
        local kind = DEV_CARDS[i]
        if kind ~= "victory_point" and devs[kind] > (bought[kind] or 0) then
          n = n + 1
          opts[n], codes[n], args[n] = PLAY_OPTIONS[kind], PLAY, kind
        end
      end
    end
  end
  -- Cards of the extra trade kinds (base.trade_kinds) trade like resources.
  local traded = cards and cards + extra_trade_cards(p)
  if hand == nil or traded > 0 then
    if hand == nil and can_maritime(p) or hand and traded >= HARBOR_SPECIAL_RATE
        and maritime_possible(p, hand) then
      n = n + 1
      opts[n], codes[n] = MARITIME_OPTION, MARITIME
    end
    if storage.domestic_trade and turn.offers < storage.domestic_offers
        and (hand or can_offer_trade(p)) then -- hand: traded > 0 here
      n = n + 1
      opts[n], codes[n] = DOMESTIC_OPTION, DOMESTIC
    end
  end
  n = n + 1
  opts[n], codes[n] = END_OPTION, END
  for i = n + 1, menu.n do opts[i], codes[i], args[i] = nil, nil, nil end
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

local function run_entry(p, entry)
  run_code(p, entry.code, entry.piece or entry.card)
end

-- The main-phase menu of player p as a new array of entries (copies of the option records with
-- `run` and the menu code): the base actions only, before base.actions handlers add theirs.
function base_actions(p)
  local menu = { options = {}, codes = {}, args = {}, n = 0, ok = {} }
  local n = fill_menu(p, menu)
  local entries = {}
  for i = 1, n do
    local o = menu.options[i]
    entries[i] = { id = o.id, action = o.action, piece = o.piece, card = o.card, run = run_entry,
                   code = menu.codes[i] }
  end
  return entries
end

-- The options of the legal main-phase actions of player p, in menu order (what "base.action"
-- offers), including entries added by base.actions handlers: a new array.
function action_options(p)
  local entries = base_actions(p)
  if has_handlers("base.actions") then
    game.raise("base.actions", { player = p, actions = entries })
  end
  return entries
end

-- Asks p for one main-phase action and runs it; returns false when p ended the turn.
local function main_action(p)
  if storage.actions_hooked then
    local entries = base_actions(p)
    game.raise("base.actions", { player = p, actions = entries })
    local index = choose(p, "base.action", entries)
    local entry = entries[index]
    if storage.verbose then
      game.log("player " .. p .. ": " .. game.label("base.action", entry))
    end
    if entry.action == "end" then return false end
    entry.run(p, entry)
    return true
  end
  local menu = storage.menu
  fill_menu(p, menu)
  local index = choose(p, "base.action", menu.options)
  local code = menu.codes[index]
  if storage.verbose then
    game.log("player " .. p .. ": " .. game.label("base.action", menu.options[index]))
  end
  if code == END then return false end
  run_code(p, code, menu.args[index])
  return true
end

-- Before the roll: p may play one development card ("base.preroll"). Returns true when a card
-- was played.
local function preroll(p)
  local devs = storage.devs[p]
  if devs.knight + devs.road_building + devs.year_of_plenty + devs.monopoly == 0
      or storage.turn.dev_played or not holds_playable(p) then
    return false
  end
  local cards = playable_dev(p)
  if #cards == 0 then return false end
  local opts = { ACTION_OPTIONS.roll }
  for i = 1, #cards do opts[i + 1] = PLAY_OPTIONS[cards[i]] end
  local index = choose(p, "base.preroll", opts)
  if index == 1 then return false end
  if storage.verbose then
    game.log("player " .. p .. ": " .. game.label("base.preroll", opts[index]))
  end
  play_dev(p, cards[index - 1])
  return true
end

game.on("game.setup", function()
  for _, name in ipairs(storage.piece_names) do
    BUILD_OPTIONS[name] = { id = "build:" .. name, action = "build", piece = name }
  end
  storage.menu = { options = {}, codes = {}, args = {}, n = 0, ok = {} }
  -- The menu's affordability check: the pieces in piece_names order, then a development card;
  -- and the fewest resources any of them costs (below that the check is skipped).
  local costs = {}
  for i, name in ipairs(storage.piece_names) do costs[i] = storage.pieces[name].cost end
  costs[#costs + 1] = DEV_CARD_COST
  affordability = affordability_checker(costs)
  local cheapest = math.huge
  for _, cost in ipairs(costs) do
    local sum = 0
    for _, n in pairs(cost) do sum = sum + n end
    if sum < cheapest then cheapest = sum end
  end
  storage.cheapest_item = cheapest
  -- Handlers are registered only while packs load, so these stay true or false all game.
  storage.plain_pay = not has_handlers("base.can_pay")
  storage.actions_hooked = has_handlers("base.actions")
  storage.turn_start_hooked = has_handlers("base.turn_start")
  storage.turn_end_hooked = has_handlers("base.turn_end")
  storage.rolled_hooked = has_handlers("base.rolled")
  storage.target_vp = options.target_vp
end, { priority = -80 })

-- check_win(p) once p's shown points (player prop vp, kept current by update_vp; check mode
-- verifies it between actions) and hidden victory point cards reach the target. Returns true
-- when the game is over.
local function won(p)
  local vp = storage.vp[p]
  if vp and vp + storage.devs[p].victory_point >= storage.target_vp then check_win(p) end
  return storage.turn_view.over
end

-- p rolls (roll_dice) and the roll is resolved: a 7 (seven) or production (produce_roll); then
-- base.rolled {player, total, extra} while that event has handlers. `extra` is false for the
-- turn's own roll and true for one a rule adds (library.lua's roll). Returns the total.
function resolve_roll(p, extra)
  local sum = roll_dice(p)
  if sum == 7 then seven(p) else produce_roll(p, sum) end
  if storage.rolled_hooked then
    game.raise("base.rolled", { player = p, total = sum, extra = extra })
  end
  return sum
end

game.on("turn", function(e)
  local p = e.player
  reset_turn_state(storage.turn, p)
  game.set_phase("roll")
  if won(p) then return end
  if storage.turn_start_hooked then
    game.raise("base.turn_start", { player = p })
    if won(p) then return end
  end
  if preroll(p) and won(p) then return end

  resolve_roll(p, false)
  if won(p) then return end

  game.set_phase("main")
  while main_action(p) do
    if won(p) then return end
  end
  if storage.turn_end_hooked then game.raise("base.turn_end", { player = p }) end
end)
