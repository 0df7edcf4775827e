-- Tests of production.lua: dice, yields, the robber's block and the bank shortage rule.
-- Run: catan test base --filter production
--
-- The default (beginner) board has number 6 on tile 5 (hills, brick) and tile 18 (fields,
-- grain), and number 8 on tile 12 (mountains, ore) and tile 13 (forest, lumber).

local CHECK = "base.check=true"

-- A game after game.setup only, invariant checks on. With `raising` true produce() is made to
-- take its raising path (base.claim and base.payout, as when a variant handles them) although
-- nobody listens; otherwise it takes its fast path.
local function new_game(t, raising, seed)
  t.start { players = 4, seed = seed or 1, options = { CHECK }, start = false }
  local env = t.env()
  if raising then env.storage.production_hooked = true end
  return env
end

-- Puts p's `building` on corner `corner` of `tile`, taking it from p's supply. Returns the node.
local function put(env, p, building, tile, corner)
  local node = board.tile_nodes(tile)[corner]
  board.node_set(node, "owner", p)
  board.node_set(node, "building", building)
  game.remove(p, building, 1, "piece")
  return node
end

-- Moves cards out of the bank into seat 4's hand (seat 4 has no building in these tests), so
-- the bank holds exactly `left` of `resource`.
local function drain_bank(resource, left)
  game.move("bank", 4, resource, game.count("bank", resource, "card") - left, "card")
end

for _, check in ipairs({ true, false }) do
  local mode = check and " (with events)" or " (fast path)"

  test("production: a settlement yields 1, a city 2, nothing for other numbers" .. mode, function(t)
    local env = new_game(t, check)
    put(env, 1, "settlement", 5, 1)
    put(env, 2, "city", 5, 4)
    put(env, 3, "settlement", 18, 2)
    env.produce(6)
    t.eq(hand(1), { brick = 1 })
    t.eq(hand(2), { brick = 2 })
    t.eq(hand(3), { grain = 1 })
    t.eq(hand(4), {})
    t.eq(game.count("bank", "brick", "card"), 16)
    t.eq(game.count("bank", "grain", "card"), 18)
    -- Player 1's node also touches tile 1 (10) and tile 2 (2); these numbers do not pay it.
    env.produce(8)
    env.produce(7)
    env.produce(3)
    t.eq(hand(1), { brick = 1 })
    t.eq(hand(2), { brick = 2 })
    t.eq(hand(3), { grain = 1 })
  end)

  test("production: a building on two tiles of the number is paid for each" .. mode, function(t)
    local env = new_game(t, check)
    -- Tiles 12 and 13 both have 8 but share no corner; tile 5 (6) and tile 1 (10) share
    -- corner 4 of tile 1 = a corner of tile 5 too. Use a node on tiles 1, 4, 5 (10, 12, 6).
    local node = put(env, 1, "city", 1, 4)
    t.eq(board.node_tiles(node), { 1, 4, 5 })
    env.produce(10)
    env.produce(12)
    env.produce(6)
    t.eq(hand(1), { ore = 2, grain = 2, brick = 2 })
  end)

  test("production: the robber blocks its tile only" .. mode, function(t)
    local env = new_game(t, check)
    put(env, 1, "settlement", 5, 1)
    put(env, 2, "city", 5, 4)
    put(env, 3, "settlement", 18, 2)
    game.set("robber", 5)
    env.produce(6)
    t.eq(hand(1), {})
    t.eq(hand(2), {})
    t.eq(hand(3), { grain = 1 })
    t.eq(game.count("bank", "brick", "card"), 19)
    game.set("robber", 10)
    env.produce(6)
    t.eq(hand(1), { brick = 1 })
    t.eq(hand(2), { brick = 2 })
    t.eq(hand(3), { grain = 2 })
  end)

  test("production: bank short with two players owed pays nobody that resource" .. mode, function(t)
    local env = new_game(t, check)
    put(env, 1, "settlement", 5, 1)
    put(env, 2, "city", 5, 4)
    put(env, 3, "settlement", 18, 2)
    drain_bank("brick", 2) -- 3 brick owed, 2 left
    env.produce(6)
    t.eq(hand(1), {})
    t.eq(hand(2), {})
    t.eq(game.count("bank", "brick", "card"), 2, "the bank keeps its brick")
    t.eq(hand(3), { grain = 1 }, "grain is not affected")
  end)

  test("production: a bank holding exactly what is owed pays everyone" .. mode, function(t)
    local env = new_game(t, check)
    put(env, 1, "settlement", 5, 1)
    put(env, 2, "city", 5, 4)
    drain_bank("brick", 3)
    env.produce(6)
    t.eq(hand(1), { brick = 1 })
    t.eq(hand(2), { brick = 2 })
    t.eq(game.count("bank", "brick", "card"), 0)
  end)

  test("production: bank short with one player owed gives what is left" .. mode, function(t)
    local env = new_game(t, check)
    put(env, 2, "city", 5, 4)
    put(env, 3, "settlement", 18, 2)
    drain_bank("brick", 1) -- 2 owed to player 2 alone
    drain_bank("grain", 0) -- 1 owed to player 3 alone, nothing left
    env.produce(6)
    t.eq(hand(2), { brick = 1 })
    t.eq(game.count("bank", "brick", "card"), 0)
    t.eq(hand(3), {})
    -- The same player owed from two buildings is still one player.
    local env2 = new_game(t, check)
    put(env2, 1, "settlement", 5, 1)
    put(env2, 1, "city", 5, 4)
    drain_bank("brick", 2)
    env2.produce(6)
    t.eq(hand(1), { brick = 2 })
  end)
end

test("production: without handlers produce() takes its fast path, even under the check", function(t)
  -- The invariant check is a kernel invariant, not a handler: it leaves the fast path on.
  t.start { players = 4, seed = 1, options = { CHECK }, start = false }
  t.eq(t.env().storage.production_hooked, false)
  t.eq(game.has_handlers("base.claim"), false)
  t.eq(game.has_handlers("base.payout"), false)
end)

test("production: roll_dice counts the total in the histogram and marks the roll", function(t)
  local env = new_game(t, true, 5)
  local seen = {}
  for _ = 1, 200 do
    env.storage.turn.rolled = false
    local total = env.roll_dice(1)
    t.ok(total >= 2 and total <= 12, "total " .. total)
    t.eq(env.storage.turn.rolled, true)
    seen[total] = (seen[total] or 0) + 1
  end
  local sum = 0
  for n = 2, 12 do
    t.eq(game.get("dice_histogram." .. n), seen[n] or 0, "histogram of " .. n)
    sum = sum + (seen[n] or 0)
  end
  t.eq(sum, 200)
  t.ok((seen[7] or 0) > (seen[2] or 0), "7 is more frequent than 2")
  t.eq(game.get("dice_histogram.7") > 0, true)
end)
