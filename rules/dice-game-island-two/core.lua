-- Vocabulary of the Catan Dice Game, Island Two, and where its state lives. Loaded first; the
-- names defined here are globals of this pack, read by the other files, the agents and the tests.
-- The dice, the gold trade, the jokers and the build menu work as in rules/dice-game (this pack
-- carries its own copy of them); the sheet, the scoring and the end are Island Two's.
--
-- State (kernel-owned unless noted):
--   holdings, form "dice":  the dice a player holds this turn, counted per face (the pool). Dice
--                           rolled, kept, traded and changed by jokers are all in it; building
--                           removes the dice it pays with; at the end of the turn it is emptied.
--   holdings, form "built": one item of kind <id> for every structure of the sheet the player has
--                           built (kinds "R1".."R14", "S1".."S7", "C1".."C4", "K1".."K5", "D1",
--                           "D2").
--   holdings, form "used":  one item of kind <knight id> once that knight's joker is used.
--   player props (the summary): score (victory points), roads, settlements, cities, knights,
--                           jokers (jokers used), empty (turns with nothing built), turns,
--                           road_length, longest_road, largest_army (true while held).
--   game props              longest_road, largest_army: the holder's seat (absent: nobody).
--   storage.sheet           the sheet every player fills (sheet.lua), fixed after game.setup.
--   storage.turns[p]        turns p has finished.
--   storage.turn            this turn: {player, roll, dice, trades, points, built = {ids}}.
-- Everything a player decides goes through game.decide: "dice.keep" between rolls and
-- "dice.action" while building (turn.lua).

-- Die faces, in the order the sheet's knights name them (knight k's joker is face k; knight 6's
-- is any resource).
FACES = { "ore", "grain", "wool", "lumber", "brick", "gold" }
-- The five resources: the faces structures cost.
RESOURCES = { "ore", "grain", "wool", "lumber", "brick" }
-- FACE_INDEX[face] = position in FACES.
FACE_INDEX = {}
for i, f in ipairs(FACES) do FACE_INDEX[f] = i end
GOLD = "gold"
-- The dice rolled at the start of a turn.
DICE = 6

DIE, BUILT, USED = "dice", "built", "used"

-- Dice of `face` that seat p holds this turn.
function dice(p, face)
  return game.count(p, face, DIE)
end

-- The pool of p as counts in FACES order: {ore, grain, wool, lumber, brick, gold}.
function pool_counts(p)
  local count = game.count
  local n = {}
  for i = 1, #FACES do n[i] = count(p, FACES[i], DIE) end
  return n
end

-- Removes every die p holds.
function clear_dice(p)
  local count, remove = game.count, game.remove
  for i = 1, #FACES do
    local n = count(p, FACES[i], DIE)
    if n > 0 then remove(p, FACES[i], n, DIE) end
  end
end

-- A readable "2 ore, 1 gold" for a pool given as FACES-ordered counts.
function describe_pool(n)
  local parts = {}
  for i = 1, #FACES do
    if n[i] > 0 then parts[#parts + 1] = n[i] .. " " .. FACES[i] end
  end
  if #parts == 0 then return "no dice" end
  return table.concat(parts, ", ")
end

-- The forms and the die faces come first; sheet.lua adds a kind per structure after them.
game.on("game.setup", function(e)
  if e.players > 4 then
    error(string.format("Island Two is for 1 to 4 players, not %d", e.players), 0)
  end
  game.add_form(DIE)
  game.add_form(BUILT)
  game.add_form(USED)
  for _, f in ipairs(FACES) do game.add_kind(f) end
end, { priority = -10 })
