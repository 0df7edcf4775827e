-- The robber: what a 7 does (discards, then the robber moves and steals), also used by the
-- knight card (move_robber alone).
--
-- Events (contracts in pack.json):
--   base.discard_limit {player, limit}: a player holding more than `limit` cards (hand_size:
--       resource cards and the hand kinds of base.hand_kinds) discards half (rounded down);
--       handlers may change limit.
--   base.discard {player, count}: default (discard_default) asks the player `count` times,
--       decision "base.discard" among the cards they hold (RESOURCE_OPTIONS, then HAND_OPTIONS;
--       ids the kind names), and returns each chosen card to the bank.
--   base.robber_targets {player, tiles}: the tiles the robber may move to (every tile but its
--       own); handlers may remove tiles. If none remain the robber stays where it is, nobody is
--       robbed and move_robber returns nil.
--   base.robber_moved {player, tile, from}: default (robber_moved_default): the victims are the
--       opponents with a building on a corner of the tile and at least one card (hand_size), in
--       seat order; base.victims {player, tile, victims} may remove some; with several left
--       the player chooses (decision "base.victim", SEAT_OPTIONS: ids "player:N"); then
--       base.steal.
--   base.steal {thief, victim}: default (steal_default) moves one card (a resource or a hand
--       kind) chosen uniformly at random (game.random) from the victim to the thief and records
--       its kind in payload.resource (nil when the victim had no card).
--   base.seven_robber {player}: a 7's robber step, after the discards; default
--       (seven_robber_default): the player moves the robber (move_robber, which sets
--       payload.tile). A handler may replace it with another step (e.g. a choice between the
--       robber and something else). Raised only while it has handlers.

-- Read as upvalues, not globals (the chunk runs anew for every game).
local storage, game, RESOURCES = storage, game, RESOURCES

-- p gives up to `count` of the cards it holds, chosen one at a time: `count` decisions `kind`
-- among the kinds p holds (RESOURCE_OPTIONS in RESOURCES order, then HAND_OPTIONS of the hand
-- kinds; ids the kind names), each card moving at once from p to `to` (a seat or a supply),
-- fewer when p runs out. With `given` (a table), given[kind] counts the cards moved. The hand is
-- read once: only this loop's own moves change it meanwhile (agents cannot change the state).
-- The option array is storage.discard_menu, refilled for each card (agents never change it).
-- A 7's discard (discard_default) and the library's give_cards are this routine.
function give_cards(p, count, to, kind, given)
  local hand = card_view(p)
  local held = storage.discard_menu
  local extra = storage.hand_kinds
  local stale = true -- held must be rebuilt (first card, or a kind ran out)
  for _ = 1, count do
    if stale then
      local k = 0
      for i = 1, #RESOURCES do
        local r = RESOURCES[i]
        if hand[r] > 0 then
          k = k + 1
          held[k] = RESOURCE_OPTIONS[r]
        end
      end
      for i = 1, #extra do
        if hand[extra[i]] > 0 then
          k = k + 1
          held[k] = HAND_OPTIONS[extra[i]]
        end
      end
      if k == 0 then return end
      for i = k + 1, #held do held[i] = nil end
    end
    local r = game.decide(p, kind, held).resource
    game.move(p, to, r, 1, "card")
    if given then given[r] = (given[r] or 0) + 1 end
    stale = hand[r] == 0
  end
end

-- The discard of a 7 for one player: `count` decisions "base.discard", one card each, to the
-- bank (give_cards).
function discard_default(e)
  give_cards(e.player, e.count, "bank", "base.discard")
end

-- The 7 rolled by p: every player, in seat order starting with p, holding more cards (hand_size)
-- than their limit (options.discard_limit through base.discard_limit) discards half of them,
-- rounded down, through base.discard; then the robber step: p moves the robber (move_robber),
-- through base.seven_robber when that event has handlers. Returns the robber's new tile (nil
-- when it stayed, or when a handler replaced the step and set no payload.tile).
function seven(p)
  local players = storage.players
  local hooked = storage.discard_limit_hooked
  local limit0 = storage.discard_limit
  for i = 0, players - 1 do
    local q = (p - 1 + i) % players + 1
    local size = hand_size(q)
    local limit = limit0
    if hooked then
      local e = { player = q, limit = limit }
      game.raise("base.discard_limit", e)
      limit = e.limit
    end
    if size > limit then
      local n = size // 2
      if n > 0 then
        if storage.verbose then
          game.log(string.format("player %d discards %d of %d cards", q, n, size))
        end
        local e = { player = q, count = n }
        if game.raise("base.discard", e, discard_default) ~= "vetoed" then
          local stats = storage.stats
          stats.discards = stats.discards + 1
          stats.cards_discarded = stats.cards_discarded + e.count
        end
      end
    end
  end
  if storage.seven_robber_hooked then
    local e = { player = p }
    game.raise("base.seven_robber", e, seven_robber_default)
    return e.tile
  end
  return move_robber(p)
end

-- Default action of base.seven_robber: the player moves the robber and steals.
function seven_robber_default(e)
  e.tile = move_robber(e.player)
end

