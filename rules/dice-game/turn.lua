-- A turn (the kernel's "turn" event): roll (dice.lua), build, score (scoring.lua), show the sheet
-- (view.lua), and end the game after everybody's last turn. Players take turns in seat order
-- from seat 1; the sheets never interact, so the order only matters for the log.
--
-- While building, the player answers "dice.action" until choosing "end turn". The menu lists,
-- in this order, the legal actions:
--   "build <id>"                     every structure p can build now, in sheet order
--   "trade gold for <resource>"      the five resources, while a gold trade is allowed
--   "joker <knight> <from> to <to>"  ready jokers in sheet order, each resource they give
--                                    (RESOURCES order), each face p holds other than it (FACES
--                                    order)
--   "end turn"                       always, last
-- Ending the turn with nothing built scores the empty-turn penalty.

ACTION_END = "end turn"

-- The kinds of menu entries: storage.menu.codes[i] says which one option i is; a[i], b[i] and
-- c[i] hold its arguments (BUILD: the sheet entry; TRADE: the resource; JOKER: knight id, from,
-- to). Agents of this pack read them instead of parsing labels.
ACTION_CODES = { BUILD = 1, TRADE = 2, JOKER = 3, END = 4 }
local BUILD, TRADE, JOKER, END = 1, 2, 3, 4

-- Fills the reused menu arrays (labels, codes, a, b, c) with p's legal actions; returns their
-- number. The labels array is the decision's options: exactly n entries.
local function fill_menu(p, menu)
  local labels, codes, a, b, c = menu.labels, menu.codes, menu.a, menu.b, menu.c
  local count = game.count
  local pool = pool_counts(p)
  local n = 0
  local open = open_now(p)
  for i = 1, #open do
    local s = open[i]
    if pool_pays(pool, s) then
      n = n + 1
      labels[n], codes[n], a[n] = s.label, BUILD, s
    end
  end
  if can_trade(p) then
    for i = 1, #RESOURCES do
      local r = RESOURCES[i]
      n = n + 1
      labels[n], codes[n], a[n] = TRADE_LABEL[r], TRADE, r
    end
  end
  local knights = storage.sheet.knights
  for i = 1, #knights do
    local s = knights[i]
    if count(p, s.id, BUILT) > 0 and count(p, s.id, USED) == 0 then
      local targets = joker_targets(s)
      for t = 1, #targets do
        local to = targets[t]
        for f = 1, #FACES do
          local from = FACES[f]
          if from ~= to and pool[f] > 0 then
            n = n + 1
            labels[n], codes[n], a[n], b[n], c[n] = joker_label(s.id, from, to), JOKER, s.id, from, to
          end
        end
      end
    end
  end
  n = n + 1
  labels[n], codes[n] = ACTION_END, END
  for i = n + 1, menu.n do labels[i], a[i], b[i], c[i] = nil, nil, nil, nil end
  menu.n = n
  return n
end

-- The labels of p's build menu now (a copy), for tests and people.
function action_labels(p)
  local menu = { labels = {}, codes = {}, a = {}, b = {}, c = {}, n = 0 }
  fill_menu(p, menu)
  return menu.labels
end

-- The building part of p's turn: actions until "end turn".
function build_phase(p)
  storage.turn.phase = "build"
  local menu = storage.menu
  local decide = game.decide
  while true do
    fill_menu(p, menu)
    local _, i = decide(p, "dice.action", menu.labels)
    local code = menu.codes[i]
    if code == END then return end
    if code == BUILD then
      build(p, menu.a[i])
    elseif code == TRADE then
      trade_gold(p, menu.a[i])
    else
      use_joker(p, menu.a[i], menu.b[i], menu.c[i])
    end
  end
end

-- A fresh turn record for p (storage.turn): phase "roll" or "build", rolls made, gold trades
-- made, points scored and ids built this turn, and open (see open_now in build.lua; whatever
-- changes p's built structures during a turn other than build() must reset it to nil).
function begin_turn(p)
  storage.turn = { player = p, phase = "roll", roll = 0, trades = 0, points = 0, built = {},
                   open = nil }
end

game.on("game.setup", function()
  storage.menu = { labels = {}, codes = {}, a = {}, b = {}, c = {}, n = 0 }
  begin_turn(1)
end)

game.on("turn", function(e)
  local p = e.player
  begin_turn(p)
  roll_phase(p)
  build_phase(p)
  end_turn(p)
  show_sheet(p)
  check_end()
end)
