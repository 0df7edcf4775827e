-- Hoard tax: who pays at the start of a turn, when in the turn, the decision the bots answer, the
-- options, and whole games. t.turn() plays the current player's turn (seat 1 first).

-- The decisions of the current game as {player, kind, id} rows.
local function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.id } end
  return out
end

test("hoard tax: 8 cards at the start of the turn: 1 chosen card goes, before the roll", function(t)
  -- Seat 1 holds a knight, so base asks before the roll whether to play it: the tax comes first.
  fresh(t, { [1] = { "ore", "roll", "end" } })
  give_dev(1, "knight")
  give(1, { ore = 5, wool = 3 })
  t.roll(2, 1) -- a 3: nobody produces
  t.turn()
  t.eq(hand(1), { ore = 4, wool = 3 })
  t.eq(bank().ore, 15)
  t.eq(rows(t), { { 1, "base.give", "ore" }, { 1, "base.preroll", "roll" },
                  { 1, "base.action", "end" } })
end)

test("hoard tax: 7 cards or fewer pay nothing; each seat is taxed on its own turn only", function(t)
  fresh(t, { [1] = { "end" }, [2] = { "wool", "end" } })
  give(1, { ore = 7 })
  give(2, { wool = 8 })
  t.roll(2, 1, 2, 1)
  t.turn()
  t.eq(hand(1), { ore = 7 }, "7 cards: no tax")
  t.eq(hand(2), { wool = 8 }, "not taxed on another seat's turn")
  t.turn()
  t.eq(hand(2), { wool = 7 })
  t.eq(rows(t), { { 1, "base.action", "end" }, { 2, "base.give", "wool" },
                  { 2, "base.action", "end" } })
end)

test("hoard tax: the limit and the cards taken are options", function(t)
  fresh(t, { [1] = { "brick", "ore", "end" } }, { "hoard-tax.limit=3", "hoard-tax.cards=2" })
  give(1, { brick = 2, ore = 2 })
  t.roll(2, 1)
  t.turn()
  t.eq(hand(1), { brick = 1, ore = 1 })
end)

test("hoard tax: the heuristic bot gives what it needs least, as in a discard", function(t)
  fresh(t, nil, nil, { "heuristic", "heuristic", "heuristic", "heuristic" })
  local base = t.env("base")
  settlement(base, 1, 43)
  base.place_piece(1, "road", board.node_paths(43)[1], { free = true })
  give(1, { ore = 3, grain = 2, wool = 3, lumber = 1 })
  t.roll(2, 1)
  t.turn()
  t.eq(t.decisions()[1].kind, "base.give")
  t.eq(t.decisions()[1].id, "wool", "its surplus, as its discard would give")
end)

test("hoard tax: whole games keep base's invariants and publish the cards taken", function(t)
  local taken = 0
  whole_games(t, { "heuristic", "heuristic", "random", "random" }, nil, function(_, result)
    t.ok(result.winner ~= nil)
    taken = taken + game.get("stats.hoard_tax_cards")
  end)
  t.ok(taken > 0, "some cards were taxed in 3 games")
end)
