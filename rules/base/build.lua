-- Building: paying for things, where a piece may go, and placing it.
--
-- A piece is an entry of storage.pieces (core.lua; variants add entries through base.pieces).
-- Its `on` field says where it sits:
--   "node": node props owner = seat, building = piece name. With `upgrades = X` it replaces the
--           player's own X on that node and X goes back to the player's supply; without it the
--           node must be empty, respect the distance rule and (after setup) touch an own road.
--           With `beside` (true, or a set {building = true}) the piece is an attachment: it
--           joins one of the player's own buildings (of those kinds) on the node and sits in
--           node prop <piece name> = seat, at most one per node; the building stays (e.g. a
--           city wall). It needs no road and ignores the distance rule.
--   "path": path prop <piece name> = seat (the base road: path prop road). The path must hold
--           no road and no piece of that name, and touch an own building, or an own road at a
--           node not occupied by an opponent's building.
-- A variant piece may instead carry `spots = function(p, opts) -> array of ids` to decide its
-- own legal spots; placement still follows the `on` rules above.
--
-- Invariant: a player's pieces of a kind on the board = limit - the pieces in supply; player
-- props settlements / cities / roads (piece_plural) show that number.
-- Index (speed): storage.own[p][piece] lists the ids holding p's pieces of that kind, kept by
-- place_piece. Each read checks every entry against the board and the length against
-- limit - supply, and rescans the board on a mismatch: pieces removed or moved by hand are
-- noticed; a piece added by hand with board.node_set/path_set is seen once it was also taken
-- from the supply (game.remove(p, piece, 1, "piece"), which check mode requires anyway).
-- Query scope (speed): between begin_query_scope() and end_query_scope() the caller promises
-- that nothing changes the board or the supplies (a batch of read-only queries, e.g. the
-- main-phase menu); an index checked once inside the scope is then trusted without re-checking.

local node_get, path_get = board.node_get, board.path_get
local node_set, path_set = board.node_set, board.path_set
local count = game.count
local has_handlers = game.has_handlers

-- Options of a call that passed none (never modified).
local NO_OPTS = {}

-- Plural used for the player prop and the victory point source of a piece.
PIECE_PLURALS = { settlement = "settlements", city = "cities", road = "roads" }

-- The name of the player prop counting `piece` on the board ("cities" for "city").
function piece_plural(piece)
  return PIECE_PLURALS[piece] or (piece .. "s")
end

-- Per-game adjacency arrays of the board (built on first use, shared, read-only):
-- np[node] = paths at the node, nn[node] = neighbouring nodes, pa[path] / pb[path] = its end
-- nodes; scratch arrays: mark[node] / pmark[path] hold the stamp of the last search that
-- visited them (stamp grows by one per search), bval[node] is the node's building prop as
-- read during the search whose stamp is bmark[node] (false = none).
function board_graph()
  local g = storage.graph
  if g then return g end
  g = { np = {}, nn = {}, pa = {}, pb = {}, stamp = 0, mark = {}, pmark = {}, bmark = {},
        bval = {} }
  for n = 1, board.nodes() do
    g.np[n] = board.node_paths(n)
    g.nn[n] = board.node_nodes(n)
    g.mark[n] = 0
    g.bmark[n] = 0
  end
  for e = 1, board.paths() do
    local ends = board.path_nodes(e)
    g.pa[e], g.pb[e] = ends[1], ends[2]
    g.pmark[e] = 0
  end
  storage.graph = g
  return g
end

-- storage.own_checked[p][piece] = the query scope in which p's index of `piece` was last
-- checked (created on demand).
local function own_checked(p)
  return subtable(subtable(storage, "own_checked"), p)
end

-- Opens a query scope (see the header): indexes checked from now on are trusted until
-- end_query_scope(). Scopes do not nest.
function begin_query_scope()
  storage.query_scope = (storage.query_scope_id or 0) + 1
  storage.query_scope_id = storage.query_scope
end

-- Closes the query scope: every later own_pieces call checks its index again.
function end_query_scope()
  storage.query_scope = nil
end

