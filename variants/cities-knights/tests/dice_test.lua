-- The event die and the red die (facts 11-13): three faces per roll (white, red, event), the
-- event die resolved before production.

local ENDS = { [1] = { "end" }, [2] = { "end" }, [3] = { "end" }, [4] = { "end" } }

test("dice: each roll also rolls the event die; base's second die is the red one", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            dice = { 2, 3, 4, 1, 5, 5, 6, 2, 6, 3, 1, 1 }, answers = ENDS }
  local seen = {}
  for _ = 1, 4 do
    t.turn()
    seen[#seen + 1] = game.get("event_die") .. " " .. game.get("red_die")
  end
  t.eq(seen, { "trade 3", "politics 5", "science 2", "ship 1" })
  t.eq(t.dice_left(), 0)
  t.eq(game.get("barbarian_position"), 1, "only the ship face moved the ship")
end)

test("dice: faces 1-3 are ships", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            dice = { 2, 3, 1, 2, 3, 2, 2, 3, 3 }, answers = { [1] = { "end" }, [2] = { "end" },
            [3] = { "end" } } }
  t.turn(3)
  t.eq(game.get("barbarian_position"), 3)
end)

test("dice: the event die is resolved before production", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            dice = { 4, 4, 1 }, answers = { [1] = { "end" } } }
  local base = t.env("base")
  city(base, 2, 37) -- ore 8
  game.set("barbarian_position", 6)
  t.turn()
  t.eq(game.get("barbarian_attacks"), 1)
  t.eq(game.get("barbarian_position"), 0)
  t.eq(board.node_get(37, "building"), "settlement", "pillaged first")
  t.eq(hand(2), { ore = 1 }, "then the settlement produced")
  t.eq(commodities(2), {})
end)
