-- How the base pack's "heuristic" bot plays this slice (game.extend_agent; docs/lua-api.md). It
-- reads what an option does from its fields, never from the text people see.
--   base.setup_city   where it would put a setup settlement (the base bot's own answer to
--                     "base.setup_settlement", asked through `next`).
--   base.action       an improvement whenever one is on the menu (commodities buy nothing else
--                     here), the track with the highest level first (toward a metropolis);
--                     the Trading House for a commodity whose track is complete; a road when
--                     neither a settlement nor a city is on the menu and the hand holds more
--                     than 7 cards (a full board leaves Longest Road as the last points to
--                     take); otherwise the rest of the chain decides.
--   base.place_metropolis  the city whose producing hexes roll most often.
--   ck.aqueduct       the card the base bot would take with Year of Plenty ("base.plenty").
--   ck.trade_give     the commodity of a complete track held most.
--   ck.trade_get      among the resources, the base bot's Year of Plenty choice.

local busiest_node = require("base").busiest_node
local IS_RESOURCE = {}
for _, r in ipairs(RESOURCES) do IS_RESOURCE[r] = true end

-- The commodity of a track p has completed that p holds options.trade_rate times, else nil.
local function spare_commodity(p)
  local best, most
  for _, track in ipairs(TRACKS) do
    local c = TRACK_COMMODITY[track]
    local n = game.count(p, c, "card")
    if level_of(p, track) >= options.max_level and n >= options.trade_rate
        and (most == nil or n > most) then
      best, most = c, n
    end
  end
  return best
end

game.extend_agent("heuristic", "base.setup_city", function(p, kind, opts, next)
  return next(p, "base.setup_settlement", opts)
end)

game.extend_agent("heuristic", "base.action", function(p, kind, opts, next)
  local best, best_level, house, road, builds
  for i, o in ipairs(opts) do
    if o.action == "improve" and (best == nil or o.level > best_level) then
      best, best_level = i, o.level
    elseif o.action == "trading_house" then
      house = i
    elseif o.action == "build" and o.piece == "road" then
      road = i
    elseif o.action == "build" and (o.piece == "settlement" or o.piece == "city") then
      builds = true
    end
  end
  if best then return best end
  if house and spare_commodity(p) then return house end
  if road and not builds and game.total(p, "card") > 7 then return road end
  return next(p, kind, opts)
end)

game.extend_agent("heuristic", "base.place_metropolis", function(p, kind, opts)
  return busiest_node(opts)
end)

game.extend_agent("heuristic", "ck.aqueduct", function(p, kind, opts, next)
  return next(p, "base.plenty", opts)
end)

game.extend_agent("heuristic", "ck.trade_give", function(p, kind, opts)
  local spare = spare_commodity(p)
  for i, o in ipairs(opts) do
    if o.resource == spare then return i end
  end
  return 1
end)

game.extend_agent("heuristic", "ck.trade_get", function(p, kind, opts, next)
  local resources, index = {}, {}
  for i, o in ipairs(opts) do
    if IS_RESOURCE[o.resource] then
      resources[#resources + 1] = o
      index[#resources] = i
    end
  end
  if #resources == 0 then return 1 end
  return index[next(p, "base.plenty", resources)]
end)
