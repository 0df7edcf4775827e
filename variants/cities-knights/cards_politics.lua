-- The politics cards' effects (facts P11, P13-P19; progress_play.lua plays them).
--
--   Bishop     only while the robber is free (robber_free: after the first attack, open
--              question 6): p moves the robber (base's move_robber, decision "base.robber");
--              instead of the steal, p takes 1 random card (base's steal) from each opponent
--              with a settlement or city on a corner of the new hex and a card in hand, in
--              seat order from p (P11).
--   Deserter   decision "ck.deserter" among the opponents with a knight on the board ({id =
--              "player:Q", player = Q}); Q removes one of their knights to supply (decision
--              "ck.deserter_knight" of Q among {id = "node:N", node = N, level = L}); p may put
--              one of their own knights of that level (a basic one when none of that level is
--              in supply, open question 17), free, with the removed knight's state, on a node
--              where a knight may be built (decision "ck.deserter_place" among {id = "node:N",
--              node = N} and {id = "none"}), a mighty knight even without the Fortress; the
--              knight counts as placed this turn (it cannot act, open question 3) (P13).
--   Diplomat   decision "ck.diplomat" among the open roads ({id = "path:E", path = E, player =
--              Q}): a road with an end touching no other road of its owner and no piece of its
--              owner; the road goes back to Q's supply; if Q is p, p may place it again free by
--              the normal rules (decision "ck.diplomat_place" among {id = "path:E", path = E}
--              and {id = "none"}) (P14, open question 23).
--   Intrigue   decision "ck.intrigue" among the opponents' knights on nodes touched by one of
--              p's roads ({id = "node:N", node = N, player = Q, level = L}); that knight
--              retreats as a displaced one (knight_actions.lua's retreat_knight) (P15).
--
--   Warlord    every inactive knight of p becomes active, free (active_turn = this turn, so it
--              cannot act this turn: open question 3) (P18). Offered while p has one.
--   Wedding    each player with more points than p, in seat order from p, gives p 2 resource
--              or commodity cards of their choice (all they hold if fewer), one at a time
--              (decision "ck.wedding" of the giver among the kinds held) (P19). Offered while
--              such a player holds a card.
--   Saboteur   each other player with as many or more points than p (open question 9), in
--              seat order from p, discards half (rounded down) of their resource and commodity
--              cards, choosing which, one at a time (decision "ck.saboteur" among the kinds
--              held) (P16). Offered while one of them holds 2 cards or more.
--   Spy        decision "ck.spy" among the opponents holding progress cards ({id = "player:Q",
--              player = Q}), then "ck.spy_card" among their kinds ({id = kind, card = kind}):
--              the card moves to p's hand, then p's hand limit applies (progress.lua) (P17).
-- Road lengths and Longest Road are recounted (update_awards) after a knight or road leaves
-- or lands, before the next decision.

local base = require("base")
local update_awards, move_robber, robbable, steal = base.update_awards, base.move_robber,
  base.robbable, base.steal

-- The opponents of p whose points compare to p's by `keep(theirs, mine)`, in seat order from p.
local function by_points(p, keep)
  local list, mine = {}, game.player_get(p, "vp")
  for _, q in ipairs(others_of(p)) do
    if keep(game.player_get(q, "vp"), mine) then list[#list + 1] = q end
  end
  return list
end

local function more(theirs, mine) return theirs > mine end
local function as_many(theirs, mine) return theirs >= mine end

local function hand_size(q)
  local n = 0
  for _, k in ipairs(CARD_KINDS) do n = n + game.count(q, k, "card") end
  return n
end

PROGRESS_EFFECTS.warlord = {
  can = function(p)
    for _, k in ipairs(knights_of(p)) do
      if not k.active then return true end
    end
    return false
  end,
  play = function(p)
    for _, k in ipairs(knights_of(p)) do
      if not k.active then
        board.node_set(k.node, "active", true)
        board.node_set(k.node, "active_turn", game.turn())
      end
    end
  end,
}

PROGRESS_EFFECTS.wedding = {
  can = function(p)
    for _, q in ipairs(by_points(p, more)) do
      if hand_size(q) > 0 then return true end
    end
    return false
  end,
  play = function(p)
    for _, q in ipairs(by_points(p, more)) do
      for _ = 1, 2 do
        local opts = held_options(q, CARD_KINDS)
        if #opts == 0 then break end
        game.move(q, p, game.decide(q, "ck.wedding", opts).resource, 1, "card")
      end
    end
  end,
}

PROGRESS_EFFECTS.saboteur = {
  can = function(p)
    for _, q in ipairs(by_points(p, as_many)) do
      if hand_size(q) >= 2 then return true end
    end
    return false
  end,
  play = function(p)
    for _, q in ipairs(by_points(p, as_many)) do
      for _ = 1, hand_size(q) // 2 do
        game.move(q, "bank", game.decide(q, "ck.saboteur", held_options(q, CARD_KINDS)).resource, 1, "card")
      end
    end
  end,
}

-- The opponents holding progress cards, as decision options.
local function spy_targets(p)
  local opts = {}
  for _, q in ipairs(others_of(p)) do
    if game.total(q, "progress") > 0 then opts[#opts + 1] = { id = "player:" .. q, player = q } end
  end
  return opts
end

PROGRESS_EFFECTS.spy = {
  can = function(p) return #spy_targets(p) > 0 end,
  play = function(p)
    local q = game.decide(p, "ck.spy", spy_targets(p)).player
    local opts = {}
    for _, kind in ipairs(PROGRESS_KINDS) do
      if game.count(q, kind, "progress") > 0 then opts[#opts + 1] = { id = kind, card = kind } end
    end
    local kind = game.decide(p, "ck.spy_card", opts).card
    -- p saw q's cards; a fork as seen by p deals them again at its fork point, and a card dealt
    -- away is not taken.
    if game.count(q, kind, "progress") == 0 then return end
    game.move(q, p, kind, 1, "progress")
    progress_limit_check(p)
  end,
}

game.describe("ck.spy", function(o) return "player " .. o.player end)

-- The Bishop's robber move is under way (base.robber_moved below replaces the steal).
PROGRESS_EFFECTS.bishop = {
  can = function(p) return robber_free() end,
  play = function(p)
    storage.bishop = true
    move_robber(p)
    storage.bishop = nil
  end,
}

game.on("base.robber_moved", function(e)
  if not storage.bishop then return end
  local victims = {}
  for _, q in ipairs(robbable(e.player, e.tile)) do victims[q] = true end
  for _, q in ipairs(others_of(e.player)) do
    if victims[q] then steal(e.player, q) end
  end
  return game.REPLACE
end)

-- With resource tokens: the Bishop draws cards only, so its robber move offers no token in
-- place of the steal (seed 002 §B.16).
if game.has_event("tokens.robber_offer") then
  game.on("tokens.robber_offer", function(e)
    if storage.bishop then e.offer = false end
  end)
end

-- The opponents of p with a knight on the board, as decision options.
local function deserter_targets(p)
  local opts = {}
  for _, q in ipairs(others_of(p)) do
    if #knights_of(q) > 0 then opts[#opts + 1] = { id = "player:" .. q, player = q } end
  end
  return opts
end

PROGRESS_EFFECTS.deserter = {
  can = function(p) return #deserter_targets(p) > 0 end,
  play = function(p)
    local q = game.decide(p, "ck.deserter", deserter_targets(p)).player
    local opts = {}
    for _, k in ipairs(knights_of(q)) do
      opts[#opts + 1] = { id = "node:" .. k.node, node = k.node, level = k.level }
    end
    local removed = lift_knight(game.decide(q, "ck.deserter_knight", opts).node)
    update_awards()
    local piece = removed.building
    if game.count(p, piece, "piece") == 0 then piece = KNIGHTS[1] end
    if game.count(p, piece, "piece") == 0 then return end
    local spots = base.legal_spots(p, piece)
    if #spots == 0 then return end
    opts = node_options(spots)
    opts[#opts + 1] = { id = "none" }
    local n = game.decide(p, "ck.deserter_place", opts).node
    if n == nil then return end
    put_knight({ owner = p, building = piece, active = removed.active, active_turn = game.turn() }, n)
    update_awards()
  end,
}

-- Whether road e of q has its end at node v touching no other road of q and no piece of q.
local function free_end(q, e, v)
  if board.node_get(v, "owner") == q then return false end
  for _, f in ipairs(board.node_paths(v)) do
    if f ~= e and board.path_get(f, "road") == q then return false end
  end
  return true
end

-- The open roads (see the header), as decision options, by path.
local function open_roads()
  local opts = {}
  for e = 1, board.paths() do
    local q = board.path_get(e, "road")
    if q then
      local ends = board.path_nodes(e)
      if free_end(q, e, ends[1]) or free_end(q, e, ends[2]) then
        opts[#opts + 1] = { id = "path:" .. e, path = e, player = q }
      end
    end
  end
  return opts
end

PROGRESS_EFFECTS.diplomat = {
  can = function(p) return #open_roads() > 0 end,
  play = function(p)
    local o = game.decide(p, "ck.diplomat", open_roads())
    local q = o.player
    board.path_set(o.path, "road", nil)
    game.add(q, "road", 1, "piece")
    game.player_set(q, "roads", game.player_get(q, "roads") - 1)
    update_awards()
    if q ~= p then return end
    local opts = {}
    for _, e in ipairs(base.legal_spots(p, "road")) do opts[#opts + 1] = { id = "path:" .. e, path = e } end
    if #opts == 0 then return end
    opts[#opts + 1] = { id = "none" }
    local e = game.decide(p, "ck.diplomat_place", opts).path
    if e then base.place_piece(p, "road", e, { free = true }) end
  end,
}

-- The opponents' knights on nodes touched by one of p's roads, as decision options.
local function intrigue_targets(p)
  local opts = {}
  for n = 1, board.nodes() do
    local level = KNIGHT_LEVEL[board.node_get(n, "building") or ""]
    local q = board.node_get(n, "owner")
    if level and q ~= p then
      for _, e in ipairs(board.node_paths(n)) do
        if board.path_get(e, "road") == p then
          opts[#opts + 1] = { id = "node:" .. n, node = n, player = q, level = level }
          break
        end
      end
    end
  end
  return opts
end

PROGRESS_EFFECTS.intrigue = {
  can = function(p) return #intrigue_targets(p) > 0 end,
  play = function(p)
    local n = game.decide(p, "ck.intrigue", intrigue_targets(p)).node
    local k = lift_knight(n)
    update_awards()
    retreat_knight(k, n)
  end,
}

local LEVEL_NAME = { "basic", "strong", "mighty" }

game.describe("ck.deserter", function(o) return "player " .. o.player end)

game.describe("ck.deserter_knight", function(o)
  return string.format("remove the %s knight on node %d", LEVEL_NAME[o.level], o.node)
end)

game.describe("ck.deserter_place", function(o)
  if o.node == nil then return "place no knight" end
  return "node " .. o.node
end)

game.describe("ck.diplomat", function(o)
  local ends = board.path_nodes(o.path)
  return string.format("player %d's road %d-%d", o.player, ends[1], ends[2])
end)

game.describe("ck.diplomat_place", function(o)
  if o.path == nil then return "place no road" end
  local ends = board.path_nodes(o.path)
  return string.format("road %d-%d", ends[1], ends[2])
end)

game.describe("ck.intrigue", function(o)
  return string.format("player %d's %s knight on node %d", o.player, LEVEL_NAME[o.level], o.node)
end)
