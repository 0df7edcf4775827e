-- Building on the shared island. Costs as on the sheets: road brick + lumber; settlement brick +
-- lumber + wool + grain; city 3 ore + 2 grain; knight ore + wool + grain. A player may build
--   a road      on an unbuilt road with an end the player may build on from: a node one of the
--               player's roads touches that holds no unbuilt site (a site must be settled before
--               anyone's road goes past it: buildings are not skipped) and no settlement or
--               city of another player (nobody builds past another player's settlement);
--   a settlement on an unbuilt site one of the player's roads touches;
--   a city      on a city site holding the player's own settlement (it replaces it);
--   a knight    on the free knight space of a hex one of the player's roads borders.
-- Build options: {id = "build:<type>:<where>", action = "build", type, at} with at a road, node
-- or hex number (text "build road 12", "build settlement 7", ...).

-- COSTS (the costs above) is the dice kit's (core.lua).
TYPES = { "road", "settlement", "city", "knight" }
TYPE_PROP = { road = "roads", settlement = "settlements", city = "cities", knight = "knights" }

-- Whether p owns a road touching node n.
function touches(p, n)
  local owner = storage.road
  for _, e in ipairs(storage.map.nodes[n].roads) do
    if owner[e] == p then return true end
  end
  return false
end

-- Whether p may build a road leaving node n: p's road touches it, and it holds neither an
-- unbuilt site nor another player's building.
function open_node(p, n)
  if not touches(p, n) then return false end
  local holder = storage.site[n]
  if holder ~= nil then return holder == p end
  return not storage.map.nodes[n].site
end

function can_place(p, t, at)
  local map = storage.map
  if t == "road" then
    local r = map.roads[at]
    return r ~= nil and storage.road[at] == nil and (open_node(p, r.a) or open_node(p, r.b))
  elseif t == "settlement" then
    local n = map.nodes[at]
    return n ~= nil and n.site and storage.site[at] == nil and touches(p, at)
  elseif t == "city" then
    local n = map.nodes[at]
    return n ~= nil and n.city_site and storage.site[at] == p and not storage.city[at]
  elseif t == "knight" then
    local h = map.hexes[at]
    if h == nil or storage.knight[at] ~= nil then return false end
    for _, e in ipairs(h.roads) do
      if storage.road[e] == p then return true end
    end
    return false
  end
  return false
end

-- Whether pool n (FACES-ordered counts) pays for type t.
function pool_pays(n, t)
  local c = COSTS[t]
  for i = 1, #RESOURCES do
    if n[i] < (c[RESOURCES[i]] or 0) then return false end
  end
  return true
end

local BUILD_OPTIONS = {}
function build_option(t, at)
  local key = t .. ":" .. at
  local o = BUILD_OPTIONS[key]
  if o == nil then
    o = { id = "build:" .. key, action = "build", type = t, at = at }
    BUILD_OPTIONS[key] = o
  end
  return o
end

-- Every place p may build now, ignoring the cost: {type, at} option records in the order roads,
-- settlements, cities, knights, each by number.
function places(p)
  local map, list = storage.map, {}
  for e = 1, #map.roads do
    if can_place(p, "road", e) then list[#list + 1] = build_option("road", e) end
  end
  for n = 1, #map.nodes do
    if can_place(p, "settlement", n) then list[#list + 1] = build_option("settlement", n) end
  end
  for n = 1, #map.nodes do
    if can_place(p, "city", n) then list[#list + 1] = build_option("city", n) end
  end
  for h = 1, #map.hexes do
    if can_place(p, "knight", h) then list[#list + 1] = build_option("knight", h) end
  end
  return list
end

-- p builds a `t` at `at` (which must be allowed and paid for).
function build(p, t, at)
  if not can_place(p, t, at) or not pool_pays(pool_counts(p), t) then
    error("build: player " .. p .. " cannot build a " .. tostring(t) .. " at " .. tostring(at) .. " now", 2)
  end
  for r, k in pairs(COSTS[t]) do game.remove(p, r, k, DIE) end
  if t == "road" then
    storage.road[at] = p
  elseif t == "settlement" then
    storage.site[at] = p
  elseif t == "city" then
    storage.city[at] = true
    game.player_set(p, "settlements", game.player_get(p, "settlements") - 1)
  else
    storage.knight[at] = p
  end
  local prop = TYPE_PROP[t]
  game.player_set(p, prop, game.player_get(p, prop) + 1)
  local turn = storage.turn
  turn.built[#turn.built + 1] = t .. " " .. at
  game.log(string.format("player %d builds a %s at %d", p, t, at))
  update_awards(p)
end
