-- The two sheet islands' knights' jokers, building and turn (rules/dice-game and
-- rules/dice-game-island-two, whose sheet.lua lists the entries of its sheet, scoring.lua defines
-- end_turn, and view.lua show_sheet):
--
--   require("dice-kit").sheet(_ENV, name)
--   require("dice-kit").sheet_jokers(_ENV)
--   require("dice-kit").sheet_build(_ENV, awards)
--
-- The sheet: at game setup the entries of the pack's global `name` (a list of {id, type, points,
-- road, after, resource}) and COSTS (core.lua) go through the dice.sheet event, are checked and
-- become storage.sheet (freeze_sheet below); is_built, prerequisites_met, open_structures and
-- joker_ready read it.
--
-- Knight jokers: each built knight may, once per game, turn one of the player's dice into the
-- knight's resource (a knight whose entry's resource is "any": any resource). A knight's joker is
-- usable from the moment it is built, so a knight built this turn may pay for later builds of the
-- same turn. Jokers are used while building, after the rolling, and may be combined with gold
-- trades. Offered in the build menu (turn.lua) as options {id = "joker:<knight>:<from>:<to>",
-- action = "joker", knight, from, to} (text "joker K1 gold to ore"), one for each ready joker,
-- each resource it can give and each face p holds other than that resource.
--
-- Building: a structure can be built when it is not built yet, its road and its predecessor on
-- the sheet are built (sheet.lua) and the player's dice pay its cost. Any number of structures
-- may be built in one turn, in any order the prerequisites allow (a road, then the settlement on
-- it). Every structure scores its points once, in the turn it is built; with `awards` true
-- (Island Two) every build is followed by update_awards(p) (scoring.lua), which brings the
-- awards and scores up to date and may end the game.
--
--   require("dice-kit").sheet_turn(_ENV, victory)
--
-- A turn (the kernel's "turn" event): roll (dice.lua), build, score (scoring.lua: end_turn), show
-- the sheet (view.lua: show_sheet). Players take turns in seat order from seat 1. With `victory`
-- false (Island One) the game ends after everybody's last turn (check_end, scoring.lua) and the
-- turn record has no `dice`; with it true (Island Two) the game ends in the middle of a turn when
-- a build gives the mover the target, and the rest of that turn is not played.
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

local M = {}

function M.sheet(_ENV, name)
  -- Checks a sheet and turns it into storage.sheet. The entries themselves are completed in place
  -- (the tables of the pack's sheet are made afresh for every game, like every table an entry
  -- script builds, so nothing needs copying):
  --   list    the entries in sheet order, each with: id, type, points, road, after, resource,
  --           index (position in list), cost ({resource = n}), need (the cost as a flat array
  --           {face index, n, face index, n, ...}), dice (dice it costs), option (its option in
  --           the build menu: {id = "build:<id>", action = "build", structure = id}); entries of
  --           one type share their cost and need tables
  --   by_id   id -> entry
  --   knights the entries with a joker (a resource), in sheet order
  --   costs   type -> {resource = n}
  local function freeze_sheet(structures, costs)
    local function check(ok, ...)
      if not ok then error("dice.sheet: " .. table.concat({ ... }), 0) end
    end
    -- Per type: the cost without zeroes, as a flat array, and its dice.
    local cost_of, need_of, dice_of = {}, {}, {}
    for t, c in pairs(costs) do
      local cost, need, n = {}, {}, 0
      for j = 1, #RESOURCES do
        local r = RESOURCES[j]
        local k = c[r] or 0
        check(math.type(k) == "integer" and k >= 0, "the cost of ", t, " in ", r, " must be a count")
        if k > 0 then
          cost[r] = k
          need[#need + 1] = j
          need[#need + 1] = k
        end
        n = n + k
      end
      cost_of[t], need_of[t], dice_of[t] = cost, need, n
    end
    local by_id = {}
    for i = 1, #structures do
      local s = structures[i]
      local id = s.id
      check(type(id) == "string" and id ~= "start" and FACE_INDEX[id] == nil,
        "entry ", i, " needs an id other than 'start' and the die faces")
      check(by_id[id] == nil, "two entries are called ", id)
      check(cost_of[s.type] ~= nil, id, " has a type without a cost")
      check(math.type(s.points) == "integer", id, " needs integer points")
      by_id[id] = s
    end
    local knights = {}
    for i = 1, #structures do
      local s = structures[i]
      local road, after, resource = s.road, s.after, s.resource
      if road ~= nil and road ~= "start" then
        local r = by_id[road]
        check(r ~= nil and r.type == "road", s.id, " needs a road that is not on the sheet")
      end
      check(after == nil or by_id[after] ~= nil, s.id, " comes after an entry not on the sheet")
      if resource ~= nil then
        check(resource == "any" or FACE_INDEX[resource] ~= nil, s.id,
          " has a joker resource that is no face")
        knights[#knights + 1] = s
      end
      local t = s.type
      s.index, s.cost, s.need, s.dice = i, cost_of[t], need_of[t], dice_of[t]
      s.option = { id = "build:" .. s.id, action = "build", structure = s.id }
    end
    return { list = structures, by_id = by_id, knights = knights, costs = costs }
  end

  game.on("game.setup", function()
    game.raise("dice.sheet", { structures = _ENV[name], costs = COSTS }, function(e)
      storage.sheet = freeze_sheet(e.structures, e.costs)
    end)
    assert(storage.sheet, "dice.sheet: a handler replaced the default action but built no sheet")
    for _, s in ipairs(storage.sheet.list) do game.add_kind(s.id) end
  end)

  -- Whether p has built the structure `id` ("start" is always built).
  function is_built(p, id)
    return id == "start" or game.count(p, id, BUILT) > 0
  end

  -- Whether the prerequisites of entry `s` are met for p: its road and its predecessor are built.
  -- Says nothing about s itself or its cost.
  function prerequisites_met(p, s)
    local count = game.count
    local road, after = s.road, s.after
    if road ~= nil and road ~= "start" and count(p, road, BUILT) == 0 then return false end
    if after ~= nil and count(p, after, BUILT) == 0 then return false end
    return true
  end

  -- Entries p may build next (not built, prerequisites met), in sheet order, ignoring the cost.
  function open_structures(p)
    local count = game.count
    local open = {}
    for _, s in ipairs(storage.sheet.list) do
      if count(p, s.id, BUILT) == 0 and prerequisites_met(p, s) then open[#open + 1] = s end
    end
    return open
  end

  -- Whether p's unused joker of knight `id` may be used: the knight is built, its joker unused.
  function joker_ready(p, id)
    return game.count(p, id, BUILT) > 0 and game.count(p, id, USED) == 0
  end
end

function M.sheet_jokers(_ENV)
  -- The option of using knight `id`'s joker to turn a `from` die into `to`, made once per game
  -- (storage.joker_options[id][from][to]; read only).
  function joker_option(id, from, to)
    local options = storage.joker_options
    local by_from = options[id]
    if by_from == nil then
      by_from = {}
      options[id] = by_from
    end
    local by_to = by_from[from]
    if by_to == nil then
      by_to = {}
      by_from[from] = by_to
    end
    local option = by_to[to]
    if option == nil then
      option = { id = "joker:" .. id .. ":" .. from .. ":" .. to, action = "joker", knight = id,
                 from = from, to = to }
      by_to[to] = option
    end
    return option
  end

  -- The resources knight entry s's joker can give.
  function joker_targets(s)
    if s.resource == "any" then return RESOURCES end
    return { s.resource }
  end

  -- p uses the joker of knight `id` to turn one die showing `from` into `to`, through dice.joker.
  function use_joker(p, id, from, to)
    if not joker_ready(p, id) then
      error("use_joker: the joker of " .. tostring(id) .. " is not ready", 2)
    end
    local e = { player = p, knight = id, from = from, to = to }
    local result = game.raise("dice.joker", e, function(j)
      game.remove(j.player, j.from, 1, DIE)
      game.add(j.player, j.to, 1, DIE)
      game.add(j.player, j.knight, 1, USED)
    end)
    if result ~= "vetoed" then
      game.player_set(p, "jokers", (game.player_get(p, "jokers") or 0) + 1)
      game.log(string.format("player %d uses the joker of %s: %s to %s", p, id, from, to))
    end
  end

  game.on("game.setup", function()
    storage.joker_options = {}
  end)
end

function M.sheet_build(_ENV, awards)
  -- The player property counting built structures of each type.
  TYPE_PROP = { road = "roads", settlement = "settlements", city = "cities", knight = "knights" }

  -- Whether pool n (FACES-ordered counts) pays for entry s.
  function pool_pays(n, s)
    local need = s.need
    for i = 1, #need, 2 do
      if n[need[i]] < need[i + 1] then return false end
    end
    return true
  end

  -- Whether p's dice pay for entry s.
  function can_pay(p, s)
    return pool_pays(pool_counts(p), s)
  end

  -- Whether p may build entry s now.
  function can_build(p, s)
    return not is_built(p, s.id) and prerequisites_met(p, s) and can_pay(p, s)
  end

  -- The entries p may build next this turn, ignoring the cost (open_structures, kept in
  -- storage.turn.open until p builds something).
  function open_now(p)
    local turn = storage.turn
    local open = turn.open
    if open == nil then
      open = open_structures(p)
      turn.open = open
    end
    return open
  end

  -- The entries p can build now, in sheet order.
  function buildable(p)
    local n = pool_counts(p)
    local list = {}
    for _, s in ipairs(open_now(p)) do
      if pool_pays(n, s) then list[#list + 1] = s end
    end
    return list
  end

  -- p builds entry s (which must be buildable) through dice.build.
  function build(p, s)
    if not can_build(p, s) then error("build: player " .. p .. " cannot build " .. s.id .. " now", 2) end
    local e = { player = p, structure = s.id, type = s.type, points = s.points }
    local result = game.raise("dice.build", e, function(b)
      local remove = game.remove
      for _, r in ipairs(RESOURCES) do
        local k = s.cost[r]
        if k then remove(b.player, r, k, DIE) end
      end
      game.add(b.player, s.id, 1, BUILT)
      local turn = storage.turn
      turn.open = nil
      turn.points = turn.points + b.points
      turn.built[#turn.built + 1] = s.id
      local prop = TYPE_PROP[s.type]
      if prop then game.player_set(b.player, prop, (game.player_get(b.player, prop) or 0) + 1) end
    end)
    if result ~= "vetoed" then
      game.log(string.format("player %d builds %s (%d points)", p, s.id, e.points))
      if awards then update_awards(p) end
    end
  end
end

function M.sheet_turn(_ENV, victory)
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
      if action == "end" or (victory and game.is_over()) then return end
      if action == "build" then
        build(p, by_id[o.structure])
      elseif action == "trade" then
        trade_gold(p, o.resource)
      else
        use_joker(p, o.knight, o.from, o.to)
      end
      if victory and game.is_over() then return end
    end
  end

  -- A fresh turn record for p (storage.turn): phase "roll" or "build", rolls made, gold trades
  -- made, points scored and ids built this turn, and open (see open_now in build.lua; whatever
  -- changes p's built structures during a turn other than build() must reset it to nil).
  function begin_turn(p)
    if victory then
      storage.turn = { player = p, phase = "roll", roll = 0, dice = 0, trades = 0, points = 0,
                       built = {}, open = nil }
    else
      storage.turn = { player = p, phase = "roll", roll = 0, trades = 0, points = 0, built = {},
                       open = nil }
    end
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
    if not victory then check_end() end
  end)
end

return M
