-- The island sheet (Island Two): what can be built, what each thing costs and scores, and what
-- must be built before it. The sheet is a small graph: roads branch out from the printed start
-- road and every settlement and city hangs off one road; unlike Island One nothing else has an
-- order, except the desert's two knights, which give their joker as a pair.
--
-- An entry: {id, type, points, road, after, resource}
--   road      the road that must be built first ("start" = the printed start road, which every
--             sheet has; nil = no road needed, as for knights). Roads name their parent road.
--   after     the entry that must be built first (D1 for D2)
--   resource  knights only: the face the knight's joker turns a die into ("any" = any resource)
-- The dice.sheet event lets another pack change the entries and costs before the game starts.

COSTS = {
  road = { brick = 1, lumber = 1 },
  knight = { ore = 1, wool = 1, grain = 1 },
  settlement = { brick = 1, lumber = 1, wool = 1, grain = 1 },
  city = { ore = 3, grain = 2 },
}

-- Island Two (this pack's reading of the printed sheet; docs/dice-game.md says why). Roads
-- R1..R14 branch out from the printed start road; a road's `road` is the road it continues (it
-- starts where that one ends, so two roads continuing one road meet at its end). Settlements
-- score 1 victory point, cities 2, roads and knights none: they count towards Longest Road and
-- Largest Army (scoring.lua). Nothing but the roads has an order: settlements, cities and knights
-- may be built in any order, each settlement and city next to its road. Knights K1..K5 stand on
-- the five resource hexes and give that resource's joker; the desert holds two knights, D1 and
-- D2, and only the pair gives a joker (any resource), so D2 is the second of them.
ISLAND_TWO = {
  { id = "R1", type = "road", points = 0, road = "start" },
  { id = "R2", type = "road", points = 0, road = "R1" },
  { id = "R3", type = "road", points = 0, road = "R2" },
  { id = "R4", type = "road", points = 0, road = "R3" },
  { id = "R5", type = "road", points = 0, road = "R4" },
  { id = "R6", type = "road", points = 0, road = "R5" },
  { id = "R7", type = "road", points = 0, road = "R1" },
  { id = "R8", type = "road", points = 0, road = "R7" },
  { id = "R9", type = "road", points = 0, road = "R8" },
  { id = "R10", type = "road", points = 0, road = "R9" },
  { id = "R11", type = "road", points = 0, road = "R5" },
  { id = "R12", type = "road", points = 0, road = "R11" },
  { id = "R13", type = "road", points = 0, road = "R12" },
  { id = "R14", type = "road", points = 0, road = "R13" },
  { id = "S1", type = "settlement", points = 1, road = "start" },
  { id = "S2", type = "settlement", points = 1, road = "R2" },
  { id = "S3", type = "settlement", points = 1, road = "R4" },
  { id = "S4", type = "settlement", points = 1, road = "R6" },
  { id = "S5", type = "settlement", points = 1, road = "R8" },
  { id = "S6", type = "settlement", points = 1, road = "R10" },
  { id = "S7", type = "settlement", points = 1, road = "R12" },
  { id = "C1", type = "city", points = 2, road = "R3" },
  { id = "C2", type = "city", points = 2, road = "R5" },
  { id = "C3", type = "city", points = 2, road = "R9" },
  { id = "C4", type = "city", points = 2, road = "R14" },
  { id = "K1", type = "knight", points = 0, resource = "ore" },
  { id = "K2", type = "knight", points = 0, resource = "grain" },
  { id = "K3", type = "knight", points = 0, resource = "wool" },
  { id = "K4", type = "knight", points = 0, resource = "lumber" },
  { id = "K5", type = "knight", points = 0, resource = "brick" },
  { id = "D1", type = "knight", points = 0 },
  { id = "D2", type = "knight", points = 0, resource = "any", after = "D1" },
}

