-- Initial placement (the game.start handler).
--
-- The start player is drawn at random (game.random) and becomes the first player. Placement
-- runs in snake order: from the start player around the table (seat order, wrapping), then
-- back in reverse, so the start player places first and last. Each placement is a building
-- (a settlement unless handlers of base.setup_building {player, round, piece} name another node
-- piece; decision "base.setup_<piece>" among legal_spots(p, "settlement", {setup = true}):
-- empty nodes respecting the distance rule, no road needed; options {id = "node:N", node = N})
-- and then a road touching it (decision "base.setup_road" among legal_spots(p, "road", {setup =
-- true, node = N}); options {id = "path:E", path = E}). Both are placed free through
-- place_piece (build.lua); a piece that upgrades another (a city) is placed as the chain of
-- pieces it upgrades, each replacing the one before. The second round's building yields one
-- resource card from the bank for each producing tile it touches (tiles with a resource; the
-- bank pays what it has).

-- The seats in setup order for `players` seats starting with `first`: 1..N then N..1.
-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

function setup_order(first, players)
  local order = {}
  for i = 0, players - 1 do order[#order + 1] = (first - 1 + i) % players + 1 end
  for i = players - 1, 0, -1 do order[#order + 1] = (first - 1 + i) % players + 1 end
  return order
end

-- The starting income of a second-round building on `node`: one card per adjacent producing
-- tile. Through
-- base.setup_income {player, node} while that event has handlers (setup_income_default is its
-- default action: a handler may add income after it, or replace it).
function setup_income(p, node)
  if game.has_handlers("base.setup_income") then
    game.raise("base.setup_income", { player = p, node = node }, setup_income_default)
  else
    setup_income_default({ player = p, node = node })
  end
end

-- Default action of base.setup_income: one card from the bank per producing tile at e.node; a
-- tile of a terrain of choice (a gold field) gives one of the resources the bank holds, chosen
-- by the player (decision base.production_choice).
function setup_income_default(e)
  local p, node = e.player, e.node
  local tiles = storage.node_tiles[node]
  for i = 1, #tiles do
    local r = storage.tile_resource[tiles[i]]
    if r and game.count("bank", r, "card") > 0 then
      game.move("bank", p, r, 1, "card")
    elseif storage.tile_choice[tiles[i]] then
      local list = {}
      for _, kind in ipairs(RESOURCES) do
        if game.count("bank", kind, "card") > 0 then list[#list + 1] = RESOURCE_OPTIONS[kind] end
      end
      if #list > 0 then
        game.move("bank", p, game.decide(p, "base.production_choice", list).resource, 1, "card")
      end
    end
  end
end

-- The building p places in setup round `round` (1 or 2): "settlement", or the node piece
-- handlers of base.setup_building {player, round, piece} name (raised only while handled).
function setup_building(p, round)
  if not game.has_handlers("base.setup_building") then return "settlement" end
  local e = { player = p, round = round, piece = "settlement" }
  game.raise("base.setup_building", e)
  local spec = storage.pieces[e.piece]
  if spec == nil or spec.on ~= "node" or spec.beside then
    error(string.format("base.setup_building: '%s' is no building of the piece catalogue",
      tostring(e.piece)), 0)
  end
  return e.piece
end

-- Places p's `piece` on the empty node `node` for free: first the piece it upgrades (and so on
-- down the chain), then the piece itself.
local function place_setup_building(p, piece, node, opts)
  local below = storage.pieces[piece].upgrades
  if below then place_setup_building(p, below, node, opts) end
  place_piece(p, piece, node, opts)
end

-- One setup placement of p: a building, then a road touching it; `second` (the second round)
-- pays the income. Returns the building's node and the road's path.
function setup_placement(p, second)
  local opts = { free = true, setup = true }
  local piece = setup_building(p, second and 2 or 1)
  local nodes = legal_spots(p, "settlement", opts)
  local i = game.choose(p, "base.setup_" .. piece, lazy_options(nodes, storage.node_options))
  local node = nodes[i]
  place_setup_building(p, piece, node, opts)
  if second then setup_income(p, node) end

  local paths = legal_spots(p, "road", { free = true, setup = true, node = node })
  local path
  if #paths > 0 then
    local k = game.choose(p, "base.setup_road", lazy_options(paths, storage.path_options))
    path = paths[k]
    place_piece(p, "road", path, opts)
  end
  if game.verbose() then
    game.log(string.format("setup: player %d places a %s on node %d, road %s", p, piece, node,
      tostring(path)))
  end
  return node, path
end

game.on("game.start", function()
  local players = game.players()
  local first = game.random(players)
  game.set_first_player(first)
  local order = setup_order(first, players)
  for k, p in ipairs(order) do
    setup_placement(p, k > players)
  end
end)
