-- The Island Two sheet as text, shown (game.show) after every turn to people watching the game:
-- `catan play` prints it, batches skip it. Built structures are in brackets, "[R1]"; a knight
-- whose joker is used carries a star. Roads are drawn on a grid of 7-character columns: the
-- main road from the start road, the branch continuing R1 and the branch continuing R5 below it,
-- every settlement and city above or below its road.
--
--   player 1, turn 4 (6 dice): built R2 S2, 3 victory points
--     S1      S2     C1     S3     C2     S4
--     |       |      |      |      |      |
--     start--[R1]---[R2]--- R3 --- R4 --- R5 --- R6
--     ...

local COL = 7
local ABOVE = { { "S1", 0 }, { "S2", 2 }, { "C1", 3 }, { "S3", 4 }, { "C2", 5 }, { "S4", 6 } }
local MAIN = { "start", "R1", "R2", "R3", "R4", "R5", "R6" }
local BRANCH_POINTS = { 1, 5 } -- columns of R1 and R5, where the branches leave the main road
local BRANCHES = { { "R7", "R8", "R9", "R10", at = 1 }, { "R11", "R12", "R13", "R14", at = 5 } }
local BELOW = { { "S5", 2 }, { "C3", 3 }, { "S6", 4 }, { "S7", 6 }, { "C4", 8 } }

local function cell(p, id)
  if id == "start" then return "start" end
  if game.count(p, id, BUILT) > 0 then return "[" .. id .. "]" end
  return " " .. id .. " "
end

local function put(row, at, text)
  for i = 1, #text do row[at + i - 1] = text:sub(i, i) end
end

local function text_of(row)
  local n = 0
  for k in pairs(row) do if k > n then n = k end end
  local chars = {}
  for i = 1, n do chars[i] = row[i] or " " end
  return (table.concat(chars):gsub("%s+$", ""))
end

local function column(c) return 3 + c * COL end

-- A row of connected roads from column `at`: cells joined by dashes.
local function road_row(p, ids, at)
  local row = {}
  for k, id in ipairs(ids) do
    local x = column(at + k - 1)
    local c = cell(p, id)
    if k > 1 then
      for i = column(at + k - 2) + 5, x - 1 do row[i] = "-" end
    end
    put(row, x, c)
  end
  return row
end

local function site_rows(p, sites)
  local names, bars = {}, {}
  for _, s in ipairs(sites) do
    put(names, column(s[2]), cell(p, s[1]))
    put(bars, column(s[2]) + 1, "|")
  end
  return names, bars
end

-- The lines of p's sheet picture, knights, awards and victory points.
function sheet_lines(p)
  local lines = {}
  local names, bars = site_rows(p, ABOVE)
  lines[#lines + 1] = text_of(names)
  lines[#lines + 1] = text_of(bars)
  lines[#lines + 1] = text_of(road_row(p, MAIN, 0))
  local down = {}
  for _, c in ipairs(BRANCH_POINTS) do put(down, column(c) + 1, "|") end
  lines[#lines + 1] = text_of(down)
  local branch = {}
  for _, b in ipairs(BRANCHES) do
    local row = road_row(p, b, b.at)
    for i, ch in pairs(row) do branch[i] = ch end
  end
  lines[#lines + 1] = text_of(branch)
  names, bars = site_rows(p, BELOW)
  lines[#lines + 1] = text_of(bars)
  lines[#lines + 1] = text_of(names)
  local knights = {}
  for _, s in ipairs(storage.sheet.list) do
    if s.type == "knight" then
      local name = s.resource and (s.id .. " " .. s.resource) or s.id
      if game.count(p, s.id, BUILT) > 0 then
        local star = game.count(p, s.id, USED) > 0 and "*" or ""
        knights[#knights + 1] = "[" .. name .. star .. "]"
      else
        knights[#knights + 1] = " " .. name .. " "
      end
    end
  end
  lines[#lines + 1] = "  knights: " .. table.concat(knights, " ") .. "   (D1+D2: desert; * joker used)"
  local function holder(prop)
    local h = game.get(prop)
    return h and ("player " .. h) or "nobody"
  end
  lines[#lines + 1] = string.format(
    "  road %d, knights %d; Longest Road: %s, Largest Army: %s; victory points: %d of %d",
    game.player_get(p, "road_length"), game.player_get(p, "knights"), holder("longest_road"),
    holder("largest_army"), score(p), options.target)
  return lines
end

local function header(p)
  local turn = storage.turn
  local what = #turn.built == 0 and "built nothing" or ("built " .. table.concat(turn.built, " "))
  return string.format("player %d, turn %d (%d dice): %s, %d victory points", p,
    turns_played(p), turn.dice, what, score(p))
end

-- Shows p's sheet through dice.view, when anyone watches.
function show_sheet(p)
  if not game.showing() then return end
  local lines = { header(p) }
  for _, l in ipairs(sheet_lines(p)) do lines[#lines + 1] = l end
  game.raise("dice.view", { player = p, lines = lines }, function(e)
    game.show(table.concat(e.lines, "\n") .. "\n")
  end)
end
