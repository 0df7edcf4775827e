-- Victory points, as in the board game: a settlement 1, a city 2, Longest Road 2, Largest Army 2.
-- Roads and knights score nothing themselves. The game ends as soon as a player has
-- options.target (10) victory points: that player wins at once, in the middle of the turn.
--
-- Longest Road: the length of a player's road is the number of roads on the longest path through
-- the built roads, the printed start road included and branches not counted (road_length). The
-- first player whose road reaches options.road_min (5) roads takes the award; another player
-- takes it from the holder only with a longer road. Largest Army: the first player with
-- options.army_min (3) knights takes it; another player takes it only with more knights than
-- the holder. Jokers used leave the knights standing. Roads and knights are never removed, so
-- an award changes hands only when somebody builds.
--
-- State: game props longest_road, largest_army (the holder's seat, nil for none); player props
-- score (victory points), road_length, longest_road and largest_army (true while held), and the
-- counts of build.lua.

-- The nodes of the road graph: a road joins the end of the road it continues (the start road
-- joins "coast" and "start") and its own end, named after it.
local function road_from(s)
  return s.road
end

-- The number of roads on the longest path through p's built roads (the start road included).
function road_length(p)
  local adj = {}
  local function link(a, b)
    local la = adj[a]
    if la == nil then la = {}; adj[a] = la end
    local lb = adj[b]
    if lb == nil then lb = {}; adj[b] = lb end
    la[#la + 1] = b
    lb[#lb + 1] = a
  end
  link("coast", "start")
  for _, s in ipairs(storage.sheet.list) do
    if s.type == "road" and game.count(p, s.id, BUILT) > 0 then link(road_from(s), s.id) end
  end
  -- The built roads form a tree: the longest path is its diameter, found by the deepest node
  -- from any node, then the deepest node from that one.
  local function deepest(from)
    local best_node, best = from, 0
    local seen = { [from] = true }
    local function walk(n, d)
      if d > best then best_node, best = n, d end
      for _, m in ipairs(adj[n]) do
        if not seen[m] then
          seen[m] = true
          walk(m, d + 1)
        end
      end
    end
    walk(from, 0)
    return best_node, best
  end
  local far = deepest("coast")
  local _, length = deepest(far)
  return length
end

-- Victory points of p now.
function victory_points(p)
  local vp = game.player_get(p, "settlements") * SETTLEMENT_VP + game.player_get(p, "cities") * CITY_VP
  if game.get("longest_road") == p then vp = vp + AWARD_VP end
  if game.get("largest_army") == p then vp = vp + AWARD_VP end
  return vp
end

SETTLEMENT_VP, CITY_VP, AWARD_VP = 1, 2, 2

game.on("game.setup", function(e)
  for p = 1, e.players do
    game.player_set(p, "score", 0)
    for _, t in ipairs({ "roads", "settlements", "cities", "knights" }) do game.player_set(p, t, 0) end
    game.player_set(p, "jokers", 0)
    game.player_set(p, "empty", 0)
    game.player_set(p, "turns", 0)
    game.player_set(p, "road_length", 1)
    game.player_set(p, "longest_road", false)
    game.player_set(p, "largest_army", false)
  end
  storage.turns = {}
  for p = 1, e.players do storage.turns[p] = 0 end
end)

-- Gives award `prop` to p, taking it from the holder (if any).
local function take_award(p, prop)
  local holder = game.get(prop)
  if holder == p then return end
  if holder ~= nil then game.player_set(holder, prop, false) end
  game.set(prop, p)
  game.player_set(p, prop, true)
  game.log(string.format("player %d takes %s%s", p, prop == "longest_road" and "Longest Road" or
    "Largest Army", holder and (" from player " .. holder) or ""))
end

-- After p built: updates p's road length, the awards, every player's score, and ends the game
-- when p has reached the target.
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

-- The victory points of p (the score the manifest names).
function score(p)
  return game.player_get(p, "score")
end

-- Ends p's turn: counts it (and an empty turn) and empties p's pool.
function end_turn(p)
  local turn = storage.turn
  storage.turns[p] = storage.turns[p] + 1
  game.player_set(p, "turns", storage.turns[p])
  if #turn.built == 0 then game.player_set(p, "empty", game.player_get(p, "empty") + 1) end
  clear_dice(p)
  game.log(string.format("player %d ends the turn (%s), %d victory points", p,
    #turn.built == 0 and "nothing built" or table.concat(turn.built, " "), score(p)))
end

-- Turns p has finished.
function turns_played(p)
  return storage.turns[p]
end
