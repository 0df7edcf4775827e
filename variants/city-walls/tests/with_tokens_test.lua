-- City walls with resource tokens loaded (seed 002): run with "with": ["resource-tokens"], so
-- resource-tokens' test helpers (tokens, rows) are loaded beside base's. Beginner board: tile 5
-- is brick 6 (corners 3, 4, 10, 15, 19, 20), tile 18 grain 6 (corners 42, 43, 45, 48, 51, 52).

-- A city of p on node n with a wall.
local function walled(base, p, n)
  city(base, p, n)
  base.place_piece(p, "wall", n, { free = true })
end

test("with tokens: under tokens a wall no longer raises the discard limit", function(t)
  local base = fresh(t, {
    [1] = { "tile:19", "rob" },
    [2] = { "ore", "ore", "ore", "ore" },
  })
  walled(base, 2, 3)
  walled(base, 2, 42)
  give(2, { ore = 8 })
  base.seven(1)
  t.eq(hand(2), { ore = 4 }, "8 cards over the plain limit of 7, two walls or not")
  local e = { player = 2, limit = 7 }
  game.raise("base.discard_limit", e)
  t.eq(e.limit, 7)
end)

test("with tokens: a walled city may take one token, the second resource as a card", function(t)
  local base = fresh(t, { [1] = { "tokens:1" } })
  walled(base, 1, 15)
  city(base, 2, 3)                                             -- no wall: no question
  base.place_piece(3, "settlement", 20, { free = true, setup = true })
  base.produce(6)
  t.eq(hand(1), { brick = 1 })
  t.eq(tokens(1), { brick = 1 })
  t.eq(hand(2), { brick = 2 })
  t.eq(tokens(2), {})
  t.eq(hand(3), { brick = 1 })
  t.eq(game.count("bank", "brick", "token"), 24)
  t.eq(game.count("bank", "brick", "card"), 19 - 4)
  t.eq(rows(t), { { 1, "tokens.claim", 2, 2 } })
end)

test("with tokens: a player may always take cards instead of tokens", function(t)
  local base = fresh(t, { [1] = { "tokens:0" } })
  walled(base, 1, 15)
  base.produce(6)
  t.eq(hand(1), { brick = 2 })
  t.eq(tokens(1), {})
  t.eq(game.count("bank", "brick", "token"), 25)
end)
