-- Whole games with random bots under the invariant check (check.lua), determinism, and the
-- check itself: each invariant raises when broken.

local CHECK = "base.check=true"

-- Plays a whole game and checks its end: a winner at the target on their own last turn, or
-- the turn cap.
local function whole_game(t, players, seed, extra)
  local opts = { CHECK }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = players, seed = seed, options = opts }
  local result = t.play()
  t.ok(result.turns > 0, "turns were played")
  if result.winner then
    t.ok(game.player_get(result.winner, "vp") >= 10, "the winner has 10 points")
    t.eq(game.current(), result.winner, "the winner won on their own turn")
    t.eq(result.reason, "reached " .. game.player_get(result.winner, "vp") .. " victory points")
  else
    t.eq(result.reason, "turn cap reached (1000 turns)")
  end
  local decisions = t.decisions()
  t.ok(#decisions > 0)
  return result, #decisions
end

test("game: 4 random bots finish under the invariant check (seed 1)", function(t)
  whole_game(t, 4, 1)
end)

test("game: 4 random bots finish under the invariant check (seed 2)", function(t)
  whole_game(t, 4, 2)
end)

test("game: 4 random bots finish under the invariant check (seed 3, no domestic trade)", function(t)
  whole_game(t, 4, 3, { "base.domestic_trade=false" })
end)

test("game: 4 random bots on a random board with random numbers (seed 4)", function(t)
  whole_game(t, 4, 4, { "base.board=random", "base.numbers=random" })
end)

test("game: 3 random bots finish under the invariant check", function(t)
  whole_game(t, 3, 5)
end)

test("game: the same seed plays the same game twice", function(t)
  t.start { players = 4, seed = 6 }
  local a = t.play()
  local n = #t.decisions()
  t.start { players = 4, seed = 6 }
  local b = t.play()
  t.eq(b, a)
  t.eq(#t.decisions(), n)
  t.start { players = 4, seed = 7 }
  local c = t.play()
  t.ok(c.turns ~= a.turns or #t.decisions() ~= n, "another seed plays another game")
end)

test("game: the invariant check does not change the game", function(t)
  t.start { players = 4, seed = 8 }
  local a = t.play()
  local da = t.decisions()
  t.start { players = 4, seed = 8, options = { CHECK } }
  local b = t.play()
  t.eq(b, a)
  t.eq(t.decisions(), da)
end)

test("game: the check reports cards created from nothing", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  env.check_invariants("test", true)
  game.add(2, "ore", 1, "card")
  t.raises(function() env.check_invariants("test") end,
    "invariant broken: ore cards (bank + hands) after test, expected 19, got 20")
  game.remove(2, "ore", 1, "card")
  game.remove("bank", "wool", 2, "card")
  t.raises(function() env.check_invariants("test") end,
    "wool cards (bank + hands) after test, expected 19, got 17")
end)

test("game: the check ignores tokens and reports lost development cards", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  game.add_form("token")
  game.add(1, "ore", 3, "token")
  env.check_invariants("test", true)
  game.deck_draw("dev")
  t.raises(function() env.check_invariants("test") end,
    "invariant broken: development cards (deck + hands + played) after test, expected 25, got 24")
end)

test("game: the check counts pieces on the board against the supply", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  env.place_piece(3, "settlement", 10, { free = true, setup = true })
  env.place_piece(3, "city", 10, { free = true })
  env.place_piece(3, "road", 12, { free = true })
  env.check_invariants("test", true)
  board.node_set(20, "owner", 3)
  board.node_set(20, "building", "city")
  t.raises(function() env.check_invariants("test") end,
    "invariant broken: player 3's city pieces (board + supply) after test, expected 4, got 5")
  board.node_set(20, "owner", nil)
  board.node_set(20, "building", nil)
  board.path_set(40, "road", 2)
  t.raises(function() env.check_invariants("test") end,
    "invariant broken: player 2's road pieces (board + supply) after test, expected 15, got 16")
end)

test("game: the check compares the vp prop with victory_points between actions", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  local env = t.env()
  env.place_piece(1, "settlement", 10, { free = true, setup = true })
  env.check_invariants("test", true)
  game.player_set(1, "vp", 5)
  env.check_invariants("test", false) -- vp not checked mid-action
  t.raises(function() env.check_invariants("test", true) end,
    "invariant broken: player 1's vp prop after test, expected 1, got 5")
end)

test("game: a broken invariant stops the game at the first decision after it", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK } }
  game.add(1, "brick", 1, "card") -- one card too many: the first check after it reports it
  t.raises(function() t.turn() end,
    "invariant broken: brick cards (bank + hands) after decision base.action, expected 19, got 20")
end)

test("game: the check runs after every dispatched event, without handling any", function(t)
  t.start { players = 4, start = false, options = { CHECK } }
  for _, name in ipairs({ "base.roll", "base.payout", "base.vp", "base.actions" }) do
    t.eq(game.has_handlers(name), false, name)
  end
  game.move("bank", 2, "ore", 1, "card")
  game.remove(2, "ore", 1, "card") -- a card lost
  t.raises(function() game.raise("base.turn_end", { player = 1 }) end,
    "invariant broken: ore cards (bank + hands) after base.turn_end, expected 19, got 18")
end)
