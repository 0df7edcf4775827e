-- Test helpers of the cities-knights pack (its "test_support"), beside base's (fresh, give,
-- hand, settlement, city, ...). Beginner board: tile 12 is ore 8 (corners 24 36 37 38 34 25;
-- 36 and 37 touch no other hex), tile 13 lumber 8 (corners 26 31 39 40 41 27; 40 and 41 touch
-- no other hex), tile 18 grain 6 (corner 52 touches no other hex), tile 5 brick 6 (corner 4 also
-- touches ore 10 and grain 12), tile 16 wool 5 (corner 46 touches no other hex); the robber
-- starts on the desert, tile 10. Paths: 37-36-24 (24 also touches 23 and 25), 37-38 (38 also
-- touches 34 and 46), 41-40 (40 also touches 39 and 50).

COMMODITY_KINDS = { "paper", "cloth", "coin" }

-- Moves commodity cards from the bank to p: give_commodities(2, {cloth = 3}).
function give_commodities(p, cards) give_items(COMMODITY_KINDS, "card", p, cards) end

-- p's commodity cards as {commodity = count}, only those held.
function commodities(p) return held_items(COMMODITY_KINDS, "card", p) end

-- The improvement levels of p as {trade, politics, science}.
function levels(p)
  return { game.player_get(p, "trade_level"), game.player_get(p, "politics_level"),
           game.player_get(p, "science_level") }
end

-- Plays 4-player games of seeds 1 to `games` with invariant checks on, seats played by
-- `agents`; fails unless each ends with a winner holding at least 13 points. `each(seed,
-- result)`, when given, is called after each game, while its state can still be read. Returns
-- the results ({winner, reason, turns} each).
function ck_games(t, agents, games, each)
  return whole_games(t, agents, nil, function(seed, r)
    if r.winner then
      t.ok(game.player_get(r.winner, "vp") >= 13, "seed " .. seed .. ": the winner has 13 points")
    end
    if each then each(seed, r) end
  end, games)
end

-- The path between neighbouring nodes a and b.
function path_between(a, b)
  for e = 1, board.paths() do
    local ends = board.path_nodes(e)
    if (ends[1] == a and ends[2] == b) or (ends[1] == b and ends[2] == a) then return e end
  end
  error(string.format("no path between nodes %d and %d", a, b))
end

-- Places free roads of p along the chain of nodes `chain`: roads(base, 1, {37, 36, 24}).
function roads(base, p, chain)
  for i = 1, #chain - 1 do
    base.place_piece(p, "road", path_between(chain[i], chain[i + 1]), { free = true })
  end
end

-- Places p's knight of `piece` ("basic_knight", ...) on node n for free, active or not.
function knight(base, p, n, piece, active)
  base.place_piece(p, piece or "basic_knight", n, { free = true })
  if active then board.node_set(n, "active", true) end
end

-- Takes one card `kind` out of its progress deck into p's hand (form "progress").
function give_progress(p, kind)
  for _, track in ipairs({ "science", "politics", "trade" }) do
    local name = "progress." .. track
    local items = game.deck_items(name)
    for i, it in ipairs(items) do
      if it == kind then
        table.remove(items, i)
        while game.deck_count(name) > 0 do game.deck_draw(name) end
        for _, x in ipairs(items) do game.deck_push(name, x) end
        game.add(p, kind, 1, "progress")
        return
      end
    end
  end
  error("no " .. kind .. " left in the decks")
end

-- Marks the current turn's roll as over (cards may be played), as after a roll.
function rolled(t)
  t.env().storage.rolled_turn = game.turn()
end

-- Plays p's card `kind` through its menu entry; fails when the menu does not offer it.
function play_card(t, base, p, kind)
  for _, o in ipairs(base.action_options(p)) do
    if o.id == "progress:" .. kind then return o.run(p, o) end
  end
  error(kind .. " is not on the menu")
end

-- The menu entry of p with id `id`, or nil.
function menu_entry(base, p, id)
  for _, o in ipairs(base.action_options(p)) do
    if o.id == id then return o end
  end
end
