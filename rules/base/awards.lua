-- Longest Road and Largest Army.
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
-- both awards, and the points (update_vp) of any seat that gained or lost a card.
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
  award_and_count("longest_road", len, LONGEST_ROAD_MIN, changed)
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
  award_and_count("largest_army", knights, LARGEST_ARMY_MIN, changed)
end

-- Per-game setup: graph arrays, cached lengths and the award props of every player.
game.on("game.setup", function(e)
  storage.road_len = {}
  storage.knights = {}
  storage.awarded = {}
  for q = 1, e.players do
    storage.road_len[q] = 0
    storage.knights[q] = 0
    game.player_set(q, "road_length", 0)
    game.player_set(q, "knights_played", 0)
    game.player_set(q, "longest_road", false)
    game.player_set(q, "largest_army", false)
  end
end, { priority = -50 })
