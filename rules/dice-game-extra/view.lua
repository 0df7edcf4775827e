-- The shared island as text, shown (game.show) after every turn to people watching the game
-- (`catan play`; batches skip it). Nodes: "o" an unbuilt site, "." no site, a letter a-d the
-- settlement of player 1-4, A-D the city of player 1-4. Roads: "|", "/" and "\"
-- unbuilt, the owner's digit built. Hexes: resource (Or, Gr, Wo, Lu, Br, De for the desert) and
-- knight ("k" free, the owner's digit, "*" once its joker is used). Below the map, one line per
-- player: victory points, road length, knights, the awards.

local SHORT = { ore = "Or", grain = "Gr", wool = "Wo", lumber = "Lu", brick = "Br", desert = "De" }
local CITY_MARK = { "A", "B", "C", "D" }
local SETTLEMENT_MARK = { "a", "b", "c", "d" }

local function col(x) return 3 * (x + 5) + 4 end
local function row(y) return y + 9 end

function map_lines()
  local map = storage.map
  local grid = {}
  local function put(r, c, text)
    grid[r] = grid[r] or {}
    for i = 1, #text do grid[r][c + i - 1] = text:sub(i, i) end
  end
  for _, h in ipairs(map.hexes) do
    local k = storage.knight[h.id]
    local mark = k and (tostring(k) .. (storage.used[h.id] and "*" or "")) or "k"
    put(row(h.y), col(h.x) - 2, SHORT[h.resource] .. " " .. mark)
  end
  for _, e in ipairs(map.roads) do
    local a, b = map.nodes[e.a], map.nodes[e.b]
    local owner = storage.road[e.id]
    if a.x == b.x then
      put(row(a.y) + 1, col(a.x), owner and tostring(owner) or "|")
    else
      -- a is the upper node (nodes are numbered by y).
      local ch = owner and tostring(owner) or (b.x > a.x and "\\" or "/")
      local step = b.x > a.x and 1 or -1
      put(row(a.y), col(a.x) + step, ch)
      put(row(b.y), col(b.x) - step, ch)
    end
  end
  for _, n in ipairs(map.nodes) do
    local holder = storage.site[n.id]
    local mark
    if holder ~= nil then
      mark = storage.city[n.id] and CITY_MARK[holder] or SETTLEMENT_MARK[holder]
    else
      mark = n.site and "o" or "."
    end
    put(row(n.y), col(n.x), mark)
  end
  local lines = {}
  for r = row(-8), row(8) do
    local chars, n = {}, 0
    for c in pairs(grid[r] or {}) do if c > n then n = c end end
    for c = 1, n do chars[c] = (grid[r] or {})[c] or " " end
    lines[#lines + 1] = table.concat(chars)
  end
  lines[#lines + 1] = "  roads: owner's digit; o site, a-d settlement, A-D city of player 1-4; k knight space"
  for p = 1, game.players() do
    local awards = {}
    if game.get("longest_road") == p then awards[#awards + 1] = "Longest Road" end
    if game.get("largest_army") == p then awards[#awards + 1] = "Largest Army" end
    lines[#lines + 1] = string.format("  player %d: %d victory points (road %d, knights %d%s)", p,
      score(p), game.player_get(p, "road_length"), game.player_get(p, "knights"),
      #awards > 0 and ("; " .. table.concat(awards, ", ")) or "")
  end
  return lines
end

function show_map(p)
  if not game.showing() then return end
  local turn = storage.turn
  local lines = { string.format("player %d, turn %d (%d dice): %s", p, turns_played(p), turn.dice,
    #turn.built == 0 and "built nothing" or ("built " .. table.concat(turn.built, ", "))) }
  for _, l in ipairs(map_lines()) do lines[#lines + 1] = l end
  game.show(table.concat(lines, "\n") .. "\n")
end