-- Checks a sheet and turns it into storage.sheet. The entries themselves are completed in place
-- (the tables of ISLAND_TWO are made afresh for every game, like every table an entry script
-- builds, so nothing needs copying):
--   list    the entries in sheet order, each with: id, type, points, road, after, resource,
--           index (position in list), cost ({resource = n}), need (the cost as a flat array
--           {face index, n, face index, n, ...}), dice (dice it costs), option (its option in
--           the build menu: {id = "build:<id>", action = "build", structure = id}); entries of
--           one type share their cost and need tables
--   by_id   id -> entry
--   knights the entries with a joker (a resource), in sheet order
--   costs   type -> {resource = n}
local function freeze_sheet(structures, costs)
  local function check(ok, ...)
    if not ok then error("dice.sheet: " .. table.concat({ ... }), 0) end
  end
  -- Per type: the cost without zeroes, as a flat array, and its dice.
  local cost_of, need_of, dice_of = {}, {}, {}
  for t, c in pairs(costs) do
    local cost, need, n = {}, {}, 0
    for j = 1, #RESOURCES do
      local r = RESOURCES[j]
      local k = c[r] or 0
      check(math.type(k) == "integer" and k >= 0, "the cost of ", t, " in ", r, " must be a count")
      if k > 0 then
        cost[r] = k
        need[#need + 1] = j
        need[#need + 1] = k
      end
      n = n + k
    end
    cost_of[t], need_of[t], dice_of[t] = cost, need, n
  end
  local by_id = {}
  for i = 1, #structures do
    local s = structures[i]
    local id = s.id
    check(type(id) == "string" and id ~= "start" and FACE_INDEX[id] == nil,
      "entry ", i, " needs an id other than 'start' and the die faces")
    check(by_id[id] == nil, "two entries are called ", id)
    check(cost_of[s.type] ~= nil, id, " has a type without a cost")
    check(math.type(s.points) == "integer", id, " needs integer points")
    by_id[id] = s
  end
  local knights = {}
  for i = 1, #structures do
    local s = structures[i]
    local road, after, resource = s.road, s.after, s.resource
    if road ~= nil and road ~= "start" then
      local r = by_id[road]
      check(r ~= nil and r.type == "road", s.id, " needs a road that is not on the sheet")
    end
    check(after == nil or by_id[after] ~= nil, s.id, " comes after an entry not on the sheet")
    if resource ~= nil then
      check(resource == "any" or FACE_INDEX[resource] ~= nil, s.id,
        " has a joker resource that is no face")
      knights[#knights + 1] = s
    end
    local t = s.type
    s.index, s.cost, s.need, s.dice = i, cost_of[t], need_of[t], dice_of[t]
    s.option = { id = "build:" .. s.id, action = "build", structure = s.id }
  end
  return { list = structures, by_id = by_id, knights = knights, costs = costs }
end

game.on("game.setup", function()
  game.raise("dice.sheet", { structures = ISLAND_TWO, costs = COSTS }, function(e)
    storage.sheet = freeze_sheet(e.structures, e.costs)
  end)
  assert(storage.sheet, "dice.sheet: a handler replaced the default action but built no sheet")
  for _, s in ipairs(storage.sheet.list) do game.add_kind(s.id) end
end)

-- Whether p has built the structure `id` ("start" is always built).
function is_built(p, id)
  return id == "start" or game.count(p, id, BUILT) > 0
end

-- Whether the prerequisites of entry `s` are met for p: its road and its predecessor are built.
-- Says nothing about s itself or its cost.
function prerequisites_met(p, s)
  local count = game.count
  local road, after = s.road, s.after
  if road ~= nil and road ~= "start" and count(p, road, BUILT) == 0 then return false end
  if after ~= nil and count(p, after, BUILT) == 0 then return false end
  return true
end

-- Entries p may build next (not built, prerequisites met), in sheet order, ignoring the cost.
function open_structures(p)
  local count = game.count
  local open = {}
  for _, s in ipairs(storage.sheet.list) do
    if count(p, s.id, BUILT) == 0 and prerequisites_met(p, s) then open[#open + 1] = s end
  end
  return open
end

-- Whether p's unused joker of knight `id` may be used: the knight is built, its joker unused.
function joker_ready(p, id)
  return game.count(p, id, BUILT) > 0 and game.count(p, id, USED) == 0
end
