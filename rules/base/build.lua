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
-- own legal spots (kept in SPOT_RULES, core.lua: storage holds plain data); placement still
-- follows the `on` rules above. A node piece with `unit = true`
-- stands on a node without being a building (e.g. a figure that guards the board): it goes on an empty node at the
-- end of one of its owner's roads, the distance rule neither applies to it nor sees it
-- (storage.units, the set of those pieces), its owner trades at no harbor for it and the robber
-- robs nobody for it (robber.lua, trade.lua); it still occupies its node and, as an opponent's
-- piece, blocks roads through it and breaks road lengths there.
--
-- Invariant: a player's pieces of a kind on the board = limit - the pieces in supply; player
-- props settlements / cities / roads (piece_plural) show that number.
-- Board caches (speed): storage.board_cache (board_cache()) holds data derived from the board,
-- valid while board.version() is the one it records; any change of a board prop (by a variant,
-- a test or a rule) drops it. place_piece, which makes most changes, carries a valid cache
-- across its own change instead (carry_board_cache). Its fields:
--   own[p][piece]   the ids of p's pieces of a kind (own_pieces)
--   spots[p][piece] whether p has a legal spot for a piece (has_spot)
--   open            the nodes open to a settlement by the distance rule (open_nodes)
--   claims[number]  production claims of a roll of `number` (production.lua); sites[number]
--                   the buildings around those tiles, for the hooked production path
-- They are derived data: reading them never changes the game.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

local node_set, path_set = board.node_set, board.path_set
local board_version = board.version
local has_handlers = game.has_handlers

-- Options of a call that passed none (never modified).
local NO_OPTS = {}

-- Plural used for the player prop and the victory point source of a piece.
PIECE_PLURALS = { settlement = "settlements", city = "cities", road = "roads" }

-- The name of the player prop counting `piece` on the board ("cities" for "city"): the piece's
-- `plural` field when the catalogue gives one.
function piece_plural(piece)
  local spec = storage.pieces and storage.pieces[piece]
  return spec and spec.plural or PIECE_PLURALS[piece] or (piece .. "s")
end

-- Per-game adjacency arrays of the board (built on first use, shared, read-only):
-- np[node] = paths at the node, nn[node] = neighbouring nodes, pa[path] / pb[path] = its end
-- nodes; scratch arrays: mark[node] / pmark[path] hold the stamp of the last search that
-- visited them (stamp grows by one per search).
function board_graph()
  local g = storage.graph
  if g then return g end
  g = { np = board.adjacency("node_paths"), nn = board.adjacency("node_nodes"), pa = {}, pb = {},
        stamp = 0, mark = {}, pmark = {} }
  for n = 1, #g.nn do g.mark[n] = 0 end
  local ends = board.adjacency("path_nodes")
  for e = 1, #ends do
    g.pa[e], g.pb[e] = ends[e][1], ends[e][2]
    g.pmark[e] = 0
  end
  storage.graph = g
  return g
end

-- The live view of board prop `key` from `views` (storage.node_views or path_views, filled on
-- first use by `make`: board.node_view or board.path_view).
local function prop_view(views, make, key)
  local v = views[key]
  if v == nil then
    v = make(key)
    views[key] = v
  end
  return v
end

-- The live view of board prop `key` on nodes.
local function node_prop(key)
  if key == "building" then return storage.building end
  if key == "owner" then return storage.owner end
  return prop_view(storage.node_views, board.node_view, key)
end

-- The live view of board prop `key` on paths.
local function path_prop(key)
  if key == "road" then return storage.road end
  return prop_view(storage.path_views, board.path_view, key)
end

-- The board cache (see the header), emptied when the board changed since it was filled.
function board_cache()
  local cache = storage.board_cache
  local v = board_version()
  if cache == nil or cache.version ~= v then
    cache = { version = v, own = {}, spots = {}, claims = {}, sites = {} }
    storage.board_cache = cache
  end
  return cache
end

