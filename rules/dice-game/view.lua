-- The island sheet as text, shown (game.show) after every turn to people watching the game:
-- `catan play` prints it, batches skip it. Built structures are in brackets, "[R0]"; a knight
-- whose joker is used carries a star, "[K1 ore*]". Example, after a few turns:
--
--   player 1, turn 4 of 15: built R2 S4, +5 (score 9)
--                  C7          C12
--                  |           |
--                  [R1]  S4    R4    S5    S7    S9     S11
--                  |     |     |     |     |     |      |
--     [S3] - start - [R0] - [R2] - R3 - ...
--
-- The picture is the Island One layout; ids it names that the sheet lacks are printed plain.

-- The rows above the road line (anchor: the road-line item whose column the entry takes).
local ABOVE = {
  { { "C7", "R0" }, { "C12", "R3" } },
  "bars",
  { { "R1", "R0" }, { "S4", "R2" }, { "R4", "R3" }, { "S5", "R5" }, { "S7", "R7" },
    { "S9", "R9" }, { "S11", "R11" } },
  "bars",
}
local ROAD_LINE = { "S3", "start", "R0", "R2", "R3", "R5", "R6", "R7", "R8", "R9", "R10", "R11" }
local BRANCH = { "R12", "R13", "R14", "R15" } -- below R7
local BELOW_BRANCH = { { "C20", "R13" }, { "C30", "R15" } }

-- The text of sheet entry `id` for p: "[id]" when built, " id " when not.
local function cell(p, id)
  if id == "start" then return "start" end
  local s = storage.sheet.by_id[id]
  if s ~= nil and game.count(p, id, BUILT) > 0 then return "[" .. id .. "]" end
  return " " .. id .. " "
end

-- A row of text being drawn: characters by column.
local function blank() return {} end
local function put(row, col, text)
  for i = 1, #text do row[col + i - 1] = text:sub(i, i) end
end
local function text_of(row)
  local n = 0
  for k in pairs(row) do if k > n then n = k end end
  local chars = {}
  for i = 1, n do chars[i] = row[i] or " " end
  return (table.concat(chars):gsub("%s+$", ""))
end

-- The lines of p's sheet picture, the knights, the score track.
function sheet_lines(p)
  local indent = 2
  local col = {}
  -- The road line, remembering where each item starts.
  local line = blank()
  local at = indent + 1
  for i, id in ipairs(ROAD_LINE) do
    if i > 1 then
      put(line, at, "-")
      at = at + 1
    end
    local c = cell(p, id)
    col[id] = at
    put(line, at, c)
    at = at + #c
  end
  local rows = {}
  for _, spec in ipairs(ABOVE) do
    local row = blank()
    if spec == "bars" then
      for _, prev in ipairs(rows[#rows].entries) do put(row, col[prev] + 1, "|") end
      rows[#rows + 1] = { row = row, entries = rows[#rows].entries }
    else
      local entries = {}
      for _, e in ipairs(spec) do
        put(row, col[e[2]], cell(p, e[1]))
        entries[#entries + 1] = e[2]
      end
      rows[#rows + 1] = { row = row, entries = entries }
    end
  end
  local lines = {}
  for _, r in ipairs(rows) do lines[#lines + 1] = text_of(r.row) end
  lines[#lines + 1] = text_of(line)
  -- The branch below R7.
  local bar = blank()
  put(bar, col.R7 + 1, "|")
  lines[#lines + 1] = text_of(bar)
  local branch = blank()
  at = col.R7
  for i, id in ipairs(BRANCH) do
    if i > 1 then
      put(branch, at, "-")
      at = at + 1
    end
    local c = cell(p, id)
    col[id] = at
    put(branch, at, c)
    at = at + #c
  end
  lines[#lines + 1] = text_of(branch)
  local bars, below = blank(), blank()
  for _, e in ipairs(BELOW_BRANCH) do
    put(bars, col[e[2]] + 1, "|")
    put(below, col[e[2]], cell(p, e[1]))
  end
  lines[#lines + 1] = text_of(bars)
  lines[#lines + 1] = text_of(below)
  -- Knights, in sheet order.
  local knights = {}
  for _, s in ipairs(storage.sheet.list) do
    if s.type == "knight" then
      local name = s.id .. " " .. s.resource
      if game.count(p, s.id, BUILT) > 0 then
        local star = game.count(p, s.id, USED) > 0 and "*" or ""
        knights[#knights + 1] = "[" .. name .. star .. "]"
      else
        knights[#knights + 1] = " " .. name .. " "
      end
    end
  end
  lines[#lines + 1] = string.rep(" ", indent) .. "knights: " .. table.concat(knights, " ") ..
    "   (* joker used)"
  -- The score track: filled boxes, then empty ones.
  local boxes = {}
  local marks = storage.marks[p]
  for t = 1, options.turns do boxes[t] = marks[t] or "." end
  lines[#lines + 1] = string.rep(" ", indent) .. "track: " .. table.concat(boxes, " ") ..
    " = " .. score(p)
  return lines
end

-- The header line for p's last turn.
local function header(p)
  local turn = storage.turn
  local played = turns_played(p)
  local last = storage.track[p][played]
  local what
  if #turn.built == 0 then
    what = "built nothing, " .. last
  else
    what = "built " .. table.concat(turn.built, " ") .. ", " .. (last >= 0 and "+" or "") .. last
  end
  return string.format("player %d, turn %d of %d: %s (score %d)", p, played, options.turns,
    what, score(p))
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
