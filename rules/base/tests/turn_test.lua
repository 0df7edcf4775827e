-- Tests for turn.lua: roll before the main phase, development cards before the roll (one per
-- turn), the exact action menu, winning during the turn, passing the turn.
-- Positions are built on a game whose game.setup ran (beginner board) but not game.start, with
-- the invariant check on; player 1 is the current player. The dice come from the seed: with
-- 4 players and no game.start, seed 1 rolls 6, 11, 8 in its first three turns and seed 11
-- rolls a 7 first (rolled() asserts it, so a change in the random stream shows up clearly).

local CHECK = "base.check=true"

local function give(p, r, n)
  game.move("bank", p, r, n, "card")
end

-- Gives player p one development card of `kind` from the deck (the deck keeps the rest) and
-- updates p's points.
local function give_dev(t, p, kind)
  local skipped = {}
  while true do
    local card = game.deck_draw("dev")
    if card == nil then error("no " .. kind .. " left in the deck") end
    if card == kind then break end
    skipped[#skipped + 1] = card
  end
  for i = #skipped, 1, -1 do game.deck_push("dev", skipped[i]) end
  game.add(p, kind, 1, "dev")
  t.env().update_vp(p)
end

-- Puts a card of `kind` on top of the development deck.
local function dev_on_top(kind)
  local skipped = {}
  while true do
    local card = game.deck_draw("dev")
    if card == kind then break end
    skipped[#skipped + 1] = card
  end
  for i = #skipped, 1, -1 do game.deck_push("dev", skipped[i]) end
  game.deck_push("dev", kind)
end

-- The totals rolled so far, in histogram order (e.g. {6, 11} after rolling a 6 and an 11).
local function rolls()
  local out = {}
  for i = 2, 12 do
    for _ = 1, game.get("dice_histogram." .. i) do out[#out + 1] = i end
  end
  return out
end

local function place(t, p, piece, where)
  t.env().place_piece(p, piece, where, { free = true, setup = true })
end

-- Three nodes a - b - c along two paths, c two steps from a (a settlement at a, roads a-b and
-- b-c leave c open for a settlement).
local function chain()
  for a = 1, board.nodes() do
    for _, b in ipairs(board.node_nodes(a)) do
      for _, c in ipairs(board.node_nodes(b)) do
        local near = false
        for _, d in ipairs(board.node_nodes(c)) do if d == a then near = true end end
        if c ~= a and not near then
          return a, b, c, board.path_between(a, b), board.path_between(b, c)
        end
      end
    end
  end
end

test("turn: the dice are rolled before the main actions and end turn passes the turn", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "end" }, { "end" }, { "end" } } }
  t.eq(game.current(), 1)
  t.turn()
  t.eq(rolls(), { 6 }, "seed 1 rolls a 6 first")
  t.ok(t.env().storage.turn.rolled, "rolled this turn")
  -- No cards, no pieces on the board: "end" is the only action.
  t.eq(t.decisions(), { { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" } })
  t.eq(game.current(), 2)
  t.turn()
  t.eq(game.current(), 3)
  t.eq(rolls(), { 6, 11 })
  t.eq(#t.decisions(), 2)
  t.eq(t.decisions()[2].player, 2)
end)

test("turn: a roll of 7 moves the robber before the main phase", function(t)
  t.start { players = 4, seed = 11, start = false, options = { CHECK },
            answers = { { 3, "end" } } }
  local robber = game.get("robber")
  t.turn()
  t.eq(rolls(), { 7 }, "seed 11 rolls a 7 first")
  t.eq(t.decisions(), {
    { player = 1, kind = "base.robber", count = 18, choice = 3, id = "tile:3" },
    { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" },
  })
  t.ok(game.get("robber") ~= robber, "the robber moved")
end)

test("turn: a development card may be played before the roll, and only one per turn", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "play:knight", 1, "end" } } }
  give_dev(t, 1, "knight")
  give_dev(t, 1, "monopoly")
  t.turn()
  t.eq(rolls(), { 6 })
  t.eq(t.decisions(), {
    -- roll, play knight, play monopoly
    { player = 1, kind = "base.preroll", count = 3, choice = 2, id = "play:knight" },
    { player = 1, kind = "base.robber", count = 18, choice = 1, id = "tile:1" },
    { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" }, -- no second card: end turn only
  })
  t.eq(game.count(1, "knight", "played"), 1)
  t.eq(game.count(1, "monopoly", "dev"), 1)
  t.eq(game.player_get(1, "knights_played"), 1)
end)

test("turn: rolling first keeps the card playable in the main phase", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "roll", "play:knight", 1, "end" } } }
  give_dev(t, 1, "knight")
  t.turn()
  t.eq(t.decisions(), {
    { player = 1, kind = "base.preroll", count = 2, choice = 1, id = "roll" },
    { player = 1, kind = "base.action", count = 2, choice = 1, id = "play:knight" }, -- play knight, end turn
    { player = 1, kind = "base.robber", count = 18, choice = 1, id = "tile:1" },
    { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" },
  })
  t.eq(game.count(1, "knight", "played"), 1)
end)

test("turn: no preroll decision without a playable card", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "end" } } }
  give_dev(t, 1, "victory_point") -- never played
  t.turn()
  t.eq(t.decisions(), { { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" } })
end)

test("turn: the action menu lists exactly the legal actions", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK } }
  local env = t.env()
  local a, b, c, ab, bc = chain()
  place(t, 1, "settlement", a)
  place(t, 1, "road", ab)
  place(t, 1, "road", bc)
  t.eq(ids(env.action_options(1)), { "end" }, "no cards: nothing else")
  give(1, "brick", 1)
  give(1, "lumber", 1)
  t.eq(ids(env.action_options(1)), { "build:road", "domestic", "end" })
  give(1, "wool", 1)
  give(1, "grain", 1)
  t.eq(ids(env.action_options(1)), { "build:road", "build:settlement", "domestic", "end" })
  give(1, "ore", 1)
  give_dev(t, 1, "knight")
  give_dev(t, 1, "victory_point")
  t.eq(ids(env.action_options(1)), { "build:road", "build:settlement", "buy_dev",
                                    "play:knight", "domestic", "end" })
  give(1, "ore", 3)
  t.eq(ids(env.action_options(1)), { "build:road", "build:settlement", "buy_dev",
                                    "play:knight", "maritime", "domestic", "end" })
  give(1, "grain", 1)
  t.eq(ids(env.action_options(1)), { "build:city", "build:road", "build:settlement",
                                    "buy_dev", "play:knight", "maritime", "domestic", "end" })
  -- The settlement spot taken by an opponent: no settlement; the card played: no "play".
  place(t, 2, "settlement", c)
  env.storage.turn.dev_played = true
  t.eq(ids(env.action_options(1)), { "build:city", "build:road", "buy_dev", "maritime",
                                    "domestic", "end" })
end)

