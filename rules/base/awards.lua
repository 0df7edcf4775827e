-- Awards: cards worth points that move between players, Longest Road and Largest Army and any
-- a pack declares through base.awards.
--
-- Road length: the longest trail of a player's roads (a walk using each road at most once; it
-- may pass a node several times). A node holding an opponent's building breaks the road: a trail
-- may end there but not pass through. Computed by the kernel (board.longest_trail).
--
-- Longest Road (game prop longest_road = seat, absent while nobody holds it): the holder keeps it
-- as long as nobody is strictly longer. Otherwise, when one player alone has the longest road and
-- it is at least LONGEST_ROAD_MIN, that player takes it; when several tie for longest or nobody
-- reaches the minimum (after the holder's road was broken), the card is set aside.
-- Largest Army (game prop largest_army): the same with played knights and LARGEST_ARMY_MIN; knights
-- never go away, so it moves only to a player with strictly more.
-- Player props: road_length, knights_played, longest_road / largest_army (true while held).
-- Road lengths are cached in storage.road_len and recomputed only for the seats update_awards
-- is told about (all seats when called without arguments).
--
-- The general mechanism: base.awards {awards} (once, late in game.setup) lists every award as
-- {prop, count, min, points}: game prop `prop` holds the holder's seat and player prop `prop`
-- is true while held; player prop `count` is the number compared (road_length, knights_played,
-- or one the declaring pack keeps); `min` the least count that takes the card; `points` what it
-- is worth. Every award moves by the rule above. Handlers append awards, or change or remove the
-- two of base (storage.awards: the list; storage.award_of[prop]: the entry of prop).

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3

-- Length (in roads) of p's longest road: the paths whose `road` prop is p, broken at nodes whose
-- owner prop is another seat (computed by the kernel's longest-trail search).
function road_length(p)
  return board.longest_trail("road", p, "owner")
end

-- Gives the card `prop` by the rule above: values[q] per seat, minimum `min`. Returns the old
-- and new holder (nil = nobody). The result depends only on the holder and the values, and
-- giving it again with both unchanged changes nothing: storage.awarded[prop] records the holder
-- it left (false: nobody), so update_awards can skip a card whose values did not change.
local function award(prop, values, min)
  local holder = storage.props[prop]
  local top, count, who = -1, 0, nil
  for q = 1, #values do
    local v = values[q]
    if v > top then
      top, count, who = v, 1, q
    elseif v == top then
      count = count + 1
    end
  end
  local new
  if holder ~= nil and values[holder] == top and top >= min then
    new = holder
  elseif count == 1 and top >= min then
    new = who
  else
    new = nil
  end
  if new ~= holder then
    game.set(prop, new)
    if holder ~= nil then game.player_set(holder, prop, false) end
    if new ~= nil then game.player_set(new, prop, true) end
  end
  subtable(storage, "awarded")[prop] = new or false
  return holder, new
end

-- True when award(prop, ...) may change something: the values changed (`changed`) or the holder
-- is not the one the last award left.
local function award_due(prop, changed)
  local awarded = storage.awarded
  return changed or awarded == nil or awarded[prop] ~= (storage.props[prop] or false)
end

-- award(prop, values, min) unless award_due says nothing changed, then the points of the seats
-- that lost or gained the card.
local function award_and_count(prop, values, min, changed)
  if not award_due(prop, changed) then return end
  local old, new = award(prop, values, min)
  if old ~= new then
    if old then update_vp(old) end
    if new then update_vp(new) end
  end
end

-- Recomputes the road lengths of the seats in `seats` (optional array; all seats when nil:
-- call it so after changing roads or buildings by hand), the played knights of every seat, then
-- every award, and the points (update_vp) of any seat that gained or lost a card. The awards a
-- pack declares are given anew on every call, from their count props.
function update_awards(seats)
  local players = storage.players
  local len = storage.road_len
  if len == nil then
    len = {}
    for q = 1, players do len[q] = 0 end
    storage.road_len = len
    seats = nil
  end
  local changed = seats == nil
  if seats == nil then
    for q = 1, players do
      len[q] = road_length(q)
      game.player_set(q, "road_length", len[q])
    end
  else
    for i = 1, #seats do
      local q = seats[i]
      local l = road_length(q)
      if l ~= len[q] then
        len[q] = l
        game.player_set(q, "road_length", l)
        changed = true
      end
    end
  end
  local award_of = storage.award_of
  local road = award_of.longest_road
  if road then award_and_count("longest_road", len, road.min, changed) end
  local knights = storage.knights
  if knights == nil then
    knights = {}
    storage.knights = knights
  end
  local played = storage.played
  changed = false
  for q = 1, players do
    local k = played[q].knight
    if k ~= knights[q] then
      knights[q] = k
      game.player_set(q, "knights_played", k)
      changed = true
    end
  end
  local army = award_of.largest_army
  if army then award_and_count("largest_army", knights, army.min, changed) end
  local extra = storage.extra_awards
  for i = 1, #extra do
    local a = extra[i]
    local values = a.values
    for q = 1, players do values[q] = game.player_get(q, a.count) or 0 end
    award_and_count(a.prop, values, a.min, true)
  end
end

-- Errors unless entry i of base.awards is {prop = string, count = string, min = integer >= 0,
-- points = integer}, its prop not taken by an earlier entry.
function check_award(a, i, seen)
  local function fail(what)
    error(string.format("base.awards: award %d %s", i, what), 0)
  end
  if type(a) ~= "table" then fail("is not a table {prop, count, min, points}") end
  if type(a.prop) ~= "string" or a.prop == "" then fail("has no prop name") end
  if seen[a.prop] then fail("'" .. a.prop .. "' is listed twice") end
  if type(a.count) ~= "string" or a.count == "" then fail("'" .. a.prop .. "' has no count prop") end
  if math.type(a.min) ~= "integer" or a.min < 0 then
    fail("'" .. a.prop .. "' has min " .. tostring(a.min) .. " (an integer of at least 0)")
  end
  if math.type(a.points) ~= "integer" then
    fail("'" .. a.prop .. "' has points " .. tostring(a.points) .. " (an integer)")
  end
  seen[a.prop] = true
end

-- The awards of the game (base.awards), once every pack's props exist.
game.on("game.setup", function(e)
  local awards = {
    { prop = "longest_road", count = "road_length", min = LONGEST_ROAD_MIN, points = AWARD_VP },
    { prop = "largest_army", count = "knights_played", min = LARGEST_ARMY_MIN, points = AWARD_VP },
  }
  if game.has_handlers("base.awards") then
    local ev = { awards = awards }
    game.raise("base.awards", ev)
    awards = ev.awards
  end
  local seen, award_of, extra = {}, {}, {}
  for i, a in ipairs(awards) do
    check_award(a, i, seen)
    local entry = { prop = a.prop, count = a.count, min = a.min, points = a.points }
    award_of[a.prop] = entry
    if a.prop ~= "longest_road" and a.prop ~= "largest_army" then
      entry.values = {}
      extra[#extra + 1] = entry
      for q = 1, e.players do game.player_set(q, a.prop, false) end
    end
  end
  storage.awards, storage.award_of, storage.extra_awards = awards, award_of, extra
end, { priority = 100 })

-- Per-game setup: graph arrays, cached lengths and the award props of every player.
game.on("game.setup", function(e)
  storage.road_len = {}
  storage.knights = {}
  storage.awarded = {}
  storage.awards, storage.award_of, storage.extra_awards = {}, {}, {} -- until base.awards
  for q = 1, e.players do
    storage.road_len[q] = 0
    storage.knights[q] = 0
    game.player_set(q, "road_length", 0)
    game.player_set(q, "knights_played", 0)
    game.player_set(q, "longest_road", false)
    game.player_set(q, "largest_army", false)
  end
end, { priority = -50 })