-- The ids holding p's pieces of kind `piece` (the index above; do not modify the array).
function own_pieces(p, piece)
  local mine = subtable(subtable(storage, "own"), p)
  local list = mine[piece]
  local scope = storage.query_scope
  if scope and list ~= nil and own_checked(p)[piece] == scope then return list end
  local spec = storage.pieces[piece]
  local on_node = spec.on == "node"
  local beside = spec.beside
  if list ~= nil and #list == spec.limit - count(p, piece, "piece") then
    local valid = true
    for i = 1, #list do
      local id = list[i]
      if beside then
        valid = node_get(id, piece) == p
      elseif on_node then
        valid = node_get(id, "owner") == p and node_get(id, "building") == piece
      else
        valid = path_get(id, piece) == p
      end
      if not valid then break end
    end
    if valid then
      if scope then own_checked(p)[piece] = scope end
      return list
    end
  end
  list = {}
  if beside then
    for n = 1, board.nodes() do
      if node_get(n, piece) == p then list[#list + 1] = n end
    end
  elseif on_node then
    for n = 1, board.nodes() do
      if node_get(n, "owner") == p and node_get(n, "building") == piece then list[#list + 1] = n end
    end
  else
    for e = 1, board.paths() do
      if path_get(e, piece) == p then list[#list + 1] = e end
    end
  end
  mine[piece] = list
  if scope then own_checked(p)[piece] = scope end
  return list
end

-- True when p can pay `cost` for `item` (a piece name or DEV_ITEM). Without handlers of
-- base.can_pay this is has_cards(p, cost) (has_funds(p, cost) while base.funds has handlers);
-- handlers may set payload.ok.
function can_pay(p, item, cost)
  local ok
  if storage.funds_hooked then ok = has_funds(p, cost) else ok = has_cards(p, cost) end
  if has_handlers("base.can_pay") then
    local e = { player = p, item = item, cost = cost, ok = ok }
    game.raise("base.can_pay", e)
    ok = e.ok
  end
  return ok and true or false
end

local function pay_default(e)
  local cost = e.cost
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    local n = cost[r]
    if n and n > 0 then game.move(e.player, "bank", r, n, "card") end
  end
end

-- Pays `cost` for `item` through base.pay; the default moves the cards to the bank (error if p
-- lacks them: check can_pay first).
function pay(p, item, cost)
  game.raise("base.pay", { player = p, item = item, cost = cost }, pay_default)
end

-- True when node n holds a building, reading the board at most once per node and search
-- (g.bmark / g.bval, stamp = the search's g.stamp).
local function built_at(n, g, stamp)
  local bmark = g.bmark
  if bmark[n] == stamp then return g.bval[n] end
  local b = node_get(n, "building") ~= nil
  bmark[n] = stamp
  g.bval[n] = b
  return b
end

-- True when node n is empty and no neighbouring node holds a building (the distance rule);
-- g and stamp as for built_at.
local function node_open(n, g, stamp)
  if built_at(n, g, stamp) then return false end
  local nbs = g.nn[n]
  for i = 1, #nbs do
    if built_at(nbs[i], g, stamp) then return false end
  end
  return true
end

-- True when path e is free for a piece named `piece`.
local function path_free(e, piece)
  return path_get(e, "road") == nil and (piece == "road" or path_get(e, piece) == nil)
end


-- Path pieces of p that extend the road network (the base road).
local function own_roads(p)
  if storage.pieces.road == nil then return {} end
  return own_pieces(p, "road")
end

-- Appends to `out` the free paths at node v for `piece` not yet taken this search (g.pmark[e]
-- == stamp); with `first`, returns true at the first one.
local function free_paths_at(v, piece, g, stamp, out, first)
  local ps = g.np[v]
  local pmark = g.pmark
  for i = 1, #ps do
    local e = ps[i]
    if pmark[e] ~= stamp and path_free(e, piece) then
      if first then return true end
      pmark[e] = stamp
      out[#out + 1] = e
    end
  end
  return false
end

-- Legal spots; with `first` true returns true/false (is there any) instead of the array.
local function spots(p, piece, opts, first)
  local spec = storage.pieces[piece]
  if spec == nil then error("unknown piece '" .. tostring(piece) .. "'", 3) end
  opts = opts or NO_OPTS
  if spec.spots then
    local list = spec.spots(p, opts)
    if first then return #list > 0 end
    return list
  end
  local g = board_graph()
  local out = {}
  if spec.on == "node" then
    local upgrades = spec.upgrades
    if spec.beside then
      -- p's buildings of the allowed kinds that do not hold this piece yet.
      local names, pieces = storage.piece_names, storage.pieces
      for j = 1, #names do
        local name = names[j]
        if pieces[name].on == "node" and not pieces[name].beside
            and (spec.beside == true or spec.beside[name]) then
          local nodes = own_pieces(p, name)
          for i = 1, #nodes do
            if node_get(nodes[i], piece) == nil then
              if first then return true end
              out[#out + 1] = nodes[i]
            end
          end
        end
      end
    elseif upgrades then
      local list = own_pieces(p, upgrades)
      if first then return #list > 0 end
      for i = 1, #list do out[i] = list[i] end
    elseif opts.setup then
      -- Every node without a building on it or next to it: mark the buildings' surroundings.
      g.stamp = g.stamp + 1
      local stamp, mark, nn = g.stamp, g.mark, g.nn
      for n = 1, #nn do
        if node_get(n, "building") ~= nil then
          mark[n] = stamp
          local nbs = nn[n]
          for i = 1, #nbs do mark[nbs[i]] = stamp end
        end
      end
      for n = 1, #nn do
        if mark[n] ~= stamp then
          if first then return true end
          out[#out + 1] = n
        end
      end
      return out
    else
      -- Nodes at the ends of p's roads.
      g.stamp = g.stamp + 1
      local stamp, mark, pa, pb = g.stamp, g.mark, g.pa, g.pb
      local roads = own_roads(p)
      for i = 1, #roads do
        local e = roads[i]
        for k = 1, 2 do
          local v = k == 1 and pa[e] or pb[e]
          if mark[v] ~= stamp then
            mark[v] = stamp
            if node_open(v, g, stamp) then
              if first then return true end
              out[#out + 1] = v
            end
          end
        end
      end
    end
  elseif spec.on == "path" then
    g.stamp = g.stamp + 1
    local stamp, mark, pa, pb = g.stamp, g.mark, g.pa, g.pb
    if opts.node then
      -- Setup: any free path touching the given node.
      if free_paths_at(opts.node, piece, g, stamp, out, first) then return true end
    else
      -- From p's buildings (node pieces in piece_names order), then from the ends of p's
      -- roads not held by an opponent.
      local names, pieces = storage.piece_names, storage.pieces
      for j = 1, #names do
        if pieces[names[j]].on == "node" then
          local nodes = own_pieces(p, names[j])
          for i = 1, #nodes do
            local v = nodes[i]
            mark[v] = stamp
            if free_paths_at(v, piece, g, stamp, out, first) then return true end
          end
        end
      end
      local roads = own_roads(p)
      for i = 1, #roads do
        local e = roads[i]
        for k = 1, 2 do
          local v = k == 1 and pa[e] or pb[e]
          if mark[v] ~= stamp then
            mark[v] = stamp
            local owner = node_get(v, "owner")
            if owner == nil or owner == p then
              if free_paths_at(v, piece, g, stamp, out, first) then return true end
            end
          end
        end
      end
    end
  end
  if first then return #out > 0 end
  table.sort(out)
  return out
end

-- Ids (ascending) where p may place `piece` now. opts.setup: setup placement (settlements need
-- no road). opts.node (roads): only the free paths touching that node, e.g. beside the
-- settlement just placed in setup. Does not look at cost or supply.
function legal_spots(p, piece, opts)
  return spots(p, piece, opts, false)
end

-- True when legal_spots(p, piece, opts) is not empty (stops at the first spot).
function has_spot(p, piece, opts)
  return spots(p, piece, opts, true)
end

-- Places one of p's `piece` at `where` (node or path id) without paying: sets the board props,
-- takes the piece from p's supply (error if none left), returns an upgraded piece to the supply,
-- raises base.built {player, piece, where, free = opts.free}, updates the player props, the
-- awards and p's points. Errors if the spot is occupied (or, for an upgrade, not p's piece; for
-- an attachment (`beside`), not p's building of an allowed kind).
-- Legality beyond that is the caller's business (see legal_spots).
function place_piece(p, piece, where, opts)
  local spec = storage.pieces[piece]
  if spec == nil then error("unknown piece '" .. tostring(piece) .. "'", 2) end
  opts = opts or {}
  local touched -- seats whose road length may change
  local list = own_pieces(p, piece) -- brought up to date before the supply changes
  if spec.on == "node" and spec.beside then
    local building = node_get(where, "building")
    if node_get(where, "owner") ~= p or building == nil
        or (spec.beside ~= true and not spec.beside[building]) then
      error(string.format("player %d has no building on node %d that a %s can join", p, where,
        piece), 2)
    end
    if node_get(where, piece) ~= nil then
      error(string.format("node %d already holds a %s", where, piece), 2)
    end
    game.remove(p, piece, 1, "piece")
    node_set(where, piece, p)
    list[#list + 1] = where
  elseif spec.on == "node" then
    local upgrades = spec.upgrades
    local building = node_get(where, "building")
    if upgrades then
      if building ~= upgrades or node_get(where, "owner") ~= p then
        error(string.format("player %d has no %s on node %d to upgrade to a %s", p, upgrades, where,
          piece), 2)
      end
    elseif building ~= nil then
      error(string.format("node %d already holds a %s", where, building), 2)
    end
    local old = upgrades and own_pieces(p, upgrades)
    game.remove(p, piece, 1, "piece")
    node_set(where, "owner", p)
    node_set(where, "building", piece)
    list[#list + 1] = where
    if upgrades then
      for i = 1, #old do
        if old[i] == where then
          table.remove(old, i)
          break
        end
      end
      game.add(p, upgrades, 1, "piece")
      game.player_set(p, piece_plural(upgrades),
        storage.pieces[upgrades].limit - count(p, upgrades, "piece"))
    else
      -- A new building may break opponents' roads through this node.
      touched = {}
      local ps = board_graph().np[where]
      for i = 1, #ps do
        local q = path_get(ps[i], "road")
        if q ~= nil and q ~= p then touched[#touched + 1] = q end
      end
    end
  elseif spec.on == "path" then
    if not path_free(where, piece) then
      error(string.format("path %d is already taken", where), 2)
    end
    game.remove(p, piece, 1, "piece")
    path_set(where, piece, p)
    list[#list + 1] = where
    if piece == "road" then touched = { p } end
  else
    error(string.format("piece '%s' has an unknown place '%s'", piece, tostring(spec.on)), 2)
  end
  game.player_set(p, piece_plural(piece), spec.limit - count(p, piece, "piece"))
  game.raise("base.built",
    { player = p, piece = piece, where = where, free = opts.free and true or false })
  update_awards(touched or {})
  update_vp(p)
end

-- Names (sorted) of the pieces p has in supply, can pay for and has a legal spot for.
function buildable(p)
  if has_handlers("base.can_pay") then return buildable_from_hand(p, nil) end
  if storage.funds_hooked then return buildable_from_hand(p, funds_of(p)) end
  local hand = storage.hand
  if hand == nil then
    hand = {}
    storage.hand = hand
  end
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    hand[r] = count(p, r, "card")
  end
  return buildable_from_hand(p, hand)
end

-- buildable(p) given p's resource cards `hand` ({resource = count}, every resource present),
-- read by the caller; p's funds (funds_of) while base.funds has handlers); with hand nil,
-- payment goes through can_pay (required while base.can_pay has handlers). Returns a new array.
function buildable_from_hand(p, hand)
  local out = {}
  local pieces = storage.pieces
  local names = storage.piece_names
  for i = 1, #names do
    local name = names[i]
    local spec = pieces[name]
    local ok
    if hand == nil then
      ok = can_pay(p, name, spec.cost)
    else
      ok = true
      local cost = spec.cost
      for k = 1, #RESOURCES do
        local r = RESOURCES[k]
        local n = cost[r]
        if n and hand[r] < n then
          ok = false
          break
        end
      end
    end
    if ok and count(p, name, "piece") > 0 and has_spot(p, name) then out[#out + 1] = name end
  end
  return out
end

-- Asks p where to put a `piece` (decision "base.place_<piece>", labels node_label / path_label)
-- among its legal spots and places it. Returns the spot, or nil when there is none or no piece
-- in supply. opts as for place_piece (free) and legal_spots (setup, node).
function choose_and_place(p, piece, opts)
  if count(p, piece, "piece") <= 0 then return nil end
  local list = legal_spots(p, piece, opts)
  if #list == 0 then return nil end
  local names = storage.pieces[piece].on == "path" and storage.path_labels or storage.node_labels
  local labels = {}
  for i = 1, #list do labels[i] = names[list[i]] end
  local _, i = game.decide(p, "base.place_" .. piece, labels)
  place_piece(p, piece, list[i], opts)
  return list[i]
end

-- Builds a `piece` for p: pays its cost, then p chooses the spot. Error if the piece is not in
-- buildable(p). Returns the spot.
function build_action(p, piece)
  local spec = storage.pieces[piece]
  if spec == nil then error("unknown piece '" .. tostring(piece) .. "'", 2) end
  if count(p, piece, "piece") <= 0 or not can_pay(p, piece, spec.cost)
      or not has_spot(p, piece) then
    error(string.format("player %d cannot build a %s now", p, piece), 2)
  end
  pay(p, piece, spec.cost)
  return choose_and_place(p, piece, { free = false })
end

-- Per-game setup: the board's adjacency arrays and empty piece indexes.
game.on("game.setup", function(e)
  if board.is_built() then board_graph() end
  storage.own = {}
  for q = 1, e.players do storage.own[q] = {} end
end, { priority = -50 })
