-- Invariant check mode (option `check`, used by the tests): the kernel runs check_invariants
-- (registered with game.invariant) after every event it dispatches and before every decision.
-- Off by default; when off, nothing is registered and the game runs at full speed. Registering
-- an invariant adds no handler to any event, so the pack's own fast paths stay in use and a
-- checked game plays exactly like an unchecked one.
--
-- Invariants (check_invariants):
--   cards   per resource: bank + every player's hand (form "card") == options.bank_per_resource;
--           other forms (e.g. a variant's "token") are not counted.
--   dev     development deck + cards in hands (form "dev") + played (form "played") == the 25
--           cards of DEV_DECK.
--   pieces  per player and piece of storage.pieces: on the board + in supply == limit. Node
--           pieces count nodes whose `building` is the piece and whose `owner` is the player (a
--           city is not a settlement), plus nodes whose prop named after the piece holds the
--           player's seat (pieces kept beside a building); path pieces count paths whose prop
--           named after the piece holds the seat (`road` = seat).
--   vp      player prop vp == public_vp(p) (hidden cards left out); checked only between actions (before a
--           base.action or base.preroll decision, after base.turn_start, base.turn_end, turn
--           and game.start),
--           since an action updates vp at its very end. Not checked while base.vp has
--           handlers (counting raises the event; a check only reads).
--   sources the player props points.SOURCE (victory.lua) sum to player prop vp; checked with vp,
--           also while base.vp has handlers (reading them raises nothing).
--   numbers every tile's number prop == storage.tile_number (what production pays on).
-- A violation raises "invariant broken: <what> after <where>, expected X, got Y", where <where>
-- is the event name or "decision <kind>".

local count = game.count
local total = game.total
local sum = game.sum
local count_nodes = board.count_nodes
local count_paths = board.count_paths

CHECK_PRIORITY = 1000 -- after-handlers run last

-- Points (event names or "decision <kind>") after which the vp invariant must hold.
CHECK_VP_AFTER = {
  ["base.actions"] = true, ["base.turn_start"] = true, ["base.turn_end"] = true, turn = true,
  ["game.start"] = true,
  ["decision base.action"] = true, ["decision base.preroll"] = true,
}

local function broken(what, where, expected, got)
  error(string.format("invariant broken: %s after %s, expected %s, got %s", what, where,
    tostring(expected), tostring(got)), 0)
end

-- Verifies the invariants listed above; `where` names the event or decision for the message;
-- `with_vp` adds the vp invariant. Does nothing before game.setup has finished, nor when the
-- kernel state has not changed (game.version) since a check that covered as much.
function check_invariants(where, with_vp)
  if not storage.check_ready then return end
  local version = game.version()
  if version == storage.checked_version and (storage.checked_vp or not with_vp) then return end
  local players = game.players()

  for i = 1, #RESOURCES do
    local r = RESOURCES[i]
    local n = sum(r, "card")
    if n ~= options.bank_per_resource then
      broken(r .. " cards (bank + hands)", where, options.bank_per_resource, n)
    end
  end

  local dev = game.deck_count("dev")
  for p = 1, players do dev = dev + total(p, "dev") + total(p, "played") end
  if dev ~= storage.check_deck_size then
    broken("development cards (deck + hands + played)", where, storage.check_deck_size, dev)
  end

  local names, pieces = storage.piece_names, storage.pieces
  for i = 1, #names do
    local name = names[i]
    local spec = pieces[name]
    for p = 1, players do
      local got = count(p, name, "piece")
      if spec.on == "node" then
        got = got + count_nodes("building", name, "owner", p) + count_nodes(name, p)
      elseif spec.on == "path" then
        got = got + count_paths(name, p)
      end
      if got ~= spec.limit then
        broken(string.format("player %d's %s pieces (board + supply)", p, name), where,
          spec.limit, got)
      end
    end
  end

  local tile_number, tile_get = storage.tile_number, board.tile_get
  for t = 1, #storage.tile_resource do
    local n = tile_get(t, "number")
    if n ~= tile_number[t] then
      broken(string.format("tile %d's number (the tile prop against base's production lookup; "
        .. "change numbers in base.board or with set_tile_number)", t), where, tile_number[t], n)
    end
  end

  -- With base.vp handlers, counting points raises that event, which a check (read-only) may
  -- not: the vp invariant is then left out (base.point_props and base.awards keep it).
  if with_vp and vp_total and not storage.vp_hooked then
    for p = 1, players do
      local vp = public_vp(p)
      local prop = game.player_get(p, "vp")
      if prop ~= vp then
        broken(string.format("player %d's vp prop", p), where, vp, prop)
      end
    end
  end
  if with_vp and storage.point_sources then
    for p = 1, players do
      local sum = 0
      for name, pts in pairs(storage.point_sources[p]) do
        local prop = game.player_get(p, "points." .. name)
        if prop ~= pts then
          broken(string.format("player %d's points.%s prop", p, name), where, pts, prop)
        end
        sum = sum + pts
      end
      local vp = game.player_get(p, "vp")
      if sum ~= vp then
        broken(string.format("player %d's points by source", p), where, vp, sum)
      end
    end
  end
  storage.checked_version, storage.checked_vp = version, with_vp
end

if options.check then
  game.on("game.setup", function()
    local deck_size = 0
    for _, d in ipairs(DEV_CARDS) do deck_size = deck_size + DEV_DECK[d] end
    storage.check_deck_size = deck_size
    storage.check_ready = true
  end, { after = true, priority = CHECK_PRIORITY })
  game.invariant(function(where)
    check_invariants(where, CHECK_VP_AFTER[where] or false)
  end)
end
