-- Knight actions (facts 52, 53, 58-64; open questions 3, 5): move, displace, chase the robber.
--
-- A knight acts on its owner's turn from the main menu (base.actions, so after the roll: fact
-- 60) while knight_can_act (active, not activated or built this turn: fact 52, open question
-- 3; a promotion changes nothing: fact 58). Acting makes it inactive (fact 59), so it acts once
-- a turn: activated again the same turn it defends, but cannot act (fact 53).
-- Reach (facts 61, 63): from its node a knight of p follows p's roads, passing only nodes that
-- are empty or hold p's pieces; the empty nodes reached are where it may move, the opponents'
-- knights reached are those it may meet (knight_reach).
-- Menu entries, per knight of p that can act (fields node, level):
--   {id = "move_knight:<node>", action = "move_knight"}         an empty node in reach: decision
--       "ck.knight_move" among {id = "node:N", node = N} (fact 61);
--   {id = "displace_knight:<node>", action = "displace_knight"} an opponent's knight in reach of
--       strictly lower level: decision "ck.knight_displace" among {id = "node:N", node = N,
--       player = Q, level = L}; the knight takes that node, and the displaced one retreats
--       (retreat_knight; fact 62);
--   {id = "chase_robber:<node>", action = "chase_robber"}       the knight stands on a corner of
--       the robber's hex and the robber is free (robber_free, fact 45): p moves the robber and
--       robs as on a 7 (base's move_robber: decisions "base.robber", "base.victim"; fact 64).
-- Retreat (fact 63, open question 5): the displaced knight's owner q puts it on an empty node
-- in q's reach from its old node (decision "ck.knight_retreat" of q among {id = "node:N",
-- node = N}); with none it goes back to q's supply. It keeps its state and turn props (fact 56).
-- A knight carries its node props (KNIGHT_PROPS) when it moves; road lengths and Longest Road
-- are recounted (update_awards) after each change, before the next decision.
-- State: storage.knight_moves, knight_displacements, robber_chases (stats at the game's end).

local base = require("base")
local update_awards, move_robber = base.update_awards, base.move_robber

-- The node props a knight takes with it.
local KNIGHT_PROPS = { "building", "owner", "active", "active_turn", "promoted_turn" }

-- Node options {id = "node:N", node = N} of the array `nodes`.
function node_options(nodes)
  local opts = {}
  for i, n in ipairs(nodes) do opts[i] = { id = "node:" .. n, node = n } end
  return opts
end

-- The nodes in reach of p's knight on node `from` (see the header): the empty ones and those
-- holding an opponent's knight, each array ascending; `from` itself is in neither.
function knight_reach(p, from)
  local seen, queue = { [from] = true }, { from }
  local empty, knights = {}, {}
  local i = 1
  while i <= #queue do
    local v = queue[i]
    i = i + 1
    for _, e in ipairs(board.node_paths(v)) do
      if board.path_get(e, "road") == p then
        local ends = board.path_nodes(e)
        local w = ends[1] == v and ends[2] or ends[1]
        if not seen[w] then
          seen[w] = true
          local b = board.node_get(w, "building")
          if b == nil then
            empty[#empty + 1] = w
            queue[#queue + 1] = w
          elseif board.node_get(w, "owner") == p then
            queue[#queue + 1] = w
          elseif KNIGHT_LEVEL[b] then
            knights[#knights + 1] = w
          end
        end
      end
    end
  end
  table.sort(empty)
  table.sort(knights)
  return empty, knights
end

-- The opponents' knights p's knight of `level` on node n may displace, as decision options.
local function displace_options(p, n, level)
  local _, knights = knight_reach(p, n)
  local opts = {}
  for _, m in ipairs(knights) do
    local l = KNIGHT_LEVEL[board.node_get(m, "building")]
    if l < level then
      opts[#opts + 1] = { id = "node:" .. m, node = m, player = board.node_get(m, "owner"), level = l }
    end
  end
  return opts
end

-- Whether the knight on node n may chase the robber (the knight's own state aside).
local function can_chase(n)
  local robber = game.get("robber")
  if robber == nil or not robber_free() then return false end
  for _, m in ipairs(board.tile_nodes(robber)) do
    if m == n then return true end
  end
  return false
end

-- Takes the knight on node n off the board into its owner's supply. Returns its record
-- (KNIGHT_PROPS as fields) for put_knight.
function lift_knight(n)
  local k = {}
  for _, key in ipairs(KNIGHT_PROPS) do
    k[key] = board.node_get(n, key)
    board.node_set(n, key, nil)
  end
  game.add(k.owner, k.building, 1, "piece")
  recount_knights(k.owner, k.building)
  return k
end

-- Puts the knight of record k (owner, building, state) from its owner's supply on the empty
-- node n.
function put_knight(k, n)
  game.remove(k.owner, k.building, 1, "piece")
  for _, key in ipairs(KNIGHT_PROPS) do board.node_set(n, key, k[key]) end
  recount_knights(k.owner, k.building)
end

-- Moves the knight on node `from` to the empty node `to`, inactive (it acted).
local function shift_knight(from, to)
  for _, key in ipairs(KNIGHT_PROPS) do
    board.node_set(to, key, board.node_get(from, key))
    board.node_set(from, key, nil)
  end
  board.node_set(to, "active", nil)
end

-- The displaced knight of record k, lifted from node n, retreats (see the header). Returns its
-- new node, nil when it went back to supply.
function retreat_knight(k, n)
  local empty = knight_reach(k.owner, n)
  if #empty == 0 then return nil end
  local to = game.decide(k.owner, "ck.knight_retreat", node_options(empty)).node
  put_knight(k, to)
  update_awards()
  return to
end

-- p's knight on node n acts: moves to an empty node of p's choice.
local function run_move(p, entry)
  local to = game.decide(p, "ck.knight_move", node_options((knight_reach(p, entry.node)))).node
  shift_knight(entry.node, to)
  update_awards()
  storage.knight_moves = storage.knight_moves + 1
end

-- p's knight on node n acts: displaces a weaker opponent's knight of p's choice.
local function run_displace(p, entry)
  local to = game.decide(p, "ck.knight_displace", displace_options(p, entry.node, entry.level)).node
  local k = lift_knight(to)
  shift_knight(entry.node, to)
  update_awards()
  retreat_knight(k, to)
  storage.knight_displacements = storage.knight_displacements + 1
end

-- p's knight on node n acts: chases the robber.
local function run_chase(p, entry)
  board.node_set(entry.node, "active", nil)
  move_robber(p)
  storage.robber_chases = storage.robber_chases + 1
end

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  for _, k in ipairs(knights_of(p)) do
    local n = k.node
    if knight_can_act(n) then
      if #knight_reach(p, n) > 0 then
        actions[#actions + 1] = { id = "move_knight:" .. n, action = "move_knight", node = n,
                                  level = k.level, run = run_move }
      end
      if #displace_options(p, n, k.level) > 0 then
        actions[#actions + 1] = { id = "displace_knight:" .. n, action = "displace_knight",
                                  node = n, level = k.level, run = run_displace }
      end
      if can_chase(n) then
        actions[#actions + 1] = { id = "chase_robber:" .. n, action = "chase_robber", node = n,
                                  level = k.level, run = run_chase }
      end
    end
  end
end)

game.describe("base.action", function(o)
  if o.action == "move_knight" then
    return string.format("move the %s knight on node %d", LEVEL_NAME[o.level], o.node)
  elseif o.action == "displace_knight" then
    return string.format("displace a weaker knight with the %s knight on node %d",
      LEVEL_NAME[o.level], o.node)
  elseif o.action == "chase_robber" then
    return string.format("chase the robber with the %s knight on node %d", LEVEL_NAME[o.level],
      o.node)
  end
end)

for _, kind in ipairs({ "ck.knight_move", "ck.knight_retreat" }) do
  game.describe(kind, function(o) return "node " .. o.node end)
end

game.describe("ck.knight_displace", function(o)
  return string.format("node %d: player %d's %s knight", o.node, o.player, LEVEL_NAME[o.level])
end)

game.on("game.setup", function()
  storage.knight_moves, storage.knight_displacements, storage.robber_chases = 0, 0, 0
end)

game.on("game.end", function()
  for _, key in ipairs({ "knight_moves", "knight_displacements", "robber_chases" }) do
    game.set("stats." .. key, storage[key])
  end
end, { priority = 1 }) -- after city-walls' game.end (it publishes stats: the order is immaterial)
