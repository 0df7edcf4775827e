-- Knight actions (facts 52, 53, 58-64; open questions 3, 5): move, displace, chase the robber.

-- The ids of p's knight-action menu entries, in menu order.
local function knight_actions(base, p)
  local list = {}
  for _, o in ipairs(base.action_options(p)) do
    if o.action == "move_knight" or o.action == "displace_knight" or o.action == "chase_robber" then
      list[#list + 1] = o.id
    end
  end
  return list
end

-- Runs p's menu entry `id`; fails when the menu does not offer it.
local function run(base, p, id)
  local o = menu_entry(base, p, id)
  if o == nil then error(id .. " is not on the menu") end
  return o.run(p, o)
end

-- Places p's active knight of `piece` on node n as on an earlier turn (so it may act now).
local function veteran(base, p, n, piece)
  knight(base, p, n, piece, true)
  board.node_set(n, "active_turn", game.turn() - 1)
end

-- The knight on node n as {building, owner, active}.
local function at(n)
  return { board.node_get(n, "building"), board.node_get(n, "owner"), board.node_get(n, "active") }
end

test("knight actions: a knight moves along its owner's roads to an empty node and goes inactive", function(t)
  local base = fresh(t, { [1] = { "node:23" } })
  settlement(base, 1, 37)
  roads(base, 1, { 38, 37, 36, 24, 23 })
  veteran(base, 1, 36, "strong_knight")
  board.node_set(36, "promoted_turn", game.turn()) -- promoted this turn: it may still act
  t.eq(knight_actions(base, 1), { "move_knight:36" })
  run(base, 1, "move_knight:36")
  t.eq(ids(t.decisions { options = true }[1].options), { "node:23", "node:24", "node:38" },
    "through its own settlement at 37")
  t.eq(at(36), { nil, nil, nil })
  t.eq(at(23), { "strong_knight", 1, nil })
  t.eq(board.node_get(23, "promoted_turn"), game.turn(), "the turn props move with it")
  t.eq(game.player_get(1, "strong_knights"), 1)
  t.eq(knight_actions(base, 1), {}, "inactive after acting")
end)

test("knight actions: a knight passes empty and own nodes only", function(t)
  local base = fresh(t)
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36, 24, 23 })
  settlement(base, 3, 46)
  roads(base, 1, { 37, 38, 46, 47 })
  veteran(base, 1, 36, "basic_knight")
  knight(base, 2, 24, "basic_knight")
  t.eq(t.env().knight_reach(1, 36), { 38 }, "not past player 2's knight at 24 nor player 3's settlement at 46")
  t.eq(knight_actions(base, 1), { "move_knight:36" }, "no displacement of an equal knight")
end)

test("knight actions: a knight activated or built this turn cannot act; after acting it may be activated again", function(t)
  local base = fresh(t, { [1] = { "node:24", "node:23" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36, 24, 23 })
  give(1, { wool = 1, ore = 1, grain = 3 })
  base.build_action(1, "basic_knight")
  run(base, 1, "activate:24")
  t.eq(knight_actions(base, 1), {}, "built and activated this turn")
  knight(base, 1, 36, "basic_knight")
  run(base, 1, "activate:36")
  t.eq(knight_actions(base, 1), {}, "activated this turn")
  board.node_set(36, "active_turn", game.turn() - 1) -- as if activated on an earlier turn
  t.eq(knight_actions(base, 1), { "move_knight:36" })
  run(base, 1, "move_knight:36")
  t.eq(at(23), { "basic_knight", 1, nil })
  run(base, 1, "activate:23")
  t.eq(board.node_get(23, "active"), true, "active again: it defends")
  t.eq(knight_actions(base, 1), {}, "but acts no more this turn")
  t.eq(hand(1), {})
end)

test("knight actions: a stronger knight displaces a weaker one, whose owner moves it along their roads", function(t)
  local base = fresh(t, { [1] = { "node:24" }, [2] = { "node:22" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36, 24 })
  settlement(base, 2, 21)
  roads(base, 2, { 24, 25, 21, 22 })
  veteran(base, 1, 36, "strong_knight")
  veteran(base, 2, 24, "basic_knight")
  t.eq(knight_actions(base, 1), { "displace_knight:36" }, "24, the only node in reach, is taken")
  run(base, 1, "displace_knight:36")
  local d = t.decisions { options = true }
  t.eq({ d[1].kind, d[1].player, ids(d[1].options) }, { "ck.knight_displace", 1, { "node:24" } })
  t.eq({ d[2].kind, d[2].player, ids(d[2].options) }, { "ck.knight_retreat", 2, { "node:22", "node:25" } })
  t.eq({ at(24), at(36), at(22) }, { { "strong_knight", 1, nil }, { nil, nil, nil }, { "basic_knight", 2, true } },
    "the displaced knight keeps its state")
  t.eq({ game.player_get(2, "basic_knights"), game.count(2, "basic_knight", "piece") }, { 1, 1 })
end)

test("knight actions: a displaced knight with nowhere to go returns to supply", function(t)
  local base = fresh(t, { [1] = { "node:24" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36, 24 })
  veteran(base, 1, 36, "mighty_knight")
  knight(base, 2, 24, "basic_knight")
  t.eq(knight_actions(base, 1), { "displace_knight:36" })
  run(base, 1, "displace_knight:36")
  t.eq(at(24), { "mighty_knight", 1, nil })
  t.eq({ game.count(2, "basic_knight", "piece"), game.player_get(2, "basic_knights") }, { 2, 0 })
  local kinds = {}
  for _, d in ipairs(t.decisions()) do kinds[#kinds + 1] = d.kind end
  t.eq(kinds, { "ck.knight_displace" }, "player 2 is not asked")
end)

test("knight actions: an active knight next to the robber chases it after the first attack and robs", function(t)
  local base = fresh(t, { [1] = { "tile:7" } })
  settlement(base, 1, 37)
  roads(base, 1, { 37, 36 })
  veteran(base, 1, 36, "basic_knight")
  veteran(base, 1, 38, "basic_knight")
  settlement(base, 2, 21)
  give(2, { ore = 1 })
  game.set("robber", 12)
  t.eq(knight_actions(base, 1), {}, "before the first attack the robber stays")
  game.set("barbarian_attacks", 1)
  t.eq(knight_actions(base, 1), { "chase_robber:36", "chase_robber:38" },
    "38 has no road: it may chase but not move")
  run(base, 1, "chase_robber:36")
  t.eq(game.get("robber"), 7)
  t.eq({ hand(1), hand(2) }, { { ore = 1 }, {} })
  t.eq(board.node_get(36, "active"), nil)
  t.eq(knight_actions(base, 1), {}, "robber gone from 38's hex; 36 acted")
  board.node_set(38, "active", nil)
  game.set("robber", 12)
  t.eq(knight_actions(base, 1), {}, "an inactive knight cannot chase")
end)

test("knight actions: a knight moved onto an opponent's road breaks it for Longest Road", function(t)
  local base = fresh(t, { [1] = { "node:38" } })
  settlement(base, 2, 47)
  roads(base, 2, { 47, 46, 38, 34, 35, 44 })
  t.eq({ game.get("longest_road"), game.player_get(2, "vp") }, { 2, 3 })
  settlement(base, 1, 36)
  roads(base, 1, { 36, 37, 38 })
  veteran(base, 1, 37, "basic_knight")
  run(base, 1, "move_knight:37")
  t.eq(at(38), { "basic_knight", 1, nil })
  t.eq({ game.get("longest_road"), game.player_get(2, "road_length"), game.player_get(2, "vp") },
    { nil, 3, 1 })
end)
