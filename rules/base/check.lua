-- Invariant check mode (option `check`, used by the tests): after every base.* event and after
-- every turn, verify that nothing was created or lost. Off by default; when off, no handler is
-- registered and the game runs at full speed.
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
--   vp      player prop vp == victory_points(p); checked only between actions (base.actions,
--           base.turn_end, the end of a turn), since an action updates vp at its very end.
-- A violation raises "invariant broken: <what> after <event>, expected X, got Y".

local count = game.count
local total = game.total
local node_get = board.node_get
local path_get = board.path_get

CHECK_PRIORITY = 1000 -- after-handlers run last

-- Events after which the vp invariant must hold (between two actions of a turn).
CHECK_VP_AFTER = { ["base.actions"] = true, ["base.turn_end"] = true, turn = true }

-- Events after which nothing is checked: base.pieces runs while the catalogue is being built.
CHECK_SKIP = { ["base.pieces"] = true }

BASE_EVENTS = {
  "base.pieces", "base.roll", "base.claim", "base.payout", "base.discard_limit", "base.discard",
  "base.robber_targets", "base.robber_moved", "base.victims", "base.steal", "base.monopoly",
  "base.maritime", "base.pay", "base.can_pay", "base.built", "base.vp", "base.actions",
  "base.turn_end", "base.production", "base.funds", "base.trade",
}

local function broken(what, where, expected, got)
  error(string.format("invariant broken: %s after %s, expected %s, got %s", what, where,
    tostring(expected), tostring(got)), 0)
end

-- Verifies the invariants listed above; `where` names the event for the message; `with_vp`
-- adds the vp invariant. Does nothing before game.setup has finished.
function check_invariants(where, with_vp)
  if not storage.check_ready or storage.checking then return end
  storage.checking = true
  local players = game.players()

  for _, r in ipairs(RESOURCES) do
    local sum = count("bank", r, "card")
    for p = 1, players do sum = sum + count(p, r, "card") end
    if sum ~= options.bank_per_resource then
      storage.checking = false
      broken(r .. " cards (bank + hands)", where, options.bank_per_resource, sum)
    end
  end

  local deck_size = 0
  for _, d in ipairs(DEV_CARDS) do deck_size = deck_size + DEV_DECK[d] end
  local dev = game.deck_count("dev")
  for p = 1, players do dev = dev + total(p, "dev") + total(p, "played") end
  if dev ~= deck_size then
    storage.checking = false
    broken("development cards (deck + hands + played)", where, deck_size, dev)
  end

  local on_board = {}
  for _, name in ipairs(storage.piece_names) do
    local row = {}
    for p = 1, players do row[p] = 0 end
    on_board[name] = row
  end
  for n = 1, board.nodes() do
    local owner = node_get(n, "owner")
    if owner then
      local row = on_board[node_get(n, "building")]
      if row and row[owner] then row[owner] = row[owner] + 1 end
    end
  end
  for _, name in ipairs(storage.piece_names) do
    local spec = storage.pieces[name]
    local row = on_board[name]
    if spec.on == "node" then
      for n = 1, board.nodes() do
        local q = node_get(n, name)
        if math.type(q) == "integer" and row[q] then row[q] = row[q] + 1 end
      end
    elseif spec.on == "path" then
      for e = 1, board.paths() do
        local q = path_get(e, name)
        if math.type(q) == "integer" and row[q] then row[q] = row[q] + 1 end
      end
    end
    for p = 1, players do
      local got = row[p] + count(p, name, "piece")
      if got ~= spec.limit then
        storage.checking = false
        broken(string.format("player %d's %s pieces (board + supply)", p, name), where,
          spec.limit, got)
      end
    end
  end

  if with_vp and victory_points then
    for p = 1, players do
      local vp = victory_points(p)
      local prop = game.player_get(p, "vp")
      if prop ~= vp then
        storage.checking = false
        broken(string.format("player %d's vp prop", p), where, vp, prop)
      end
    end
  end
  storage.checking = false
end

if options.check then
  game.on("game.setup", function()
    storage.check_ready = true
    check_invariants("game.setup", false)
  end, { after = true, priority = CHECK_PRIORITY })
  game.on("game.start", function()
    check_invariants("game.start", true)
  end, { after = true, priority = CHECK_PRIORITY })
  game.on("turn", function()
    check_invariants("turn", true)
  end, { after = true, priority = CHECK_PRIORITY })
  for _, event in ipairs(BASE_EVENTS) do
    if not CHECK_SKIP[event] then
      local with_vp = CHECK_VP_AFTER[event] or false
      game.on(event, function()
        check_invariants(event, with_vp)
      end, { after = true, priority = CHECK_PRIORITY })
    end
  end
end
