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
--   {tile = T}                     "tile 7 (brick 10)"
--   the other menu actions         "buy development card", "maritime trade", "offer a trade",
--                                  "end turn", "roll", "cancel"
--   {resource = R}                 "R"               {player = Q}    "player Q"
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

-- True when x is the id of an element of the board with `count` elements.
local function element(x, count)
  return math.type(x) == "integer" and x >= 1 and x <= count
end

game.describe(function(o, kind)
  if type(o) ~= "table" or kind:sub(1, 5) ~= "base." then return nil end
  local action = o.action
  if action ~= nil then
    if action == "build" and type(o.piece) == "string" then return "build " .. o.piece end
    if action == "play" and type(o.card) == "string" then return "play " .. o.card end
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
  if element(o.tile, board.tiles()) then return tile_label(o.tile) end
  if type(o.resource) == "string" then return o.resource end
  if math.type(o.player) == "integer" then return "player " .. o.player end
  return nil
end)
