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

-- The dice vocabulary and its helpers (FACES, RESOURCES, FACE_INDEX, GOLD, DICE, COSTS, DIE, dice,
-- pool_counts, clear_dice, describe_pool) are the dice kit's (rules/dice-kit/core.lua); this
-- pack's forms are "dice", "built" and "used".
BUILT, USED = "built", "used"
require("dice-kit").core(_ENV, { game = "Island Two", forms = { BUILT, USED } })
