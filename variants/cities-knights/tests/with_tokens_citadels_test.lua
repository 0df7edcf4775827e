-- Seed 002's citadels in Cities & Knights: runs with the resource-tokens and citadels packs
-- loaded (pack.json: "with": ["resource-tokens", "citadels"]). A citadel upgrades a city and
-- takes 3 resources per producing hex (the citadels pack; Cities & Knights pays commodities to
-- cities only, so a citadel's 3 are resources). Node 37 touches only ore 8, node 41 only lumber 8.

test("with tokens and citadels: a citadel may take one token, a walled citadel two (§B.4)", function(t)
  local base = fresh(t, { [1] = { "tokens:1" }, [2] = { "tokens:2" } })
  city(base, 1, 37)
  base.place_piece(1, "citadel", 37, { free = true })
  city(base, 2, 41)
  base.place_piece(2, "wall", 41, { free = true })
  base.place_piece(2, "citadel", 41, { free = true })
  t.eq({ board.node_get(41, "building"), board.node_get(41, "wall") }, { "citadel", 2 })
  base.produce(8)
  t.eq({ hand(1), tokens(1), commodities(1) }, { { ore = 2 }, { ore = 1 }, {} })
  t.eq({ hand(2), tokens(2), commodities(2) }, { { lumber = 1 }, { lumber = 2 }, {} })
  local d = t.decisions { options = true }
  t.eq({ d[1].player, d[1].kind }, { 1, "tokens.claim" })
  t.eq(ids(d[1].options), { "tokens:0", "tokens:1" })
  t.eq(ids(d[2].options), { "tokens:0", "tokens:1", "tokens:2" })
end)

-- One game of random bots (which try every option, citadels included) and two of heuristic bots
-- (which build walls and earn about 60 tokens a game): a random game of this stack costs about
-- ten heuristic ones.
test("with tokens and citadels: whole games end with a winner, invariants checked", function(t)
  for _, game_of in ipairs({ { 1, "random" }, { 1, "heuristic" }, { 2, "heuristic" } }) do
    local seed, agent = game_of[1], game_of[2]
    t.start { players = 4, seed = seed, options = { "base.check=true" }, agents = { agent } }
    local r = t.play()
    t.ok(r.winner ~= nil, agent .. " seed " .. seed .. ": " .. r.reason)
  end
end)
