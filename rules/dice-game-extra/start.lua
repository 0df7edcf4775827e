-- Starting roads: before the first turn, each player in seat order (seat 1 starts) chooses an
-- unbuilt coastal road ("extra.start"; options {id = "start:<road>", road}, text "start at road
-- 12") with at least options.start_gap (5) unbuilt roads between it and every starting road
-- already chosen (roads_between, along the shortest way). The chosen road is the player's.

local START_OPTIONS = {}

game.describe("extra.start", function(o) return "start at road " .. o.road end)

-- The roads p may choose as a starting road now.
function start_options(p)
  local map, list = storage.map, {}
  for e, r in ipairs(map.roads) do
    if r.coastal and storage.road[e] == nil then
      local ok = true
      for _, s in pairs(storage.start) do
        if roads_between(e, s) < options.start_gap then
          ok = false
          break
        end
      end
      if ok then
        local o = START_OPTIONS[e]
        if o == nil then
          o = { id = "start:" .. e, road = e }
          START_OPTIONS[e] = o
        end
        list[#list + 1] = o
      end
    end
  end
  return list
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
