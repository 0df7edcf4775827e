-- Roll twice through base.rolled and roll(p): the scripted turn's dice, their production and
-- histogram, a 7 among them, the option and whole games. Beginner board: tile 12 is ore 8
-- (corners 24, 25, 34, 36, 37, 38), tile 18 grain 6 (corners 42, 43, 45, 48, 51, 52), tile 5
-- brick 6 (corners 3, 4, 10, 15, 19, 20).

-- The dice histogram as {total = count}, the totals rolled only (base starts every count at 0).
local function histogram()
  local h = {}
  for total = 2, 12 do
    local n = game.get("dice_histogram." .. total)
    if n ~= 0 then h[total] = n end
  end
  return h
end

test("roll-twice: a turn rolls twice and both rolls pay", function(t)
  local base = fresh(t, { [1] = { "end" } })
  settlement(base, 1, 37) -- ore 8
  settlement(base, 1, 42) -- grain 6
  settlement(base, 2, 10) -- brick 6
  t.roll(3, 5)
  t.roll(2, 4)
  t.turn()
  t.eq(histogram(), { [6] = 1, [8] = 1 })
  t.eq(hand(1), { ore = 1, grain = 1 })
  t.eq(hand(2), { brick = 1 })
  t.eq(t.dice_left(), 0)
  t.eq(t.decisions(), { { player = 1, kind = "base.action", count = 2, choice = 2, id = "end" } })
end)

test("roll-twice: over three turns the histogram counts six rolls", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            answers = { [1] = { "end" }, [2] = { "end" }, [3] = { "end" } },
            dice = { { 1, 1 }, { 6, 6 }, { 4, 4 }, { 5, 3 }, { 2, 3 }, { 4, 5 } } }
  local base = t.env("base")
  settlement(base, 3, 37) -- ore 8
  t.turn(3)
  t.eq(histogram(), { [2] = 1, [5] = 1, [8] = 2, [9] = 1, [12] = 1 })
  t.eq(hand(3), { ore = 2 }, "both 8s paid the settlement on the ore 8")
end)

test("roll-twice: a 7 among the rolls makes players discard and moves the robber", function(t)
  local base = fresh(t, { [1] = { "tile:12", "end" }, [2] = { "ore", "ore", "ore", "ore" } })
  settlement(base, 1, 42) -- grain 6
  give(2, { ore = 8 })
  t.roll(3, 4)
  t.roll(1, 5)
  t.turn()
  t.eq(histogram(), { [6] = 1, [7] = 1 })
  t.eq(hand(2), { ore = 4 })
  t.eq(game.get("robber"), 12)
  t.eq(hand(1), { grain = 1 })
end)

test("roll-twice: rolls is an option; 1 is base's single roll, 3 rolls thrice", function(t)
  local base = fresh(t, { [1] = { "end" } }, { "roll-twice.rolls=1" })
  settlement(base, 1, 37)
  t.roll(3, 5)
  t.roll(2, 4)
  t.turn()
  t.eq(histogram(), { [8] = 1 })
  t.eq(t.dice_left(), 2)
  base = fresh(t, { [1] = { "end" } }, { "roll-twice.rolls=3" })
  settlement(base, 1, 37)
  t.roll(3, 5)
  t.roll(2, 6)
  t.roll(4, 4)
  t.turn()
  t.eq(histogram(), { [8] = 3 })
  t.eq(hand(1), { ore = 3 })
end)

test("roll-twice: whole games keep every invariant", function(t)
  whole_games(t, { "heuristic", "heuristic", "random", "random" })
end)
