-- A turn (the kernel's "turn" event): roll (dice.lua), build, show the sheet (view.lua). Players
-- take turns in seat order from seat 1. The sheets interact only through Longest Road and Largest
-- Army; the game ends in the middle of a turn when a build gives the mover the target
-- (scoring.lua), and the rest of that turn is not played.
--
-- While building, the player answers "dice.action" until choosing to end the turn. The menu lists,
-- in this order, the legal actions (option records; the text people see in quotes):
--   {id = "build:<id>", action = "build", structure}   "build <id>": every structure p can
--                                                       build now, in sheet order
--   {id = "trade:<r>", action = "trade", resource}     "trade gold for <r>": the five
--                                                       resources, while a gold trade is allowed
--   {id = "joker:<knight>:<from>:<to>", action = "joker", knight, from, to}
--                                                       "joker <knight> <from> to <to>": ready
--                                                       jokers in sheet order, each resource they
--                                                       give (RESOURCES order), each face p holds
--                                                       other than it (FACES order)
--   {id = "end", action = "end"}                       "end turn": always, last
-- A turn with nothing built costs nothing (Island Two scores victory points, not a track).

END_OPTION = { id = "end", action = "end" }

game.describe("dice.action", function(o)
  local action = o.action
  if action == "build" then return "build " .. o.structure end
  if action == "trade" then return "trade gold for " .. o.resource end
  if action == "joker" then return "joker " .. o.knight .. " " .. o.from .. " to " .. o.to end
  if action == "end" then return "end turn" end
  return nil
end)

-- Fills the reused array menu.options with p's legal actions; returns their number (exactly n
-- entries).
local function fill_menu(p, menu)
  local opts = menu.options
  local count = game.count
  local pool = pool_counts(p)
  local n = 0
  local open = open_now(p)
  for i = 1, #open do
    local s = open[i]
    if pool_pays(pool, s) then
      n = n + 1
      opts[n] = s.option
    end
  end
  if can_trade(p) then
    for i = 1, #RESOURCES do
      local r = RESOURCES[i]
      n = n + 1
      opts[n] = TRADE_OPTIONS[r]
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
            opts[n] = joker_option(s.id, from, to)
          end
        end
      end
    end
  end
  n = n + 1
  opts[n] = END_OPTION
  for i = n + 1, menu.n do opts[i] = nil end
  menu.n = n
  return n
end

-- The options of p's build menu now (a new array), for tests and people.
function action_options(p)
  local menu = { options = {}, n = 0 }
  fill_menu(p, menu)
  return menu.options
end

-- The building part of p's turn: actions until the player ends the turn.
function build_phase(p)
  storage.turn.phase = "build"
  local menu = storage.menu
  local decide = game.decide
  local by_id = storage.sheet.by_id
  while true do
    fill_menu(p, menu)
    local o = decide(p, "dice.action", menu.options)
    local action = o.action
    if action == "end" or game.is_over() then return end
    if action == "build" then
      build(p, by_id[o.structure])
    elseif action == "trade" then
      trade_gold(p, o.resource)
    else
      use_joker(p, o.knight, o.from, o.to)
    end
    if game.is_over() then return end
  end
end

-- A fresh turn record for p (storage.turn): phase "roll" or "build", rolls made, gold trades
-- made, points scored and ids built this turn, and open (see open_now in build.lua; whatever
-- changes p's built structures during a turn other than build() must reset it to nil).
function begin_turn(p)
  storage.turn = { player = p, phase = "roll", roll = 0, dice = 0, trades = 0, points = 0,
                   built = {}, open = nil }
end

game.on("game.setup", function()
  storage.menu = { options = {}, n = 0 }
  begin_turn(1)
end)

game.on("turn", function(e)
  local p = e.player
  begin_turn(p)
  roll_phase(p)
  build_phase(p)
  end_turn(p)
  show_sheet(p)
end)
