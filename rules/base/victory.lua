-- Victory points and the win check.
--
-- Player prop vp holds the points a player shows (public_vp): the victory point cards in hand
-- are hidden until the game ends, when they join it. Player props are public, so a hidden card
-- counted there would tell every agent (and every fork seen by one seat) what the hand hides.
--
-- Sources: each piece with vp > 0 counts vp per piece on the board (limit - supply), under the
-- piece's plural (settlements, cities); each award (awards.lua: longest_road and largest_army 2
-- each, and those packs declare through base.awards) its points while held, under its prop;
-- victory_point_cards 1 per victory point card in hand (they count from the moment they are
-- bought); each player prop named by base.point_props (asked once, late in game.setup:
-- storage.point_props) its value, under its own name (nil counts 0). Every source is in points.
-- Handlers of base.vp may add sources and change the total.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

AWARD_VP = 2

-- Searches play their look-ahead with the heuristic bot unless told otherwise (they score an
-- unfinished copy by the score pack.json declares, "vp").
game.rollout_agent("heuristic")

local count = game.count
local get = game.get
local has_handlers = game.has_handlers

-- Total points of p and the table of sources (points per source).
function victory_points(p)
  local sources = {}
  local total = 0
  local pieces = storage.pieces
  for _, name in ipairs(storage.piece_names) do
    local spec = pieces[name]
    if spec.vp and spec.vp ~= 0 then
      local pts = spec.vp * (spec.limit - count(p, name, "piece"))
      sources[piece_plural(name)] = pts
      total = total + pts
    end
  end
  local awards = storage.awards
  for i = 1, #awards do
    local a = awards[i]
    local pts = get(a.prop) == p and a.points or 0
    sources[a.prop] = pts
    total = total + pts
  end
  local cards = count(p, "victory_point", "dev")
  sources.victory_point_cards = cards
  total = total + cards
  local props = storage.point_props
  for i = 1, #props do
    local pts = game.player_get(p, props[i]) or 0
    sources[props[i]] = pts
    total = total + pts
  end
  if has_handlers("base.vp") then
    local e = { player = p, total = total, sources = sources }
    game.raise("base.vp", e)
    return e.total, e.sources
  end
  return total, sources
end

-- victory_points(p) without the sources table (no allocation unless base.vp has handlers).
function vp_total(p)
  if storage.vp_hooked then return (victory_points(p)) end
  local total = 0
  local vp_pieces = storage.vp_pieces
  local supply = storage.supply[p]
  for i = 1, #vp_pieces do
    local spec = vp_pieces[i]
    total = total + spec.vp * (spec.limit - supply[spec.name])
  end
  local props = storage.props
  local awards = storage.awards
  for i = 1, #awards do
    local a = awards[i]
    if props[a.prop] == p then total = total + a.points end
  end
  local point_props = storage.point_props
  for i = 1, #point_props do total = total + (game.player_get(p, point_props[i]) or 0) end
  return total + storage.devs[p].victory_point
end

-- The points p shows the table: vp_total(p) less the victory point cards in p's hand, which
-- stay hidden until the game ends.
function public_vp(p)
  return vp_total(p) - storage.devs[p].victory_point
end

-- Keeps player props "points.SOURCE" equal to what each non-zero source of victory_points(p)
-- gives p as the table sees it, so that they sum to player prop vp: the victory point cards
-- (source victory_point_cards) join only when `reveal` (at the end); points a base.vp handler
-- added to the total but to no source are shown as source "other". A source that falls to 0 is
-- erased. Set in the order of the sources' names, so the state does not depend on Lua's table
-- order. The viewer draws them as the seat's points by source (draw.points in pack.json).
local function update_point_sources(p, reveal)
  local total, sources = victory_points(p)
  if not reveal then
    total = total - (sources.victory_point_cards or 0)
    sources.victory_point_cards = nil
  end
  local sum = 0
  for _, pts in pairs(sources) do sum = sum + pts end
  if sum ~= total then sources.other = (sources.other or 0) + total - sum end
  local kept = storage.point_sources[p]
  local names = {}
  for name in pairs(kept) do names[#names + 1] = name end
  for name, pts in pairs(sources) do
    if kept[name] == nil and pts ~= 0 then names[#names + 1] = name end
  end
  table.sort(names)
  for i = 1, #names do
    local name = names[i]
    local pts = sources[name]
    if pts == 0 then pts = nil end
    if kept[name] ~= pts then
      kept[name] = pts
      game.player_set(p, "points." .. name, pts)
    end
  end
end

-- Stores public_vp(p) in player prop vp (everyone sees player props; the hidden cards join it at
-- the end), and its sources in props points.SOURCE.
function update_vp(p)
  local vp = public_vp(p)
  if storage.vp[p] ~= vp then game.player_set(p, "vp", vp) end
  update_point_sources(p, false)
end

-- The points p needs to win: options.target_vp, changed by handlers of base.target_vp {player,
-- target} (raised only while the event has handlers, so an unhandled game reads the option).
function target_vp(p)
  if not storage.target_vp_hooked then return options.target_vp end
  local e = { player = p, target = options.target_vp }
  game.raise("base.target_vp", e)
  return e.target
end

-- Ends the game with p as winner when it is p's turn and p has target_vp(p) points or more.
-- Returns true when p won. Points reached on another player's turn wait for p's own turn.
function check_win(p)
  local turn = storage.turn_view
  if p ~= turn.current or turn.over then return false end
  local vp = vp_total(p)
  if vp >= (storage.target_vp_hooked and target_vp(p) or options.target_vp) then
    game.finish(p, string.format("reached %d victory points", vp))
    return true
  end
  return false
end

game.on("game.setup", function(e)
  storage.point_props = {}
  storage.vp_hooked = has_handlers("base.vp")
  storage.target_vp_hooked = has_handlers("base.target_vp")
  storage.vp_pieces = {}
  for _, name in ipairs(storage.piece_names) do
    local spec = storage.pieces[name]
    if spec.vp and spec.vp ~= 0 then
      storage.vp_pieces[#storage.vp_pieces + 1] = { name = name, vp = spec.vp, limit = spec.limit }
    end
  end
  storage.point_sources = {}
  for q = 1, e.players do
    for _, name in ipairs(storage.piece_names) do game.player_set(q, piece_plural(name), 0) end
    game.player_set(q, "vp", 0)
    storage.point_sources[q] = {}
  end
end, { priority = -50 })

-- The player props other packs count as points (base.point_props).
game.on("game.setup", function()
  local props = {}
  game.raise("base.point_props", { props = props })
  storage.point_props = props
end, { priority = 100 })

-- At the end the hidden points are revealed: each player's victory point cards join player prop
-- vp (the full total, the score the lab reads) and the summary beside the other sources
-- (settlements, cities, longest_road, largest_army). Priority -1: before other packs' game.end
-- handlers, which may read the final points.
game.on("game.end", function()
  for q = 1, game.players() do
    game.player_set(q, "vp_cards", game.count(q, "victory_point", "dev"))
    game.player_set(q, "vp", vp_total(q))
    update_point_sources(q, true)
  end
end, { priority = -1 })
