-- The combined rules of seed 002: tokens with walls and citadels (walls with tokens alone are
-- tested in variants/city-walls/tests/with_tokens_test.lua). Beginner board: tile 5 is
-- brick 6 (corners 3, 4, 10, 15, 19, 20), tile 18 grain 6 (corners 42, 43, 45, 48, 51, 52).
-- Player 1 is the current player in these games.

-- A city of p on node n with a wall.
local function walled(base, p, n)
  city(base, p, n)
  base.place_piece(p, "wall", n, { free = true })
end

test("combined: a citadel may take one token of its three", function(t)
  local base = fresh(t, { [1] = { "tokens:1" } })
  city(base, 1, 15)
  base.place_piece(1, "citadel", 15, { free = true })
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(tokens(1), { brick = 1 })
  t.eq(rows(t), { { 1, "tokens.claim", 2, 2 } }, "3 cards, or 2 cards and a token")
end)

test("combined: a walled citadel may take up to two tokens", function(t)
  local base = fresh(t, { [1] = { "tokens:2", "tokens:1" } })
  walled(base, 1, 15)
  base.place_piece(1, "citadel", 15, { free = true })
  t.eq(board.node_get(15, "wall"), 1, "the citadel keeps its wall")
  base.produce(6)
  t.eq(hand(1), { brick = 1 })
  t.eq(tokens(1), { brick = 2 })
  base.produce(12) -- grain 12 touches node 15 too
  t.eq(hand(1), { brick = 1, grain = 2 })
  t.eq(tokens(1), { brick = 2, grain = 1 })
  t.eq(rows(t), { { 1, "tokens.claim", 3, 3 }, { 1, "tokens.claim", 3, 2 } })
end)

test("combined: a wall or citadel built after its city produced counts from the next roll", function(t)
  -- The allowance of a node is kept between rolls and asked again once a piece is built there.
  local base = fresh(t, { [1] = { "tokens:1", "tokens:2" } })
  city(base, 1, 15)
  base.produce(6)
  t.eq(rows(t), {}, "a plain city: no question")
  base.place_piece(1, "wall", 15, { free = true })
  base.produce(6)
  t.eq(rows(t), { { 1, "tokens.claim", 2, 2 } }, "the wall's token")
  base.place_piece(1, "citadel", 15, { free = true })
  base.produce(6)
  t.eq(rows(t), { { 1, "tokens.claim", 2, 2 }, { 1, "tokens.claim", 3, 3 } },
    "a walled citadel: two tokens")
  t.eq(tokens(1), { brick = 3 })
  t.eq(hand(1), { brick = 2 + 1 + 1 })
end)

test("combined: allowances are asked as pieces are placed; only nodes that may take tokens are watched", function(t)
  -- Rolls with no claim on a watched node never reach the token pack (base.watched_production).
  local base = fresh(t, {})
  local tokens_env = t.env("resource-tokens")
  city(base, 2, 3)
  walled(base, 1, 15)
  city(base, 3, 42)
  base.place_piece(3, "citadel", 42, { free = true })
  base.place_piece(4, "settlement", 20, { free = true, setup = true })
  local allowances, watched = tokens_env.storage.allowances, base.storage.watched
  t.eq({ allowances[3], allowances[15], allowances[42], allowances[20] }, { 0, 1, 1, 0 })
  t.eq({ watched[3], watched[15], watched[42], watched[20] }, { nil, true, true, nil })
  t.eq(rows(t), {}, "asking an allowance is no decision")
end)

test("combined: a wall may be built under a citadel, and scores with it", function(t)
  local base = fresh(t)
  city(base, 1, 15)
  base.place_piece(1, "citadel", 15, { free = true })
  t.eq(base.legal_spots(1, "wall"), { 15 })
  base.place_piece(1, "wall", 15, { free = true })
  t.eq(board.node_get(15, "building"), "citadel")
  t.eq(game.player_get(1, "vp"), 3)
end)

