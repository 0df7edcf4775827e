-- The text people see for the options of the base game's decisions (game.describe; docs/lua-api.md,
-- "Options"). Options are records whose fields say what they do (core.lua, board.lua, turn.lua,
-- trade.lua); this describer turns the fields into text for every "base.*" decision, including
-- the placement decisions of variant pieces ("base.place_wall" offers the same node records):
--   {action = "build", piece = P}  "build P"          {node = N}      "node 12: ore 8, grain 5"
--   {action = "play", card = C}    "play C"           {path = E}      "path 33: nodes 12-13"
--   {action = "offer", give, get}  "give 1 lumber, 1 ore for 1 brick"
--   {answer = A, give, get}        "accept: give 1 brick for 1 lumber, 1 ore", "decline",
--                                  "counter: give 1 brick for 3 ore"
--   {player = Q, answer, give, get}   "player Q accepts: give ... for ..." (trade partners)
--   {tile = T}                     "tile 7 (brick 10)"; for the robber, with who stands on it:
--                                  "tile 7 (brick 10): players 2 (5 cards), 3 (1 card)"
--   the other menu actions         "buy development card", "maritime trade", "offer a trade",
--                                  "end turn", "roll", "cancel"
--   {resource = R}                 "R"; to give in a maritime trade, "R (4:1)"
--   {player = Q}                   "player Q"; a robber's victim, "player Q (5 cards)"
-- Anything else (e.g. "nobody", an entry a variant adds to the menu) is left to the other
-- describers, or shown as its id. Rules and agents never read this text.

local ACTION_TEXT = {
  buy_dev = "buy development card", maritime = "maritime trade", domestic = "offer a trade",
  ["end"] = "end turn", roll = "roll", cancel = "cancel",
}

-- "give 1 lumber, 1 ore for 1 brick" for a trade's sides (tables {resource = n}).
local function trade_text(give, get)
  return "give " .. side_text(give) .. " for " .. side_text(get)
end

local ANSWER_VERB = { accept = "accepts", counter = "counters" }

-- "road building" for "road_building".
local function readable(name)
  return (name:gsub("_", " "))
end

-- "5 cards", "1 card": the cards in q's hand anyone can count.
local function cards_text(q)
  local n = game.total(q, "card")
  return n .. (n == 1 and " card" or " cards")
end

-- ": players 2 (5 cards), 3 (1 card)" for the owners of the buildings on tile t's corners, in
-- seat order; "" when nobody stands on it.
local function standing_on(t)
  local seen, seats = {}, {}
  for _, n in ipairs(board.tile_nodes(t)) do
    local q = board.node_get(n, "owner")
    if math.type(q) == "integer" and not seen[q] then
      seen[q] = true
      seats[#seats + 1] = q
    end
  end
  if #seats == 0 then return "" end
  table.sort(seats)
  local parts = {}
  for i, q in ipairs(seats) do parts[i] = q .. " (" .. cards_text(q) .. ")" end
  return (#seats == 1 and ": player " or ": players ") .. table.concat(parts, ", ")
end

-- True when x is the id of an element of the board with `count` elements.
local function element(x, count)
  return math.type(x) == "integer" and x >= 1 and x <= count
end

game.describe(function(o, kind)
  if type(o) ~= "table" or kind:sub(1, 5) ~= "base." then return nil end
  local action = o.action
  if action ~= nil then
    if action == "build" and type(o.piece) == "string" then return "build " .. readable(o.piece) end
    if action == "play" and type(o.card) == "string" then return "play " .. readable(o.card) end
    if action == "offer" and type(o.give) == "table" and type(o.get) == "table" then
      return trade_text(o.give, o.get)
    end
    return ACTION_TEXT[action]
  end
  local answer = o.answer
  if answer ~= nil then
    local trade = type(o.give) == "table" and type(o.get) == "table"
    if math.type(o.player) == "integer" and trade and ANSWER_VERB[answer] then
      return "player " .. o.player .. " " .. ANSWER_VERB[answer] .. ": " .. trade_text(o.give, o.get)
    end
    if answer == "decline" then return "decline" end
    if trade and (answer == "accept" or answer == "counter") then
      return answer .. ": " .. trade_text(o.give, o.get)
    end
  end
  if element(o.node, board.nodes()) then return node_label(o.node) end
  if element(o.path, board.paths()) then return path_label(o.path) end
  if element(o.tile, board.tiles()) then
    if kind == "base.robber" then return tile_label(o.tile) .. standing_on(o.tile) end
    return tile_label(o.tile)
  end
  if type(o.resource) == "string" then
    local rates = kind == "base.maritime_give" and storage.port_rates[game.current()]
    if rates and rates[o.resource] then return o.resource .. " (" .. rates[o.resource] .. ":1)" end
    return o.resource
  end
  if math.type(o.player) == "integer" then
    if kind == "base.victim" then return "player " .. o.player .. " (" .. cards_text(o.player) .. ")" end
    return "player " .. o.player
  end
  return nil
end)
