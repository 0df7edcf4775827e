-- The politics cards' effects (facts P13-P19; progress_play.lua plays them).
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
--   Bishop, Deserter, Diplomat, Intrigue: not offered (they need the robber move, knight
--   removal, road removal and displacement, which the pack has no rules for yet).

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
    game.move(q, p, kind, 1, "progress")
    progress_limit_check(p)
  end,
}

game.describe("ck.spy", function(o) return "player " .. o.player end)
