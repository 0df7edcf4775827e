-- Victory points as in the board game: a settlement 1, a city 2 (in place of its settlement),
-- Longest Road 2, Largest Army 2. The game ends as soon as a player has options.target (10):
-- that player wins at once, in the middle of the turn.
--
-- Longest Road: a player's road length is the number of roads on the longest trail through that
-- player's roads that passes no node holding another player's building (road_length). The
-- first player with options.road_min (5) takes it; another player takes it only with a longer
-- road. Largest Army: the first player with options.army_min (3) knights takes it; another takes
-- it only with more knights. Roads, buildings and knights are never removed, and a building can
-- never stand between two of another player's roads (a site is settled before anyone's road
-- passes it), so an award changes hands only when somebody builds.

SETTLEMENT_VP, CITY_VP, AWARD_VP = 1, 2, 2

-- The longest trail (roads used once each) through p's roads, never passing a node that holds
-- another player's building.
function road_length(p)
  local map, owner, site = storage.map, storage.road, storage.site
  local used = {}
  local best = 0
  local function walk(n, len)
    if len > best then best = len end
    local holder = site[n]
    if len > 0 and holder ~= nil and holder ~= p then return end
    for _, e in ipairs(map.nodes[n].roads) do
      if owner[e] == p and not used[e] then
        used[e] = true
        walk(other_end(e, n), len + 1)
        used[e] = false
      end
    end
  end
  for e = 1, #map.roads do
    if owner[e] == p then
      local r = map.roads[e]
      used[e] = true
      walk(r.a, 1)
      walk(r.b, 1)
      used[e] = false
    end
  end
  return best
end

function victory_points(p)
  local vp = game.player_get(p, "settlements") * SETTLEMENT_VP + game.player_get(p, "cities") * CITY_VP
  if game.get("longest_road") == p then vp = vp + AWARD_VP end
  if game.get("largest_army") == p then vp = vp + AWARD_VP end
  return vp
end

function score(p)
  return game.player_get(p, "score")
end

game.on("game.setup", function(e)
  storage.turns = {}
  for p = 1, e.players do
    storage.turns[p] = 0
    game.player_set(p, "score", 0)
    for _, t in ipairs({ "roads", "settlements", "cities", "knights", "jokers", "empty", "turns",
      "road_length" }) do
      game.player_set(p, t, 0)
    end
    game.player_set(p, "longest_road", false)
    game.player_set(p, "largest_army", false)
  end
end)

local function take_award(p, prop)
  local holder = game.get(prop)
  if holder == p then return end
  if holder ~= nil then game.player_set(holder, prop, false) end
  game.set(prop, p)
  game.player_set(p, prop, true)
  game.log(string.format("player %d takes %s%s", p, prop == "longest_road" and "Longest Road" or
    "Largest Army", holder and (" from player " .. holder) or ""))
end

-- After p built: road length, awards, every score, and the end of the game.
function update_awards(p)
  local length = road_length(p)
  game.player_set(p, "road_length", length)
  local holder = game.get("longest_road")
  if length >= options.road_min and (holder == nil or length > game.player_get(holder, "road_length")) then
    take_award(p, "longest_road")
  end
  local knights = game.player_get(p, "knights")
  holder = game.get("largest_army")
  if knights >= options.army_min and (holder == nil or knights > game.player_get(holder, "knights")) then
    take_award(p, "largest_army")
  end
  for q = 1, game.players() do game.player_set(q, "score", victory_points(q)) end
  if not game.is_over() and victory_points(p) >= options.target then
    game.finish(p, string.format("%d victory points", victory_points(p)))
  end
end

function end_turn(p)
  local turn = storage.turn
  storage.turns[p] = storage.turns[p] + 1
  game.player_set(p, "turns", storage.turns[p])
  if #turn.built == 0 then game.player_set(p, "empty", game.player_get(p, "empty") + 1) end
  clear_dice(p)
  game.log(string.format("player %d ends the turn (%s), %d victory points", p,
    #turn.built == 0 and "nothing built" or table.concat(turn.built, ", "), score(p)))
end

function turns_played(p)
  return storage.turns[p]
end
