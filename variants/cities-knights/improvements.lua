-- City improvements (facts 78-86) and the abilities of this slice.
--
-- State: player props trade_level, politics_level, science_level (0 to options.max_level).
-- Building level L of a track costs L commodities of its track (trade: cloth, politics: coin,
-- science: paper; facts 78, 79), one level at a time, and needs a city (a metropolis is one;
-- fact 80; a fallen city is none); level options.metropolis_level (4) needs a city that is not a
-- metropolis (fact 81).
-- Improvements are kept when the cities are lost (fact 82: nothing here takes them away).
-- The Crane (P2, cards_science.lua) sets storage.crane[p] = the turn it was played: p's next
-- improvement that turn costs 1 commodity less (improve_cost), and uses the Crane up.
-- Menu entries (base.actions), after the base ones:
--   {id = "improve:<track>", action = "improve", track, level (the level built), commodity,
--    cost}: pays and raises the level; reaching the metropolis levels runs metropolis.lua.
--   {id = "trading_house", action = "trading_house"} (trade level >= options.ability_level, a
--    commodity held options.trade_rate times; fact 83): decision "ck.trade_give" among the
--    commodities held that many times ({id = c, resource = c}), then "ck.trade_get" among the
--    other cards the bank holds (resources, then commodities); pays trade_rate cards for 1.
-- Abilities of level options.ability_level (3), kept at the higher levels (fact 86):
--   Trading House  the menu entry above.
--   Fortress       politics_level >= 3 is recorded; knights (a later slice) read it (fact 84).
--   Aqueduct       after a production roll (base.produced, never on a 7) each player with
--                  science_level >= 3 whom the roll paid no card takes 1 resource of their
--                  choice from the bank (decision "ck.aqueduct" among the resources the bank
--                  holds, {id = r, resource = r}), in seat order from the roller (fact 85).

-- The nodes of p's cities (ascending; a fallen city, barbarians.lua, is none), and those
-- without a metropolis. Kept in storage.city_lists while the board is unchanged
-- (board.version()): callers read the arrays, never change them.
local function city_lists(p)
  local cache = storage.city_lists
  local version = board.version()
  if cache == nil or cache.version ~= version then
    cache = { version = version }
    storage.city_lists = cache
  end
  local lists = cache[p]
  if lists then return lists end
  local all, plain = {}, {}
  local building, owner = storage.building, storage.owner -- live node views (game.lua)
  for n = 1, board.nodes() do
    if building[n] == "city" and owner[n] == p and not board.node_get(n, "fallen") then
      all[#all + 1] = n
      if board.node_get(n, "metropolis") == nil then plain[#plain + 1] = n end
    end
  end
  lists = { all = all, plain = plain }
  cache[p] = lists
  return lists
end

function cities_of(p) return city_lists(p).all end

function plain_cities_of(p) return city_lists(p).plain end

-- Whether p may build the next level of `track` now: below the top level, a city (one without
-- a metropolis for the metropolis level) and the commodities to pay.
function can_improve(p, track, crane)
  local next_level = level_of(p, track) + 1
  if next_level > options.max_level then return false end
  local cost = improve_cost(p, track) - (crane and 1 or 0)
  if game.count(p, TRACK_COMMODITY[track], "card") < cost then return false end
  if next_level == options.metropolis_level then return #plain_cities_of(p) > 0 end
  return (game.player_get(p, "cities") or 0) > 0 and #cities_of(p) > 0
end

-- The commodities p pays for the next level of `track` now (a Crane played this turn: 1 less).
function improve_cost(p, track)
  local cost = level_of(p, track) + 1
  if storage.crane[p] == game.turn() then cost = cost - 1 end
  return cost
end

-- p builds the next level of `track`: pays it, raises the level, then the metropolis rules.
-- Error when can_improve(p, track) is false.
function improve(p, track)
  if not can_improve(p, track) then
    error(string.format("player %d cannot improve %s now", p, track), 2)
  end
  local new_level = level_of(p, track) + 1
  local cost = improve_cost(p, track)
  if cost > 0 then game.move(p, "bank", TRACK_COMMODITY[track], cost, "card") end
  storage.crane[p] = nil
  game.player_set(p, LEVEL_PROP[track], new_level)
  storage.improvements = storage.improvements + 1
  if game.verbose() then
    game.log(string.format("player %d builds %s level %d", p, track, new_level))
  end
  metropolis_check(p, track, new_level)
end

-- Whether p may use the Trading House now.
local function trading_house_open(p)
  if level_of(p, "trade") < options.ability_level then return false end
  for _, c in ipairs(COMMODITIES) do
    if game.count(p, c, "card") >= options.trade_rate then return true end
  end
  return false
end

-- The Trading House: options.trade_rate cards of one commodity for one card from the bank.
function trading_house(p)
  local gives = {}
  for _, c in ipairs(COMMODITIES) do
    if game.count(p, c, "card") >= options.trade_rate then gives[#gives + 1] = KIND_OPTIONS[c] end
  end
  local give = game.decide(p, "ck.trade_give", gives).resource
  local gets = {}
  for _, k in ipairs(CARD_KINDS) do
    if k ~= give and game.count("bank", k, "card") > 0 then gets[#gets + 1] = KIND_OPTIONS[k] end
  end
  if #gets == 0 then return end
  local get = game.decide(p, "ck.trade_get", gets).resource
  game.move(p, "bank", give, options.trade_rate, "card")
  game.move("bank", p, get, 1, "card")
  storage.trading_house = storage.trading_house + 1
end

local function run_improve(p, entry) improve(p, entry.track) end
local function run_trading_house(p) trading_house(p) end

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  for _, track in ipairs(TRACKS) do
    if can_improve(p, track) then
      local next_level = level_of(p, track) + 1
      actions[#actions + 1] = { id = "improve:" .. track, action = "improve", track = track,
                                level = next_level, commodity = TRACK_COMMODITY[track],
                                cost = improve_cost(p, track), run = run_improve }
    end
  end
  if trading_house_open(p) then
    actions[#actions + 1] = { id = "trading_house", action = "trading_house",
                              run = run_trading_house }
  end
end)

-- The Aqueduct (see the header).
game.on("base.produced", function(e)
  local players = game.players()
  for i = 0, players - 1 do
    local q = (e.player - 1 + i) % players + 1
    if e.received[q] == 0 and level_of(q, "science") >= options.ability_level then
      local opts = {}
      for _, r in ipairs(RESOURCES) do
        if game.count("bank", r, "card") > 0 then opts[#opts + 1] = KIND_OPTIONS[r] end
      end
      if #opts > 0 then
        local r = game.decide(q, "ck.aqueduct", opts).resource
        game.move("bank", q, r, 1, "card")
        storage.aqueduct = storage.aqueduct + 1
      end
    end
  end
end)

game.describe("base.action", function(o)
  if o.action == "improve" then
    return string.format("improve %s to level %d (%d %s)", o.track, o.level, o.cost, o.commodity)
  elseif o.action == "trading_house" then
    return string.format("Trading House: %d of a commodity for 1 card", options.trade_rate)
  end
end)

game.on("game.setup", function()
  storage.improvements, storage.trading_house, storage.aqueduct = 0, 0, 0
  storage.crane = {}
end)
