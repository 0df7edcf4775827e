-- Knights (facts 47-59): 2 basic, 2 strong and 2 mighty per player (fact 5).
--
-- State: each level is a base piece, a unit on a node (base.pieces `unit`: an empty node at
-- the end of an own road, no distance rule, no harbor, not robbed for; as an opponent's piece it
-- blocks roads through its node and breaks road lengths there, facts 65-67): node props owner = seat, building = "basic_knight",
-- "strong_knight" or "mighty_knight"; node prop active = true while active (nil inactive);
-- node prop active_turn = the turn (game.turn()) it was last activated or built, and
-- promoted_turn = the turn it was last promoted. No production (yield 0), no points.
-- Player props basic_knights, strong_knights, mighty_knights (base's piece counts).
-- Rules:
--   build     a basic knight, 1 wool + 1 ore (fact 47), through base's own menu entry
--             "build:basic_knight" and decision "base.place_basic_knight": an empty node at the
--             end of one of the owner's roads, no distance rule (fact 48); placed inactive
--             (fact 49). Strong and mighty knights are placed by promotion only (their build
--             entries are removed from the menu).
--   activate  {id = "activate:<node>", action = "activate_knight", node, level}: an inactive
--             own knight, 1 grain (facts 50, 51).
--   promote   {id = "promote:<node>", action = "promote_knight", node, level (the new one)}:
--             1 wool + 1 ore, the next level's piece in supply (the old one goes back), a
--             mighty knight only with politics level >= options.ability_level (the Fortress;
--             facts 54, 55, 57); it keeps its active state (fact 56); once per knight per turn,
--             a knight built this turn may be promoted (open question 4).
-- Reading (open question 3): a knight activated or built this turn may not act this turn
-- (knight_can_act); the actions are knight_actions.lua.

KNIGHTS = { "basic_knight", "strong_knight", "mighty_knight" }
KNIGHT_LEVEL = { basic_knight = 1, strong_knight = 2, mighty_knight = 3 }
local KNIGHT_COST = { wool = 1, ore = 1 }
local ACTIVATE_COST = { grain = 1 }
local KNIGHT_LIMIT = 2 -- of each level per player (fact 5)

-- What a promotion and an activation are paid for, as base.can_pay / base.pay see it.
local COST_ITEM = { [KNIGHT_COST] = "knight promotion", [ACTIVATE_COST] = "knight activation" }
local base_lib = require("base")

-- Whether p can pay `cost` (KNIGHT_COST or ACTIVATE_COST) from its funds: cards, or any mix
-- with the forms other packs add (resource tokens), through base.can_pay.
local function holds(p, cost)
  return base_lib.can_pay(p, COST_ITEM[cost], cost)
end

-- p pays `cost` to the bank through base.pay (a payer holding tokens picks the mix).
local function pay(p, cost)
  base_lib.pay(p, COST_ITEM[cost], cost)
end

game.on("base.pieces", function(e)
  for i, name in ipairs(KNIGHTS) do
    e.pieces[name] = { cost = i == 1 and KNIGHT_COST or {}, limit = KNIGHT_LIMIT, vp = 0, on = "node",
                       unit = true, yield = 0 }
  end
end)

-- p's knights as an array of {node, level, active}, by node. Kept in storage.knight_lists while
-- the board is unchanged (board.version(): placing, moving, activating a knight all change it):
-- callers read the array and its records, never change them.
function knights_of(p)
  local cache = storage.knight_lists
  local version = board.version()
  if cache == nil or cache.version ~= version then
    cache = { version = version }
    storage.knight_lists = cache
  end
  local list = cache[p]
  if list then return list end
  list = {}
  local building, owner = storage.building, storage.owner -- live node views (game.lua)
  for n = 1, board.nodes() do
    local level = KNIGHT_LEVEL[building[n] or ""]
    if level and owner[n] == p then
      list[#list + 1] = { node = n, level = level, active = board.node_get(n, "active") == true }
    end
  end
  cache[p] = list
  return list
end

-- The strength of p's active knights (basic 1, strong 2, mighty 3; fact 22).
function active_strength(p)
  local sum = 0
  for _, k in ipairs(knights_of(p)) do
    if k.active then sum = sum + k.level end
  end
  return sum
end

-- Whether the active knight on node n may act this turn (open question 3).
function knight_can_act(n)
  return board.node_get(n, "active") == true and board.node_get(n, "active_turn") ~= game.turn()
end

-- Makes every knight on the board inactive (after an attack, fact 43).
function deactivate_all_knights()
  for n = 1, board.nodes() do
    if board.node_get(n, "active") then board.node_set(n, "active", nil) end
  end
end

-- Activates p's knight on node n, paying 1 grain.
function activate_knight(p, n)
  pay(p, ACTIVATE_COST)
  board.node_set(n, "active", true)
  board.node_set(n, "active_turn", game.turn())
  storage.knights_activated = storage.knights_activated + 1
end

-- Sets player prop <piece>s (p's knights of that level on the board) from p's supply: call it
-- after moving a knight piece between the board and the supply by hand.
function recount_knights(p, piece)
  game.player_set(p, piece .. "s", KNIGHT_LIMIT - game.count(p, piece, "piece"))
end

-- Whether p may promote the knight on node n now (`free`: without paying, the Smith).
function can_promote(p, n, free)
  local level = KNIGHT_LEVEL[board.node_get(n, "building") or ""]
  if level == nil or level >= #KNIGHTS or board.node_get(n, "owner") ~= p then return false end
  if board.node_get(n, "promoted_turn") == game.turn() then return false end
  if level + 1 == #KNIGHTS and level_of(p, "politics") < options.ability_level then return false end
  return game.count(p, KNIGHTS[level + 1], "piece") > 0 and (free or holds(p, KNIGHT_COST))
end

-- Promotes p's knight on node n one level, paying 1 wool + 1 ore unless `free`. Error unless
-- can_promote.
function promote_knight(p, n, free)
  if not can_promote(p, n, free) then error(string.format("player %d cannot promote node %d", p, n), 2) end
  local old = board.node_get(n, "building")
  local new = KNIGHTS[KNIGHT_LEVEL[old] + 1]
  if not free then pay(p, KNIGHT_COST) end
  game.remove(p, new, 1, "piece")
  game.add(p, old, 1, "piece")
  board.node_set(n, "building", new)
  board.node_set(n, "promoted_turn", game.turn())
  recount_knights(p, old)
  recount_knights(p, new)
  storage.knights_promoted = storage.knights_promoted + 1
end

local function run_activate(p, entry) activate_knight(p, entry.node) end
local function run_promote(p, entry) promote_knight(p, entry.node) end

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  for i = #actions, 1, -1 do
    local piece = actions[i].action == "build" and actions[i].piece
    if piece and KNIGHT_LEVEL[piece] and piece ~= KNIGHTS[1] then table.remove(actions, i) end
  end
  local grain = holds(p, ACTIVATE_COST)
  for _, k in ipairs(knights_of(p)) do
    if grain and not k.active then
      actions[#actions + 1] = { id = "activate:" .. k.node, action = "activate_knight",
                                node = k.node, level = k.level, run = run_activate }
    end
  end
  for _, k in ipairs(knights_of(p)) do
    if can_promote(p, k.node) then
      actions[#actions + 1] = { id = "promote:" .. k.node, action = "promote_knight",
                                node = k.node, level = k.level + 1, run = run_promote }
    end
  end
end)

game.on("base.built", function(e)
  if e.piece == KNIGHTS[1] then
    board.node_set(e.where, "active_turn", game.turn())
    storage.knights_built = storage.knights_built + 1
  end
end)

-- The name of each knight level, for the text people see (knight_actions.lua reads it too).
LEVEL_NAME = { "basic", "strong", "mighty" }

game.describe("base.action", function(o)
  if o.action == "activate_knight" then
    return string.format("activate the %s knight on node %d (1 grain)", LEVEL_NAME[o.level], o.node)
  elseif o.action == "promote_knight" then
    return string.format("promote the knight on node %d to %s (1 wool, 1 ore)", o.node,
      LEVEL_NAME[o.level])
  end
end)

game.on("game.setup", function()
  storage.knights_built, storage.knights_activated, storage.knights_promoted = 0, 0, 0
end)
