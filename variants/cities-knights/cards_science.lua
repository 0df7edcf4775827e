-- The science cards' effects (facts P1-P10; progress_play.lua plays them).
--
--   Alchemist      at the roll (base.roll, before the event die is rolled and before the white
--                  and red dice are shown): a holder decides "ck.alchemist" among {id = "roll"}
--                  and {id = "dice:W-R", white = W, red = R} for W, R in 1..6; a chosen pair
--                  spends the card and sets the dice; the event die follows (dice.lua) and
--                  production comes from the chosen dice (P1).
--   Crane          the next improvement this turn costs 1 commodity less (improvements.lua);
--                  offered when that makes an improvement affordable now, and not while a
--                  Crane played this turn is unused (P2).
--   Engineer       one wall free (base.choose_and_place, decision "base.place_wall") under one
--                  of p's cities without one (city_walls.lua's wall_spots); offered while p has a
--                  wall in supply and such a city (P3).
--   Inventor       swaps the number tokens of two hexes whose numbers are neither 2, 12, 6 nor 8
--                  (base's set_tile_number), anywhere, the robber's hex included: decision
--                  "ck.inventor" among {id = "tile:T", tile = T}, then "ck.inventor_swap" among the
--                  others, {id = "tile:T", tile = T, with = the first tile}; offered while two
--                  such hexes exist (P4).
--   Irrigation     2 grain per fields hex next to one of p's settlements or cities, at most
--                  what the bank holds; the robber's hex counts (P5, open question 13).
--   Mining         the same with ore and mountains (P7).
--   Medicine       p pays 2 ore + 1 grain and upgrades a settlement of their choice (base.grant
--                  of a city: decision "base.place_city") (P6).
--   Road Building  2 roads free, each through base.grant (decision "base.place_road"); the
--                  second only while one can be placed (P9).
--   Smith          up to 2 different knights promoted one level free (knights.lua's rules
--                  otherwise: the Fortress for mighty, a piece in supply): decision "ck.smith"
--                  among {id = "node:N", node = N}, the second also offering {id = "stop"} (P10).

local base = require("base")
local MEDICINE_COST = { ore = 2, grain = 1 }
-- Numbers the Inventor never moves.
local INVENTOR_FIXED = { [2] = true, [12] = true, [6] = true, [8] = true }
local HARVEST = { irrigation = "grain", mining = "ore" }
local SMITH_PROMOTIONS = 2

-- The tiles of `resource` next to at least one of p's settlements or cities.
function tiles_next_to(p, resource)
  local seen, list = {}, {}
  for n = 1, board.nodes() do
    local b = board.node_get(n, "building")
    if (b == "settlement" or b == "city") and board.node_get(n, "owner") == p then
      for _, tile in ipairs(board.node_tiles(n)) do
        if not seen[tile] and board.tile_get(tile, "resource") == resource then
          seen[tile] = true
          list[#list + 1] = tile
        end
      end
    end
  end
  return list
end

local function grant_ok(p, item)
  local e = { player = p, item = item, check = true }
  game.raise("base.grant", e)
  return e.ok == true
end

local function grant(p, item)
  game.raise("base.grant", { player = p, item = item })
end

for card, resource in pairs(HARVEST) do
  PROGRESS_EFFECTS[card] = {
    can = function(p)
      return #tiles_next_to(p, resource) > 0 and game.count("bank", resource, "card") > 0
    end,
    play = function(p)
      local n = math.min(2 * #tiles_next_to(p, resource), game.count("bank", resource, "card"))
      game.move("bank", p, resource, n, "card")
    end,
  }
end

PROGRESS_EFFECTS.medicine = {
  can = function(p)
    return require("base").can_pay(p, "city", MEDICINE_COST) and grant_ok(p, "city")
  end,
  play = function(p)
    require("base").pay(p, "city", MEDICINE_COST)
    grant(p, "city")
  end,
}

PROGRESS_EFFECTS.road_building = {
  can = function(p) return grant_ok(p, "road") end,
  play = function(p)
    grant(p, "road")
    if grant_ok(p, "road") then grant(p, "road") end
  end,
}

PROGRESS_EFFECTS.crane = {
  can = function(p)
    if storage.crane[p] == game.turn() then return false end
    for _, track in ipairs(TRACKS) do
      if not can_improve(p, track) and can_improve(p, track, true) then return true end
    end
    return false
  end,
  play = function(p) storage.crane[p] = game.turn() end,
}

PROGRESS_EFFECTS.engineer = {
  can = function(p) return game.count(p, "wall", "piece") > 0 and #wall_spots(p) > 0 end,
  play = function(p) base.choose_and_place(p, "wall", { free = true }) end,
}

-- The hexes the Inventor may swap (ascending), `except` left out, as decision options ({id =
-- "tile:T", tile = T}, plus with = `except` when given).
function inventor_options(except)
  local opts = {}
  for t = 1, board.tiles() do
    local n = board.tile_get(t, "number")
    if t ~= except and n and not INVENTOR_FIXED[n] then
      opts[#opts + 1] = { id = "tile:" .. t, tile = t, with = except }
    end
  end
  return opts
end

PROGRESS_EFFECTS.inventor = {
  can = function(p) return #inventor_options() >= 2 end,
  play = function(p)
    local a = game.decide(p, "ck.inventor", inventor_options()).tile
    local b = game.decide(p, "ck.inventor_swap", inventor_options(a)).tile
    local na, nb = board.tile_get(a, "number"), board.tile_get(b, "number")
    base.set_tile_number(a, nb)
    base.set_tile_number(b, na)
    if game.verbose() then
      game.log(string.format("player %d swaps the numbers of tiles %d (now %d) and %d (now %d)",
        p, a, nb, b, na))
    end
  end,
}

-- p's knights the Smith may promote now, as decision options.
local function smith_options(p)
  local opts = {}
  for _, k in ipairs(knights_of(p)) do
    if can_promote(p, k.node, true) then opts[#opts + 1] = { id = "node:" .. k.node, node = k.node } end
  end
  return opts
end

PROGRESS_EFFECTS.smith = {
  can = function(p) return #smith_options(p) > 0 end,
  play = function(p)
    for i = 1, SMITH_PROMOTIONS do
      local opts = smith_options(p)
      if #opts == 0 then return end
      if i > 1 then opts[#opts + 1] = { id = "stop" } end
      local o = game.decide(p, "ck.smith", opts)
      if o.node == nil then return end
      promote_knight(p, o.node, true)
    end
  end,
}

-- The Alchemist (see the header).
local ALCHEMIST_OPTIONS = { { id = "roll" } }
for w = 1, 6 do
  for r = 1, 6 do
    ALCHEMIST_OPTIONS[#ALCHEMIST_OPTIONS + 1] = { id = "dice:" .. w .. "-" .. r, white = w, red = r }
  end
end

game.on("base.roll", function(e)
  local p = e.player
  if game.count(p, "alchemist", "progress") == 0 then return end
  local o = game.decide(p, "ck.alchemist", ALCHEMIST_OPTIONS)
  if o.white == nil then return end
  spend_progress(p, "alchemist")
  e.dice = { o.white, o.red }
  e.total = o.white + o.red
end, { priority = 50 })

game.describe("ck.alchemist", function(o)
  if o.white == nil then return "roll the dice" end
  return string.format("play the Alchemist: white %d, red %d", o.white, o.red)
end)

for _, kind in ipairs({ "ck.inventor", "ck.inventor_swap" }) do
  game.describe(kind, function(o)
    return string.format("tile %d (%s %d)", o.tile, board.tile_get(o.tile, "resource"),
      board.tile_get(o.tile, "number"))
  end)
end

game.describe("ck.smith", function(o)
  if o.node == nil then return "stop" end
  return string.format("promote the knight on node %d", o.node)
end)
