-- The island of the base game: 19 terrain hexes, 18 number tokens, 9 harbors and the robber.
-- Built by the game.setup handler below (priority -90, after core.lua's catalogue).
--
-- Tile ids are those of board.hex(2): row by row from the top, left to right:
--
--          1   2   3
--        4   5   6   7
--      8   9  10  11  12
--       13  14  15  16
--         17  18  19
--
-- Options:
--   board = "beginner": the printed starting map for first games (BEGINNER_TERRAINS);
--           "random":   the 19 terrain hexes shuffled over the island.
--   numbers = "spiral": the official fixed placement. On the beginner map these are the tokens
--             printed on it (BEGINNER_NUMBERS). On shuffled terrains the tokens A..R
--             (SPIRAL_TOKENS) are laid along SPIRAL_ORDER: from the top-left corner tile
--             counter-clockwise around the coast, then the inner ring, then the centre,
--             skipping the desert.
--           "random": the 18 tokens shuffled over the non-desert tiles; with
--             no_adjacent_reds the shuffle is repeated until no two red numbers (6, 8) lie on
--             tiles sharing a side.
-- Results (see core.lua for the data model): tile props terrain, resource (nil on the
-- desert and on a terrain of choice), number (nil on the desert); node prop harbor on 18 coastal
-- nodes; game prop robber = the first barren tile (the desert; none: the robber starts off the
-- board). Per-game lookups in storage (read-only for everyone else):
--   storage.terrains            the terrain catalogue (terrain_catalogue below; base.terrains)
--   storage.tiles_by_number[n]  array of tiles with number token n (an empty array otherwise)
--   storage.tile_resource[t]    resource of tile t, false on the desert and a terrain of choice
--   storage.tile_choice[t]      true on a tile whose terrain pays cards of the receiver's choice
--                               (a gold field), nil elsewhere; storage.choice_tiles counts them
--   storage.tile_number[t]      number token of tile t, nil on the desert
--   storage.tile_nodes[t]       corner nodes of tile t (board.adjacency: clockwise from the top)
--   storage.node_tiles[n]       tiles having node n as a corner (board.adjacency: ascending)
--   storage.coast               the 30 coastal paths in clockwise order, from tile 1's top
--   storage.harbor_paths        the harbor paths, in the order of the harbors list
-- base.board {terrains, numbers, harbors, coast} (raised while handled, before any of the above
-- is set): handlers may change the layout (terrains[t], numbers[t], harbors[i] = {coast = C,
-- type = T} with C a coastal path index 0..coast-1); check_layout validates the result.
-- set_tile_number changes a token during the game, set_tile_terrain a tile's terrain (and token).

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

TERRAIN_RESOURCE = {
  forest = "lumber", pasture = "wool", fields = "grain", hills = "brick", mountains = "ore",
  desert = false,
}

-- The base terrains in the order messages list them.
BASE_TERRAIN_NAMES = { "forest", "pasture", "fields", "hills", "mountains", "desert" }

-- The terrain catalogue of a game (storage.terrains, made in game.setup): terrain name -> entry,
--   {resource = R}   a producing terrain yielding resource R (one of RESOURCES);
--   {choice = true}  a producing terrain whose every card is a resource of the receiver's
--                    choice (decision base.production_choice, production.lua);
--   {}               a barren terrain (the desert): no number token, no production.
-- Base's six come from TERRAIN_RESOURCE; handlers of base.terrains (raised only while handled)
-- add terrains or change entries. A producing terrain carries a number token, a barren one none.
local function terrain_catalogue()
  local terrains = {}
  for name, resource in pairs(TERRAIN_RESOURCE) do
    terrains[name] = resource and { resource = resource } or {}
  end
  if game.has_handlers("base.terrains") then
    game.raise("base.terrains", { terrains = terrains })
    local known = {}
    for _, r in ipairs(RESOURCES) do known[r] = true end
    for name, spec in pairs(terrains) do
      if type(name) ~= "string" or type(spec) ~= "table" then
        error(string.format("base.terrains: entry %s is not {resource = R}, {choice = true} or {}",
          tostring(name)), 0)
      end
      if spec.resource ~= nil and not known[spec.resource] then
        error(string.format("base.terrains: terrain %s yields %s, which is no resource (brick, "
          .. "lumber, wool, grain, ore)", name, tostring(spec.resource)), 0)
      end
      if spec.resource ~= nil and spec.choice then
        error(string.format("base.terrains: terrain %s has both a resource and choice", name), 0)
      end
      terrains[name] = { resource = spec.resource, choice = spec.choice and true or nil }
    end
  end
  return terrains
end

-- The names of the catalogue's terrains for messages: base's six in their order, then the
-- others in alphabetical order.
function terrain_names(terrains)
  local names, extra = {}, {}
  for _, name in ipairs(BASE_TERRAIN_NAMES) do
    if terrains[name] then names[#names + 1] = name end
  end
  for name in pairs(terrains) do
    if TERRAIN_RESOURCE[name] == nil then extra[#extra + 1] = name end
  end
  table.sort(extra)
  for _, name in ipairs(extra) do names[#names + 1] = name end
  return table.concat(names, ", ")
end

-- True when terrain entry `spec` (the catalogue's) produces: it carries a number token.
function terrain_produces(spec)
  return spec.resource ~= nil or spec.choice == true
end

-- The 19 terrain hexes of the base game (the "random" board shuffles this list).
TERRAINS = {
  "forest", "forest", "forest", "forest", "pasture", "pasture", "pasture", "pasture",
  "fields", "fields", "fields", "fields", "hills", "hills", "hills",
  "mountains", "mountains", "mountains", "desert",
}

-- The printed beginner map, by tile id, and its number tokens (0 = none, on the desert).
BEGINNER_TERRAINS = {
  "mountains", "pasture", "forest",
  "fields", "hills", "pasture", "hills",
  "fields", "forest", "desert", "forest", "mountains",
  "forest", "mountains", "fields", "pasture",
  "hills", "fields", "pasture",
}
BEGINNER_NUMBERS = {
  10, 2, 9,
  12, 6, 4, 10,
  9, 11, 0, 3, 8,
  8, 3, 4, 5,
  5, 6, 11,
}

-- Number tokens A..R of the official variable setup.
SPIRAL_TOKENS = { 5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11 }

-- Tiles in the order the spiral visits them: the outer ring counter-clockwise from the
-- top-left corner tile, the inner ring counter-clockwise from the tile below-right of it, the
-- centre.
SPIRAL_ORDER = { 1, 4, 8, 13, 17, 18, 19, 16, 12, 7, 3, 2, 5, 9, 14, 15, 11, 6, 10 }

-- Harbors. The 30 coastal paths are numbered 0..29 clockwise, path 0 being the upper-right
-- edge of tile 1 (from its top corner); every corner tile of the island has 3 coastal edges,
-- every other coastal tile 2. The harbors sit on coastal paths 0, 3, 7, 10, 13, 17, 20, 23, 27
-- (gaps of 3, 4, 3 edges, the spacing of the printed frame), which are:
--   0  tile 1 upper-right      3  tile 3 upper-left      7  tile 7 right
--  10  tile 12 lower-right    13  tile 19 right          17  tile 18 lower-left
--  20  tile 17 left           23  tile 8 lower-left      27  tile 4 upper-left
-- with the types below, in the same order. Both nodes of a harbor path get node prop harbor.
HARBOR_COAST_INDEX = { 0, 3, 7, 10, 13, 17, 20, 23, 27 }
HARBOR_TYPES = { "any", "wool", "any", "any", "brick", "lumber", "any", "grain", "ore" }

-- True for the red numbers 6 and 8 (the most frequent rolls).
function is_red(number)
  return number == 6 or number == 8
end

-- Tiles whose number token is `number` (a shared array from storage: do not modify). The
-- robber is not taken into account.
function producing_tiles(number)
  return storage.tiles_by_number[number] or storage.no_tiles
end

-- The label of tile t from its props (tile_label without the cache): the resource, or the
-- terrain of a tile without one, and the number.
local function make_tile_label(t)
  local resource = board.tile_get(t, "resource")
  local number = board.tile_get(t, "number")
  if resource then return "tile " .. t .. " (" .. resource .. " " .. (number or "-") .. ")" end
  local terrain = board.tile_get(t, "terrain")
  if number then return "tile " .. t .. " (" .. tostring(terrain) .. " " .. number .. ")" end
  return "tile " .. t .. " (" .. tostring(terrain) .. ")"
end

-- The text people see for tile t: "tile 7 (brick 10)", "tile 10 (desert)", "tile 10 (gold 3)"
-- (a terrain of choice: its name). Cached in storage.tile_labels on first use (set_tile_number
-- and set_tile_terrain drop the label of the tile they change).
function tile_label(t)
  local cache = storage.tile_labels
  local label = cache[t]
  if label == nil then
    label = make_tile_label(t)
    cache[t] = label
  end
  return label
end

-- The label of node n (node_label without the cache).
local function make_node_label(n)
  local tiles, resource, number = storage.node_tiles[n], storage.tile_resource, storage.tile_number
  local choice = storage.tile_choice
  local text
  for i = 1, #tiles do
    local t = tiles[i]
    local part
    if resource[t] then
      part = resource[t] .. " " .. number[t]
    elseif choice[t] then
      part = tostring(board.tile_get(t, "terrain")) .. " " .. number[t]
    end
    if part then text = text and (text .. ", " .. part) or part end
  end
  text = "node " .. n .. ": " .. (text or "desert")
  local harbor = storage.harbor_at[n]
  if harbor == "any" then
    text = text .. "; 3:1 harbor"
  elseif harbor then
    text = text .. "; 2:1 " .. harbor .. " harbor"
  end
  return text
end

-- The text people see for node n, "node 12: ore 8, grain 5; 3:1 harbor", and for path e,
-- "path 33: nodes 12-13". Each is made on first use and kept for the game (storage.node_labels,
-- storage.path_labels; set_tile_number and set_tile_terrain drop the labels of the corners of
-- the tile they change).
function node_label(n)
  local label = storage.node_labels[n]
  if label == nil then
    label = make_node_label(n)
    storage.node_labels[n] = label
  end
  return label
end

function path_label(e)
  local label = storage.path_labels[e]
  if label == nil then
    local g = board_graph()
    label = "path " .. e .. ": nodes " .. g.pa[e] .. "-" .. g.pb[e]
    storage.path_labels[e] = label
  end
  return label
end

-- The options of decisions about a place on the board: storage.node_options[n] = {id =
-- "node:N", node = N}, storage.path_options[e] = {id = "path:E", path = E} and
-- storage.tile_options[t] = {id = "tile:T", tile = T}, each made when first read and kept for the
-- game (shared by every decision offering it; never change one). Their metatables make the
-- record of an id when first read (nil for anything that is not an element).
local function element_options(field, count)
  local prefix = field .. ":"
  return {
    __index = function(records, i)
      if math.type(i) ~= "integer" or i < 1 or i > count() then return nil end
      local record = { id = prefix .. i, [field] = i }
      records[i] = record
      return record
    end,
  }
end
NODE_OPTIONS_META = element_options("node", board.nodes)
PATH_OPTIONS_META = element_options("path", board.paths)
TILE_OPTIONS_META = element_options("tile", board.tiles)

-- Metatable of lazy_options arrays.
LAZY_OPTIONS_META = {
  __len = function(t) return #t.spots end,
  __index = function(t, i)
    local id = t.spots[i]
    if id ~= nil then return t.records[id] end
  end,
  __pairs = function(t)
    return function(_, i)
      i = i + 1
      local id = t.spots[i]
      if id ~= nil then return i, t.records[id] end
    end, t, 0
  end,
}

-- The options of a decision among the board elements `spots` (ids) as a lazy array: entry i is
-- records[spots[i]] (records: storage.node_options, path_options or tile_options), read only
-- when asked for. The random agent makes none; the kernel reads the chosen one. The array's
-- field `spots` is the ids array itself (read only): an agent may read option i's element as
-- rawget(options, "spots")[i] instead of options[i].node (or .path, .tile) without making the
-- record.
function lazy_options(spots, records)
  return setmetatable({ spots = spots, records = records }, LAZY_OPTIONS_META)
end

game.on("game.setup", function()
  storage.node_options = setmetatable({}, NODE_OPTIONS_META)
  storage.path_options = setmetatable({}, PATH_OPTIONS_META)
  storage.tile_options = setmetatable({}, TILE_OPTIONS_META)
  storage.node_labels, storage.path_labels, storage.tile_labels = {}, {}, {}
end, { priority = -60 })

-- True when no two tiles sharing a side both carry a red number. `numbers` maps tile -> token.
local function reds_apart(numbers)
  for t = 1, board.tiles() do
    if is_red(numbers[t]) then
      for _, u in ipairs(board.tile_tiles(t)) do
        if u > t and is_red(numbers[u]) then return false end
      end
    end
  end
  return true
end

-- Errors unless the layout base.board handlers left is one base can play: every tile a terrain
-- of the catalogue (`catalogue`, storage.terrains); a number token of 2..6 or 8..12 on every
-- producing tile and none on a barren one (the desert); harbors {coast, type} on distinct
-- coastal paths 0..ncoast-1 that share no node, of type "any" or a resource.
function check_layout(terrains, numbers, harbors, ntiles, ncoast, catalogue)
  catalogue = catalogue or storage.terrains
  local function fail(fmt, ...)
    error("base.board: after the handlers, " .. string.format(fmt, ...), 0)
  end
  for t = 1, ntiles do
    local terrain = terrains[t]
    local spec = catalogue[terrain]
    local n = numbers[t]
    if spec == nil then
      fail("tile %d has terrain %s (known: %s)", t, tostring(terrain), terrain_names(catalogue))
    elseif terrain_produces(spec) then
      if math.type(n) ~= "integer" or n < 2 or n > 12 or n == 7 then
        fail("tile %d (%s) has number %s; a producing tile needs 2-6 or 8-12", t, terrain,
          tostring(n))
      end
    elseif n ~= nil then
      fail("tile %d is a %s but has number %s", t, terrain, tostring(n))
    end
  end
  local at = {} -- coastal path index -> harbor number
  for i, h in ipairs(harbors) do
    if type(h) ~= "table" then fail("harbor %d is not a table {coast = C, type = T}", i) end
    local c = h.coast
    if math.type(c) ~= "integer" or c < 0 or c >= ncoast then
      fail("harbor %d is on coast %s; coastal paths are 0-%d", i, tostring(c), ncoast - 1)
    end
    if at[c] then fail("harbors %d and %d are both on coastal path %d", at[c], i, c) end
    for _, d in ipairs({ (c + 1) % ncoast, (c - 1) % ncoast }) do
      if at[d] then fail("harbors %d and %d share a node (coastal paths %d and %d)", at[d], i, d, c) end
    end
    at[c] = i
    local kind = h.type
    local known = kind == "any"
    for _, r in ipairs(RESOURCES) do known = known or kind == r end
    if not known then
      fail("harbor %d has type %s (known: any, brick, lumber, wool, grain, ore)", i, tostring(kind))
    end
  end
end

-- Sets the number token of producing tile t to `number` (2..6, 8..12) during a game: the tile
-- prop (which empties the board cache), storage.tile_number, storage.tiles_by_number (kept in
-- tile order), the labels of t and its corners, the watched rolls and the heuristic bot's cache.
function set_tile_number(t, number)
  if storage.tile_number[t] == nil then
    error(string.format("tile %s has no number token to change (a desert, or not a tile)",
      tostring(t)), 2)
  end
  if math.type(number) ~= "integer" or number < 2 or number > 12 or number == 7 then
    error(string.format("number %s is not a number token (2-6, 8-12)", tostring(number)), 2)
  end
  local old = storage.tile_number[t]
  if old == number then return end
  move_tile_number(t, old, number)
  board.tile_set(t, "number", number)
  drop_tile_caches(t)
end

-- Moves tile t from storage.tiles_by_number[old] to [new] (either may be nil: no token), kept
-- in tile order, and sets storage.tile_number[t] = new.
function move_tile_number(t, old, new)
  if old ~= nil then
    local list = storage.tiles_by_number[old]
    for i = 1, #list do
      if list[i] == t then
        table.remove(list, i)
        break
      end
    end
  end
  if new ~= nil then
    local list = storage.tiles_by_number[new]
    local i = #list
    while i > 0 and list[i] > t do i = i - 1 end
    table.insert(list, i + 1, t)
  end
  storage.tile_number[t] = new
end

-- Drops what is derived from tile t's terrain and number: the labels of t and its corners, the
-- watched rolls (production.lua) and the heuristic bot's cache. The board cache (build.lua:
-- production claims by number) empties itself, since a tile prop changed.
function drop_tile_caches(t)
  local tile_labels, node_labels = storage.tile_labels, storage.node_labels
  if tile_labels then tile_labels[t] = nil end -- nil before their game.setup handler (-60)
  if node_labels then
    for _, n in ipairs(storage.tile_nodes[t]) do node_labels[n] = nil end
  end
  storage.watched_tiles = nil
  storage.heuristic = nil
end

-- Makes tile t (any tile, the desert included) of terrain `terrain` (a name of the terrain
-- catalogue, storage.terrains: base's six and those of base.terrains) during a game. A producing
-- terrain needs `number` (2..6, 8..12); a barren one (the desert) takes none and the tile loses
-- its token. Sets the tile props terrain, resource (nil unless the terrain yields a fixed
-- resource) and number, and keeps every lookup in step: storage.tile_resource, tile_choice,
-- tile_number, tiles_by_number, storage.choice_tiles, the labels, the watched rolls, the board
-- cache and the heuristic bot's cache. The robber stays where it is: on a tile that turns
-- producing it blocks it like any other.
function set_tile_terrain(t, terrain, number)
  if math.type(t) ~= "integer" or t < 1 or t > #storage.tile_resource then
    error(string.format("set_tile_terrain: %s is not a tile (1-%d)", tostring(t),
      #storage.tile_resource), 2)
  end
  local spec = storage.terrains[terrain]
  if spec == nil then
    error(string.format("set_tile_terrain: terrain %s is not in the terrain catalogue (known: %s; "
      .. "a pack declares its own with base.terrains)", tostring(terrain),
      terrain_names(storage.terrains)), 2)
  end
  if terrain_produces(spec) then
    if math.type(number) ~= "integer" or number < 2 or number > 12 or number == 7 then
      error(string.format("set_tile_terrain: %s produces and needs a number token (2-6, 8-12), "
        .. "not %s", terrain, tostring(number)), 2)
    end
  elseif number ~= nil then
    error(string.format("set_tile_terrain: %s produces nothing and takes no number token, not %s",
      terrain, tostring(number)), 2)
  end
  local old = storage.tile_number[t]
  if old ~= number then move_tile_number(t, old, number) end
  storage.tile_resource[t] = spec.resource or false
  local was_choice = storage.tile_choice[t]
  storage.tile_choice[t] = spec.choice
  if was_choice and not spec.choice then
    storage.choice_tiles = storage.choice_tiles - 1
  elseif spec.choice and not was_choice then
    storage.choice_tiles = storage.choice_tiles + 1
  end
  board.tile_set(t, "terrain", terrain)
  board.tile_set(t, "resource", spec.resource)
  board.tile_set(t, "number", number)
  drop_tile_caches(t)
end

-- The coastal paths in clockwise order starting with the upper-right edge of tile 1.
local function coastal_cycle()
  local path_nodes, path_tiles = board.adjacency("path_nodes"), board.adjacency("path_tiles")
  local node_paths = board.adjacency("node_paths")
  local start = board.tile_paths(1)[1]
  local cycle = { start }
  local ends = path_nodes[start]
  local node = ends[1] == board.tile_nodes(1)[1] and ends[2] or ends[1]
  local prev = start
  while true do
    local nxt
    for _, p in ipairs(node_paths[node]) do
      if p ~= prev and #path_tiles[p] == 1 then nxt = p break end
    end
    if nxt == start then break end
    cycle[#cycle + 1] = nxt
    local a, b = path_nodes[nxt][1], path_nodes[nxt][2]
    node = (a == node) and b or a
    prev = nxt
  end
  return cycle
end

game.on("game.setup", function()
  board.hex(2)
  local ntiles = board.tiles()

  local terrains = {}
  local numbers = {}
  if options.board == "beginner" then
    for t = 1, ntiles do terrains[t] = BEGINNER_TERRAINS[t] end
  else
    for i = 1, #TERRAINS do terrains[i] = TERRAINS[i] end
    game.shuffle(terrains)
  end

  if options.numbers == "spiral" then
    if options.board == "beginner" then
      for t = 1, ntiles do
        if BEGINNER_NUMBERS[t] ~= 0 then numbers[t] = BEGINNER_NUMBERS[t] end
      end
    else
      local k = 1
      for _, t in ipairs(SPIRAL_ORDER) do
        if terrains[t] ~= "desert" then
          numbers[t] = SPIRAL_TOKENS[k]
          k = k + 1
        end
      end
    end
  else
    local producing = {}
    for t = 1, ntiles do
      if terrains[t] ~= "desert" then producing[#producing + 1] = t end
    end
    local tokens = {}
    for i = 1, #SPIRAL_TOKENS do tokens[i] = SPIRAL_TOKENS[i] end
    repeat
      game.shuffle(tokens)
      for i, t in ipairs(producing) do numbers[t] = tokens[i] end
    until not options.no_adjacent_reds or reds_apart(numbers)
  end

  local coast = coastal_cycle()
  local harbors = {}
  for i, index in ipairs(HARBOR_COAST_INDEX) do
    harbors[i] = { coast = index, type = HARBOR_TYPES[i] }
  end
  local catalogue = terrain_catalogue()
  if game.has_handlers("base.board") then
    local e = { terrains = terrains, numbers = numbers, harbors = harbors, coast = #coast }
    game.raise("base.board", e)
    terrains, numbers, harbors = e.terrains, e.numbers, e.harbors
    check_layout(terrains, numbers, harbors, ntiles, #coast, catalogue)
  end

  local tiles_by_number, tile_resource, tile_number, tile_choice = {}, {}, {}, {}
  for n = 2, 12 do tiles_by_number[n] = {} end
  local desert
  local choice_tiles = 0
  for t = 1, ntiles do
    local terrain = terrains[t]
    local spec = catalogue[terrain]
    local resource = spec.resource or false
    board.tile_set(t, "terrain", terrain)
    if terrain_produces(spec) then
      if resource then board.tile_set(t, "resource", resource) end
      board.tile_set(t, "number", numbers[t])
      local list = tiles_by_number[numbers[t]]
      list[#list + 1] = t
      tile_number[t] = numbers[t]
      if spec.choice then
        tile_choice[t] = true
        choice_tiles = choice_tiles + 1
      end
    elseif not desert then
      desert = t
    end
    tile_resource[t] = resource
  end

  local harbor_paths = {}
  local path_nodes = board.adjacency("path_nodes")
  for i, h in ipairs(harbors) do
    local path = coast[h.coast + 1]
    harbor_paths[i] = path
    for _, n in ipairs(path_nodes[path]) do board.node_set(n, "harbor", h.type) end
  end

  storage.terrains = catalogue
  storage.tile_choice = tile_choice
  storage.choice_tiles = choice_tiles
  storage.tiles_by_number = tiles_by_number
  storage.no_tiles = {}
  storage.tile_resource = tile_resource
  storage.tile_number = tile_number
  storage.tile_nodes = board.adjacency("tile_nodes")
  storage.node_tiles = board.adjacency("node_tiles")
  storage.coast = coast
  storage.harbor_paths = harbor_paths
  game.set("robber", desert)
end, { priority = -90 })