-- Default action of base.steal: the victim's cards lined up in RESOURCES order, then the hand
-- kinds (base.hand_kinds), card k of them with k uniform (game.random over their number), found
-- by counting through the hand view.
function steal_default(e)
  local hand = card_view(e.victim)
  local total = hand_size(e.victim)
  if total == 0 then return end
  local k = game.random(total)
  local r
  for i = 1, #RESOURCES do
    r = RESOURCES[i]
    k = k - hand[r]
    if k <= 0 then break end
  end
  local extra = storage.hand_kinds
  for i = 1, #extra do
    if k <= 0 then break end
    r = extra[i]
    k = k - hand[r]
  end
  game.move(e.victim, e.thief, r, 1, "card")
  e.resource = r
end

-- The players p may rob on `tile`: opponents owning a building (not a unit, build.lua) on one
-- of its corners and holding at least one card (hand_size), ascending.
function robbable(p, tile)
  local victims, n = {}, 0
  local nodes, owner_at, building_at = storage.tile_nodes[tile], storage.owner, storage.building
  local units = storage.units
  for i = 1, #nodes do
    local q = owner_at[nodes[i]]
    if q and q ~= p and hand_size(q) > 0 and not units[building_at[nodes[i]]] then
      -- Insert q in ascending order, once.
      local j = n
      while j > 0 and victims[j] > q do j = j - 1 end
      if victims[j] ~= q then
        table.insert(victims, j + 1, q)
        n = n + 1
      end
    end
  end
  return victims
end

-- Default action of base.robber_moved: choose a victim and steal one card.
function robber_moved_default(e)
  local victims = robbable(e.player, e.tile)
  if storage.victims_hooked then
    local v = { player = e.player, tile = e.tile, victims = victims }
    game.raise("base.victims", v)
    victims = v.victims
  end
  if #victims == 0 then return end
  local victim = victims[1]
  if #victims > 1 then
    local choices = {}
    for i, q in ipairs(victims) do choices[i] = SEAT_OPTIONS[q] end
    local i = game.choose(e.player, "base.victim", choices)
    victim = victims[i]
  end
  local s = { thief = e.player, victim = victim }
  if game.raise("base.steal", s, steal_default) ~= "vetoed" and s.resource then
    storage.stats.robber_steals = storage.stats.robber_steals + 1
  end
  if storage.verbose then
    local line = string.format("player %d robs player %d", e.player, victim)
    if s.resource then
      game.log_secret({ e.player, victim }, line .. " (" .. s.resource .. ")", line .. " (a card)")
    else
      game.log(line .. " (nothing)")
    end
  end
end

-- p moves the robber: decision "base.robber" among every tile except the robber's (after
-- base.robber_targets), options {id = "tile:T", tile = T} (storage.tile_options); sets the game
-- prop robber and raises base.robber_moved (default: the steal). Returns the new tile, or nil
-- when no tile was allowed (the robber stays). With the game prop robber unset (a rule took the
-- robber off the board) every tile is offered and base.robber_moved has from = nil.
function move_robber(p)
  local from = storage.props.robber
  local tiles, choices
  local records = storage.tile_options
  if storage.robber_targets_hooked then
    tiles = {}
    for t = 1, board.tiles() do
      if t ~= from then tiles[#tiles + 1] = t end
    end
    local e = { player = p, tiles = tiles }
    game.raise("base.robber_targets", e)
    tiles = e.tiles
    if #tiles == 0 then return nil end
    choices = {}
    for i, t in ipairs(tiles) do choices[i] = records[t] end
  else
    -- Every tile but the robber's: the same two arrays for every move from `from` (key 0: the
    -- robber is off the board).
    local cached = storage.robber_menus[from or 0]
    if cached == nil then
      tiles, choices = {}, {}
      for t = 1, board.tiles() do
        if t ~= from then
          tiles[#tiles + 1] = t
          choices[#choices + 1] = records[t]
        end
      end
      cached = { tiles = tiles, choices = choices }
      storage.robber_menus[from or 0] = cached
    end
    tiles, choices = cached.tiles, cached.choices
  end
  local i = game.choose(p, "base.robber", choices)
  local tile = tiles[i]
  game.set("robber", tile)
  if storage.verbose then
    game.log(string.format("player %d moves the robber to %s", p, tile_label(tile)))
  end
  if game.raise("base.robber_moved", { player = p, tile = tile, from = from },
        robber_moved_default) ~= "vetoed" then
    storage.stats.robber_moves = storage.stats.robber_moves + 1
  end
  return tile
end

-- Per-game lookups of this file (priority -1: before other packs' setup at the default 0).
game.on("game.setup", function(e)
  storage.discard_limit_hooked = game.has_handlers("base.discard_limit")
  storage.robber_targets_hooked = game.has_handlers("base.robber_targets")
  storage.discard_limit = options.discard_limit
  storage.robber_menus = {} -- robber tile -> {tiles, choices} of a move from there
  storage.victims_hooked = game.has_handlers("base.victims")
  storage.seven_robber_hooked = game.has_handlers("base.seven_robber")
  storage.discard_menu = {} -- the option array of discard_default, refilled for every card
end, { priority = -1 })