-- The ids (ascending) holding p's pieces of kind `piece`: nodes whose building is the piece and
-- owner is p, nodes whose prop named after the piece is p for attachment pieces (`beside`),
-- paths whose prop named after the piece is p for path pieces. Cached (board_cache): do not
-- modify the array.
function own_pieces(p, piece)
  local mine = subtable(board_cache().own, p)
  local list = mine[piece]
  if list ~= nil then return list end
  local spec = storage.pieces[piece]
  list = {}
  local g = board_graph()
  if spec.on == "node" and not spec.beside then
    local owner, building = storage.owner, storage.building
    for n = 1, #g.nn do
      if owner[n] == p and building[n] == piece then list[#list + 1] = n end
    end
  elseif spec.on == "node" then
    local held = node_prop(piece)
    for n = 1, #g.nn do
      if held[n] == p then list[#list + 1] = n end
    end
  else
    local held = path_prop(piece)
    for e = 1, #g.pa do
      if held[e] == p then list[#list + 1] = e end
    end
  end
  mine[piece] = list
  return list
end

-- True when p can pay `cost` for `item` (a piece name or DEV_ITEM). Without handlers of
-- base.can_pay this is covers(spendable(p), cost): p's cards, or its funds when variants add
-- ways to pay; handlers may set payload.ok.
function can_pay(p, item, cost)
  local ok = covers(spendable(p), cost)
  if storage.can_pay_hooked then
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
  if storage.pay_hooked then
    game.raise("base.pay", { player = p, item = item, cost = cost }, pay_default)
    return
  end
  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    local n = cost[r]
    if n and n > 0 then game.move(p, "bank", r, n, "card") end
  end
end

-- True when node n is empty and no neighbouring node holds a building (the distance rule; a
-- unit is no building).
local function node_open(n, building, nn)
  if building[n] ~= nil then return false end
  local nbs = nn[n]
  for i = 1, #nbs do
    local b = building[nbs[i]]
    if b ~= nil and not storage.units[b] then return false end
  end
  return true
end

-- The nodes (ascending) where a settlement may go by the distance rule alone: empty, and no
-- neighbour holds a building. Cached in storage.open_cache per board version; place_piece
-- keeps the cache current across its own changes. Do not modify the array.
local function open_nodes()
  local cache = board_cache()
  local list = cache.open
  if list then return list end
  list = {}
  local building, nn = storage.building, board_graph().nn
  for n = 1, #nn do
    if node_open(n, building, nn) then list[#list + 1] = n end
  end
  cache.open = list
  return list
end

-- Inserts `id` into the ascending array `list`.
local function insert_sorted(list, id)
  local i = #list
  while i > 0 and list[i] > id do
    list[i + 1] = list[i]
    i = i - 1
  end
  list[i + 1] = id
end

-- Removes `id` from the array `list` (keeping the order), if present.
local function remove_id(list, id)
  for i = 1, #list do
    if list[i] == id then
      table.remove(list, i)
      return
    end
  end
end

-- Called by place_piece after its board changes, with the board cache as it was before them
-- (`cache`, or nil when it was not valid then): brings it up to date with p's new `piece` at
-- `where`, and the `upgraded` piece (a node piece it replaced) if any.
local function carry_board_cache(cache, p, piece, where, upgraded)
  if cache == nil then return end
  local spec = storage.pieces[piece]
  local mine = cache.own[p]
  if mine then
    if mine[piece] then insert_sorted(mine[piece], where) end
    if upgraded and mine[upgraded] then remove_id(mine[upgraded], where) end
  end
  -- Legal spots that may have changed. A road: everyone's road spots (the path is taken), p's
  -- settlement spots (new road ends). A city: all of p's (its settlements and cities changed). A
  -- settlement: everyone's road and settlement spots (the node blocks roads and, by the distance
  -- rule, settlements) and all of p's. Any other piece: everything.
  local spots = cache.spots
  if piece == "road" then
    for q = 1, storage.players do
      if spots[q] then spots[q].road = nil end
    end
    if spots[p] then spots[p].settlement = nil end
  elseif piece == "city" and upgraded == "settlement" then
    spots[p] = nil
  elseif piece == "settlement" and not upgraded then
    for q = 1, storage.players do
      if spots[q] then spots[q].road, spots[q].settlement = nil, nil end
    end
    spots[p] = nil
  else
    cache.spots = {}
  end
  if spec.on == "node" and not spec.beside then
    local open = cache.open
    if open and not upgraded then
      -- A new building closes its node and the neighbours (a unit its node only).
      local closed = { [where] = true }
      if not spec.unit then
        local nbs = board_graph().nn[where]
        for i = 1, #nbs do closed[nbs[i]] = true end
      end
      local k = 0
      for i = 1, #open do
        local n = open[i]
        if not closed[n] then
          k = k + 1
          open[k] = n
        end
      end
      for i = k + 1, #open do open[i] = nil end
    end
    -- The building's production changed: drop the claims of the numbers around it.
    local claims, sites = cache.claims, cache.sites
    local tiles, number = storage.node_tiles[where], storage.tile_number
    for i = 1, #tiles do
      local n = number[tiles[i]]
      if n then
        claims[n], sites[n] = nil, nil
      end
    end
  end
  cache.version = board_version()
end

-- Appends to `out` the paths at node v free for `piece` (no road, no piece of that name) not
-- yet taken this search (g.pmark[e] == stamp); with `first`, returns true at the first one.
local function free_paths_at(v, road, held, g, stamp, out, first)
  local ps = g.np[v]
  local pmark = g.pmark
  for i = 1, #ps do
    local e = ps[i]
    if pmark[e] ~= stamp and road[e] == nil and held[e] == nil then
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
    local list = SPOT_RULES[piece](p, opts)
    if first then return #list > 0 end
    return list
  end
  local g = board_graph()
  local building, owner = storage.building, storage.owner
  -- With `first` nothing is appended: the search returns at the first spot.
  local out = first and NO_OPTS or {}
  if spec.on == "node" then
    local upgrades = spec.upgrades
    if spec.beside then
      -- p's buildings of the allowed kinds that do not hold this piece yet.
      local held = node_prop(piece)
      local names, pieces = storage.piece_names, storage.pieces
      for j = 1, #names do
        local name = names[j]
        if pieces[name].on == "node" and not pieces[name].beside
            and (spec.beside == true or spec.beside[name]) then
          local nodes = own_pieces(p, name)
          for i = 1, #nodes do
            if held[nodes[i]] == nil then
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
    elseif opts.setup and not spec.unit then
      -- Every node without a building on it or next to it.
      local open = open_nodes()
      if first then return #open > 0 end
      for i = 1, #open do out[i] = open[i] end
      return out
    else
      -- Nodes at the ends of p's roads: empty ones for a unit (it ignores the distance rule),
      -- open ones (node_open) for any other building.
      local unit = spec.unit
      g.stamp = g.stamp + 1
      local stamp, mark, pa, pb, nn = g.stamp, g.mark, g.pa, g.pb, g.nn
      local roads = storage.pieces.road and own_pieces(p, "road") or NO_OPTS
      for i = 1, #roads do
        local e = roads[i]
        for k = 1, 2 do
          local v = k == 1 and pa[e] or pb[e]
          if mark[v] ~= stamp then
            mark[v] = stamp
            if (unit and building[v] == nil) or (not unit and node_open(v, building, nn)) then
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
    local road = storage.road
    local held = piece == "road" and NO_OPTS or path_prop(piece)
    if opts.node then
      -- Setup: any free path touching the given node.
      if free_paths_at(opts.node, road, held, g, stamp, out, first) then return true end
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
            if free_paths_at(v, road, held, g, stamp, out, first) then return true end
          end
        end
      end
      local roads = storage.pieces.road and own_pieces(p, "road") or NO_OPTS
      for i = 1, #roads do
        local e = roads[i]
        for k = 1, 2 do
          local v = k == 1 and pa[e] or pb[e]
          if mark[v] ~= stamp then
            mark[v] = stamp
            local o = owner[v]
            if o == nil or o == p then
              if free_paths_at(v, road, held, g, stamp, out, first) then return true end
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

-- The table of p's known has_spot answers by piece (in the board cache; read only).
function spot_cache(p)
  return subtable(board_cache().spots, p)
end

-- True when legal_spots(p, piece, opts) is not empty (stops at the first spot). Without opts
-- the answer is cached (spot_cache).
function has_spot(p, piece, opts)
  if opts ~= nil or storage.pieces[piece] == nil or storage.pieces[piece].spots then
    return spots(p, piece, opts, true)
  end
  local mine = spot_cache(p)
  local known = mine[piece]
  if known == nil then
    known = spots(p, piece, nil, true)
    mine[piece] = known
  end
  return known
end

-- Places one of p's `piece` at `where` (node or path id) without paying: sets the board props,
-- takes the piece from p's supply (error if none left), returns an upgraded piece to the supply,
-- raises base.built {player, piece, where, free = opts.free} (then, for a node piece,
-- base.production_watch: update_watch in production.lua), updates the player props, the
-- awards and p's points. Errors if the spot is occupied (or, for an upgrade, not p's piece; for
-- an attachment (`beside`), not p's building of an allowed kind).
-- Legality beyond that is the caller's business (see legal_spots).
function place_piece(p, piece, where, opts)
  local spec = storage.pieces[piece]
  if spec == nil then error("unknown piece '" .. tostring(piece) .. "'", 2) end
  opts = opts or NO_OPTS
  local touched -- seats whose road length may change
  local building, owner = storage.building, storage.owner
  local cache = storage.board_cache
  if cache and cache.version ~= board_version() then cache = nil end
  if spec.on == "node" and spec.beside then
    local b = building[where]
    if owner[where] ~= p or b == nil or (spec.beside ~= true and not spec.beside[b]) then
      error(string.format("player %d has no building on node %d that a %s can join", p, where,
        piece), 2)
    end
    if node_prop(piece)[where] ~= nil then
      error(string.format("node %d already holds a %s", where, piece), 2)
    end
    game.remove(p, piece, 1, "piece")
    node_set(where, piece, p)
  elseif spec.on == "node" then
    local upgrades = spec.upgrades
    local b = building[where]
    if upgrades then
      if b ~= upgrades or owner[where] ~= p then
        error(string.format("player %d has no %s on node %d to upgrade to a %s", p, upgrades, where,
          piece), 2)
      end
    elseif b ~= nil then
      error(string.format("node %d already holds a %s", where, b), 2)
    end
    game.remove(p, piece, 1, "piece")
    node_set(where, "owner", p)
    node_set(where, "building", piece)
    if upgrades then
      game.add(p, upgrades, 1, "piece")
      game.player_set(p, piece_plural(upgrades),
        storage.pieces[upgrades].limit - storage.supply[p][upgrades])
    else
      -- A new building may break opponents' roads through this node.
      touched = {}
      local road = storage.road
      local ps = board_graph().np[where]
      for i = 1, #ps do
        local q = road[ps[i]]
        if q ~= nil and q ~= p then touched[#touched + 1] = q end
      end
    end
  elseif spec.on == "path" then
    if storage.road[where] ~= nil or (piece ~= "road" and path_prop(piece)[where] ~= nil) then
      error(string.format("path %d is already taken", where), 2)
    end
    game.remove(p, piece, 1, "piece")
    path_set(where, piece, p)
    if piece == "road" then touched = { p } end
  else
    error(string.format("piece '%s' has an unknown place '%s'", piece, tostring(spec.on)), 2)
  end
  carry_board_cache(cache, p, piece, where, spec.on == "node" and spec.upgrades or nil)
  game.player_set(p, piece_plural(piece), spec.limit - storage.supply[p][piece])
  if spec.on == "node" and storage.harbor_at[where] then refresh_maritime_rates(p) end
  if storage.built_hooked then
    game.raise("base.built",
      { player = p, piece = piece, where = where, free = opts.free and true or false })
  end
  if storage.watch_hooked and spec.on == "node" then update_watch(p, piece, where) end
  update_awards(touched or NO_OPTS)
  update_vp(p)
end

-- Names (sorted) of the pieces p has in supply, can pay for and has a legal spot for.
function buildable(p)
  if has_handlers("base.can_pay") then return buildable_from_hand(p, nil) end
  return buildable_from_hand(p, spendable(p))
end

-- buildable(p) given what p can spend, `hand` ({resource = count}, every resource present: p's
-- cards, or its funds (funds_of) while base.funds has handlers); with hand nil, payment goes
-- through can_pay (required while base.can_pay has handlers). Returns a new array.
function buildable_from_hand(p, hand)
  local out = {}
  local pieces = storage.pieces
  local names = storage.piece_names
  local supply = storage.supply[p]
  for i = 1, #names do
    local name = names[i]
    local spec = pieces[name]
    local ok
    if hand == nil then
      ok = can_pay(p, name, spec.cost)
    else
      ok = covers(hand, spec.cost)
    end
    if ok and supply[name] > 0 and has_spot(p, name) then out[#out + 1] = name end
  end
  return out
end

-- Asks p where to put a `piece` (decision "base.place_<piece>", options {id = "node:N", node =
-- N} or {id = "path:E", path = E}) among its legal spots and places it. Returns the spot, or nil when there is none or no piece
-- in supply. opts as for place_piece (free) and legal_spots (setup, node).
function choose_and_place(p, piece, opts)
  if storage.supply[p][piece] <= 0 then return nil end
  local list = legal_spots(p, piece, opts)
  if #list == 0 then return nil end
  local records = storage.pieces[piece].on == "path" and storage.path_options
    or storage.node_options
  local i = game.choose(p, storage.place_kind[piece] or ("base.place_" .. piece),
    lazy_options(list, records))
  place_piece(p, piece, list[i], opts)
  return list[i]
end

-- Builds a `piece` for p: pays its cost, then p chooses the spot. Error if the piece is not in
-- buildable(p). Returns the spot.
function build_action(p, piece)
  local spec = storage.pieces[piece]
  if spec == nil then error("unknown piece '" .. tostring(piece) .. "'", 2) end
  if storage.supply[p][piece] <= 0 or not can_pay(p, piece, spec.cost)
      or not has_spot(p, piece) then
    error(string.format("player %d cannot build a %s now", p, piece), 2)
  end
  pay(p, piece, spec.cost)
  return choose_and_place(p, piece, { free = false })
end

-- Per-game setup: the board's adjacency arrays, the caches and the decision kind per piece.
game.on("game.setup", function()
  if board.is_built() then board_graph() end
  storage.node_views, storage.path_views = {}, {}
  storage.built_hooked = has_handlers("base.built")
  storage.pay_hooked = has_handlers("base.pay")
  storage.can_pay_hooked = has_handlers("base.can_pay")
  storage.place_kind = {}
  storage.units = {}
  for name, spec in pairs(storage.pieces) do
    storage.place_kind[name] = "base.place_" .. name
    if spec.unit then storage.units[name] = true end
  end
end, { priority = -50 })
