-- Starting roads: before the first turn, each player in seat order (seat 1 starts) chooses an
-- unbuilt coastal road ("extra.start"; options {id = "start:<road>", road}, text "start at road
-- 12") with at least options.start_gap (5) unbuilt roads between it and every starting road
-- already chosen (roads_between, along the shortest way). The chosen road is the player's. On
-- this map three starting roads can leave no coastal road 5 roads from all of them (start_options
-- says what is offered then).

local START_OPTIONS = {}

game.describe("extra.start", function(o) return "start at road " .. o.road end)

-- The roads p may choose as a starting road now: the unbuilt coastal roads with at least
-- options.start_gap unbuilt roads between them and every starting road chosen; when earlier
-- choices left none, the unbuilt coastal roads farthest from the starting roads (the most roads
-- between them and the nearest one), so that every player can start.
function start_options(p)
  local map = storage.map
  local far, best = {}, -math.huge
  local list = {}
  for e, r in ipairs(map.roads) do
    if r.coastal and storage.road[e] == nil then
      local d = math.huge
      for _, s in pairs(storage.start) do
        local k = roads_between(e, s)
        if k < d then d = k end
      end
      if d >= options.start_gap then list[#list + 1] = e end
      if d > best then best, far = d, { e } elseif d == best then far[#far + 1] = e end
    end
  end
  if #list == 0 then list = far end
  local opts = {}
  for i, e in ipairs(list) do
    local o = START_OPTIONS[e]
    if o == nil then
      o = { id = "start:" .. e, road = e }
      START_OPTIONS[e] = o
    end
    opts[i] = o
  end
  return opts
end

function choose_start(p)
  local opts = start_options(p)
  if #opts == 0 then error("no coastal road is far enough from the other starting roads", 0) end
  local o = game.decide(p, "extra.start", opts)
  storage.start[p] = o.road
  storage.road[o.road] = p
  game.player_set(p, "roads", 1)
  game.player_set(p, "road_length", 1)
  game.log(string.format("player %d starts at road %d", p, o.road))
end

game.on("game.start", function()
  for p = 1, game.players() do choose_start(p) end
end)