test("turn: without domestic trade there is no offer", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK, "base.domestic_trade=false" } }
  give(1, "wool", 2)
  t.eq(ids(t.env().action_options(1)), { "end" })
end)

test("turn: the chosen action runs and the menu is asked again", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "maritime", "brick", "ore", "end" } } }
  give(1, "brick", 4)
  t.turn()
  t.eq(t.decisions(), {
    { player = 1, kind = "base.action", count = 3, choice = 1, id = "maritime" }, -- maritime, offer, end turn
    { player = 1, kind = "base.maritime_give", count = 1, choice = 1, id = "brick" },
    { player = 1, kind = "base.maritime_get", count = 4, choice = 4, id = "ore" },
    { player = 1, kind = "base.action", count = 2, choice = 2, id = "end" }, -- offer, end turn
  })
  t.eq(game.count(1, "ore", "card"), 1)
  t.eq(game.count(1, "brick", "card"), 0)
end)

test("turn: a victory point card bought to reach the target wins at once", function(t)
  t.start { players = 4, seed = 1, start = false,
            options = { CHECK, "base.target_vp=3" }, answers = { { "buy_dev" } } }
  local a, _, c = chain()
  place(t, 1, "settlement", a)
  place(t, 1, "settlement", c)
  give(1, "ore", 1)
  give(1, "wool", 1)
  give(1, "grain", 1)
  dev_on_top("victory_point")
  t.eq(game.player_get(1, "vp"), 2)
  t.turn()
  t.ok(game.is_over(), "the game is over")
  t.eq(game.winner(), 1)
  t.eq(game.count(1, "victory_point", "dev"), 1)
  t.eq(t.remaining(1), 0)
  t.eq(t.decisions()[#t.decisions()].kind, "base.action")
end)

test("turn: a player holding the target at the start of the turn wins before rolling", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK, "base.target_vp=3" },
            answers = { {}, { "end" } } }
  local a, _, c = chain()
  place(t, 2, "settlement", a)
  place(t, 2, "settlement", c)
  place(t, 2, "city", a) -- 3 points, reached outside player 2's turn
  t.eq(game.player_get(2, "vp"), 3)
  game.set_first_player(2)
  t.turn()
  t.eq(game.winner(), 2)
  t.eq(rolls(), {}, "no roll")
  t.eq(#t.decisions(), 0)
end)

test("turn: points reached on another player's turn do not end it", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK, "base.target_vp=3" },
            answers = { { "end" } } }
  local a, _, c = chain()
  place(t, 2, "settlement", a)
  place(t, 2, "settlement", c)
  place(t, 2, "city", a)
  t.turn()
  t.ok(not game.is_over())
  t.eq(game.current(), 2)
end)

test("harness: scripted dice decide the rolls, then the game's stream takes over", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "end", "end" }, { "end" }, { "end" } }, dice = { { 2, 3 }, { 6, 6 } } }
  t.turn(2)
  t.eq(rolls(), { 5, 12 }, "the scripted rolls")
  t.eq(t.dice_left(), 0)
  t.roll(1, 1)
  t.turn()
  t.eq(rolls(), { 2, 5, 12 }, "t.roll scripts the next roll")
  t.turn()
  t.eq(#rolls(), 4, "unscripted, the dice are drawn again")
end)

test("harness: a scripted face must be a whole number that fits the die", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK }, answers = { { "end" } } }
  t.raises(function() t.roll(0) end, "t.roll: a die face must be a whole number of at least 1, got 0")
  t.raises(function() t.start { players = 4, dice = { "six" } } end,
    "t.start: dice: a die face must be a whole number of at least 1, got six")
  t.start { players = 4, seed = 1, start = false, options = { CHECK }, answers = { { "end" } } }
  t.roll(7, 1)
  t.raises(function() t.turn() end, "the scripted die 7 does not fit a 6-sided die")
end)

test("harness: the decision log gives the options offered, with ids and labels", function(t)
  t.start { players = 4, seed = 1, start = false, options = { CHECK },
            answers = { { "end" } }, dice = { { 2, 3 } } }
  t.turn()
  t.eq(t.decisions(), { { player = 1, kind = "base.action", count = 1, choice = 1, id = "end" } })
  t.eq(t.decisions { options = true }, {
    { player = 1, kind = "base.action", count = 1, choice = 1, id = "end", label = "end turn",
      options = { { id = "end", label = "end turn" } } } })
end)