test("combined: a token shortage of one resource gives nobody tokens of it", function(t)
  -- One brick token in the bank, two walled cities ask for one each: both keep their request,
  -- so both take cards. Grain is another resource: player 3 gets its grain token.
  local base = fresh(t, {
    [1] = { "tokens:1", "keep:1" },
    [2] = { "tokens:1", "keep:1" },
    [3] = { "tokens:1" },
  })
  game.move("bank", 4, "brick", 24, "token")
  walled(base, 1, 15)
  walled(base, 2, 3)
  walled(base, 3, 42)
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(hand(2), { brick = 2 })
  t.eq(tokens(1), {})
  t.eq(tokens(2), {})
  t.eq(game.count("bank", "brick", "token"), 1)
  t.eq(hand(3), { grain = 1 })
  t.eq(tokens(3), { grain = 1 })
  -- Claims in hex order (tile 5: node 3, then node 15; tile 18: node 42), then the talk from the
  -- current player (1).
  t.eq(rows(t), { { 2, "tokens.claim", 2, 2 }, { 1, "tokens.claim", 2, 2 },
                  { 3, "tokens.claim", 2, 2 }, { 1, "tokens.shortage", 2, 1 },
                  { 2, "tokens.shortage", 2, 1 } })
end)

test("combined: in a shortage the players may agree to ask for fewer tokens", function(t)
  local base = fresh(t, {
    [1] = { "tokens:1", "keep:0" },
    [2] = { "tokens:1" },
  })
  game.move("bank", 4, "brick", 24, "token")
  walled(base, 1, 15)
  walled(base, 2, 3)
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(tokens(1), {})
  t.eq(hand(2), { brick = 1 })
  t.eq(tokens(2), { brick = 1 }, "the bank can pay the one request left")
  t.eq(game.count("bank", "brick", "token"), 0)
  t.eq(#t.decisions(), 3, "player 2 is not asked once the bank suffices")
end)

test("combined: an empty token bank asks nobody", function(t)
  local base = fresh(t)
  game.move("bank", 4, "brick", 25, "token")
  walled(base, 1, 15)
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(#t.decisions(), 0)
end)

test("combined: tokens taken leave more cards for the card shortage rule", function(t)
  -- 2 brick cards left, 3 owed (walled city 2, settlement 1): with the token only 2 cards are
  -- owed and everyone is paid; taking cards instead, nobody gets brick.
  local base = fresh(t, { [1] = { "tokens:1" } })
  game.move("bank", 4, "brick", 17, "card")
  walled(base, 1, 15)
  base.place_piece(2, "settlement", 3, { free = true, setup = true })
  base.produce(6)
  t.eq(hand(1), { brick = 1 })
  t.eq(tokens(1), { brick = 1 })
  t.eq(hand(2), { brick = 1 })
  base = fresh(t, { [1] = { "tokens:0" } })
  game.move("bank", 4, "brick", 17, "card")
  walled(base, 1, 15)
  base.place_piece(2, "settlement", 3, { free = true, setup = true })
  base.produce(6)
  t.eq(hand(1), {})
  t.eq(hand(2), {})
end)

test("combined: the heuristic bot builds walls and earns tokens", function(t)
  -- (Citadels come late, once no settlement is left to upgrade: citadels/tests/agent_test.lua.)
  local built = { wall = 0, citadel = 0, tokens = 0 }
  for seed = 1, 4 do
    t.start { players = 4, seed = seed, options = { "base.check=true" },
              agents = { "heuristic", "heuristic", "heuristic", "heuristic" } }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
    for q = 1, 4 do
      built.wall = built.wall + game.player_get(q, "walls")
      built.citadel = built.citadel + game.player_get(q, "citadels")
      built.tokens = built.tokens + game.player_get(q, "tokens")
    end
  end
  t.ok(built.wall > 0, "walls were built")
  t.ok(built.tokens > 0, "tokens were held at the end")
end)

test("combined: random bots play whole games with every invariant", function(t)
  for seed = 1, 3 do
    t.start { players = 4, seed = seed, options = { "base.check=true" } }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
  end
end)
