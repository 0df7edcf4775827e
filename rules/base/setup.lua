-- Initial placement (the game.start handler).
--
-- The start player is drawn at random (game.random) and becomes the first player. Placement
-- runs in snake order: from the start player around the table (seat order, wrapping), then
-- back in reverse, so the start player places first and last. Each placement is a settlement
-- (decision "base.setup_settlement" among legal_spots(p, "settlement", {setup = true}): empty
-- nodes respecting the distance rule, no road needed; options {id = "node:N", node = N}) and
-- then a road touching it (decision "base.setup_road" among legal_spots(p, "road", {setup =
-- true, node = N}); options {id = "path:E", path = E}). Both are placed free through
-- place_piece (build.lua). The second settlement yields one resource card from the bank for
-- each producing tile it touches (tiles with a resource; the bank pays what it has).

-- The seats in setup order for `players` seats starting with `first`: 1..N then N..1.
-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game = storage, game

function setup_order(first, players)
  local order = {}
  for i = 0, players - 1 do order[#order + 1] = (first - 1 + i) % players + 1 end
  for i = players - 1, 0, -1 do order[#order + 1] = (first - 1 + i) % players + 1 end
  return order
end

-- The starting income of a settlement on `node`: one card per adjacent producing tile. Through
-- base.setup_income {player, node} while that event has handlers (setup_income_default is its
-- default action: a handler may add income after it, or replace it).
function setup_income(p, node)
  if game.has_handlers("base.setup_income") then
    game.raise("base.setup_income", { player = p, node = node }, setup_income_default)
  else
    setup_income_default({ player = p, node = node })
  end
end

-- Default action of base.setup_income: one card from the bank per producing tile at e.node.
function setup_income_default(e)
  local p, node = e.player, e.node
  local tiles = storage.node_tiles[node]
  for i = 1, #tiles do
    local r = storage.tile_resource[tiles[i]]
    if r and game.count("bank", r, "card") > 0 then game.move("bank", p, r, 1, "card") end
  end
end

-- One setup placement of p: a settlement, then a road touching it; `second` pays the income.
-- Returns the settlement's node and the road's path.
function setup_placement(p, second)
  local opts = { free = true, setup = true }
  local nodes = legal_spots(p, "settlement", opts)
  local i = game.choose(p, "base.setup_settlement", lazy_options(nodes, storage.node_options))
  local node = nodes[i]
  place_piece(p, "settlement", node, opts)
  if second then setup_income(p, node) end

  local paths = legal_spots(p, "road", { free = true, setup = true, node = node })
  local path
  if #paths > 0 then
    local k = game.choose(p, "base.setup_road", lazy_options(paths, storage.path_options))
    path = paths[k]
    place_piece(p, "road", path, opts)
  end
  if game.verbose() then
    game.log(string.format("setup: player %d settles node %d, road %s", p, node, tostring(path)))
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
