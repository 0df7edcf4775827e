-- "expectimax": the dice kit's expectimax agent (rules/dice-kit/expectimax.lua, where its
-- workings are described) on the shared island. The dice problem between rolls is the one of
-- Island Two (3 to 6 dice, first to options.target); what differs is the sheet the planner
-- reads: there is no printed sheet, so at every decision the agent writes one for the player
-- from the map as it stands (reach_sheet below), listing only what the rules of build.lua let
-- that player build, now or after other entries of the same sheet:
--   roads       every unbuilt road up to REACH roads out from the player's roads, each needing
--               the road before it on the way out ("road"); a way out never leaves a node holding
--               another player's building, and leaves a node with an unbuilt site only after a
--               settlement there ("after": nobody builds past a site nor past another's
--               settlement);
--   settlements every free site those roads reach (or the player's roads touch now), 1 point;
--   cities      on each of the player's settlements on a city site, and after each settlement
--               of the sheet on a city site, 1 point (a city replaces its settlement's 1 with 2);
--   knights     on every free knight space of a hex the player's roads border, or after a road of
--               the sheet that borders it; its joker is the hex's resource (the desert's: any).
-- Nothing on that sheet is built; the ready jokers are those of the player's knights on the map.
-- Sites and knight spaces other players take, and roads that would pass them, leave the sheet
-- at the next decision. The starting road is greedy's choice (start_choice, agents/greedy.lua).

-- Roads out from the player's roads that the sheet lists.
local REACH = 2

local DICE_OF = { road = 2, settlement = 4, city = 5, knight = 3 }

-- The sheet of what p may build: {list, by_id}, entries as storage.sheet's on the islands
-- ({id = "<type>:<at>", index, type, at, dice, cost, points, road, after, resource}), listed so that
-- an entry's prerequisites come before it. Global for the tests; it only reads the game.
function reach_sheet(p)
  local map, owner, site, city, knight = storage.map, storage.road, storage.site, storage.city,
    storage.knight
  local list, by_id = {}, {}
  local function add(t, at, road, after, points, resource)
    local id = t .. ":" .. at
    local s = by_id[id]
    if s ~= nil then return s end
    s = { id = id, index = #list + 1, type = t, at = at, dice = DICE_OF[t], cost = COSTS[t],
          points = points, road = road, after = after, resource = resource }
    list[#list + 1] = s
    by_id[id] = s
    return s
  end
  local function knight_resource(h)
    local r = map.hexes[h].resource
    return r == "desert" and "any" or r
  end
  -- Nodes reached, by distance in roads out: via[n] the road entry reaching n (false: p's own
  -- roads touch n).
  local via, frontier = {}, {}
  for n = 1, #map.nodes do
    if touches(p, n) then
      via[n] = false
      frontier[#frontier + 1] = n
    end
  end
  -- What p has now: cities on its settlements, knights beside its roads.
  for n = 1, #map.nodes do
    if site[n] == p and not city[n] and map.nodes[n].city_site then add("city", n, nil, nil, 1) end
  end
  for h = 1, #map.hexes do
    if knight[h] == nil then
      for _, e in ipairs(map.hexes[h].roads) do
        if owner[e] == p then
          add("knight", h, nil, nil, 0, knight_resource(h))
          break
        end
      end
    end
  end
  -- Roads leaving open nodes first, so that a road p may build now never needs anything.
  for pass = 1, 2 do
    for _, n in ipairs(frontier) do
      if (pass == 1) == open_node(p, n) then
        local holder = site[n]
        local settle = nil
        if holder == nil and map.nodes[n].site then
          settle = add("settlement", n, nil, nil, 1).id
          if map.nodes[n].city_site then add("city", n, nil, settle, 1) end
        end
        if holder == nil or holder == p then
          for _, e in ipairs(map.nodes[n].roads) do
            if owner[e] == nil then add("road", e, nil, settle, 0) end
          end
        end
      end
    end
  end
  -- Further out, one ring of roads at a time.
  local ring = {}
  for _, s in ipairs(list) do
    if s.type == "road" then ring[#ring + 1] = s end
  end
  for depth = 1, REACH do
    local next_ring = {}
    for _, r in ipairs(ring) do
      local road = map.roads[r.at]
      for _, n in ipairs({ road.a, road.b }) do
        if via[n] == nil then
          via[n] = r.id
          local holder = site[n]
          local settle = nil
          if holder == nil and map.nodes[n].site then
            settle = add("settlement", n, r.id, nil, 1).id
            if map.nodes[n].city_site then add("city", n, nil, settle, 1) end
          end
          if depth < REACH and (holder == nil or holder == p) then
            for _, f in ipairs(map.nodes[n].roads) do
              if owner[f] == nil and by_id["road:" .. f] == nil then
                next_ring[#next_ring + 1] = add("road", f, r.id, settle, 0)
              end
            end
          end
        end
      end
      for _, h in ipairs(road.hexes) do
        if knight[h] == nil then add("knight", h, r.id, nil, 0, knight_resource(h)) end
      end
    end
    ring = next_ring
  end
  return { list = list, by_id = by_id }
end

-- p's ready jokers: per resource into `ready`, the number for any resource returned.
local function ready_jokers(p, ready)
  local any = 0
  for h = 1, #storage.map.hexes do
    if joker_ready(p, h) then
      local r = storage.map.hexes[h].resource
      if r == "desert" then any = any + 1 else ready[FACE_INDEX[r]] = ready[FACE_INDEX[r]] + 1 end
    end
  end
  return any
end

require("dice-kit").expectimax(_ENV, {
  joker_value = { 1, 0.75, 0.4, 0.4, 0.4 }, -- a ready joker, per resource (RESOURCES order)
  any_joker_value = 1.1, -- the desert's joker
  growing = true,
  victory = { horizon = 16, min_turns = 3, road_share = 0.05, knight_share = 0.2, win_bonus = 100 },
  sheet = reach_sheet,
  ready_jokers = ready_jokers,
  entry_of = function(o) return o.type .. ":" .. o.at end,
  joker_of = function(o)
    local r = storage.map.hexes[o.hex].resource
    return r == "desert" and 6 or FACE_INDEX[r]
  end,
  decide = function(p, kind, opts)
    if kind == "extra.start" then return start_choice(p, opts) end
    return 1
  end,
})
