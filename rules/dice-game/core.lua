-- Vocabulary of the Catan Dice Game and where its state lives. Loaded first; the names defined
-- here are globals of this pack, read by the other files, the agents and the tests.
--
-- State (kernel-owned unless noted):
--   holdings, form "dice":  the dice a player holds this turn, counted per face (the pool). Dice
--                           rolled, kept, traded and changed by jokers are all in it; building
--                           removes the dice it pays with; at the end of the turn it is emptied.
--   holdings, form "built": one item of kind <id> for every structure of the sheet the player has
--                           built (kinds "R0".."R15", "S3".., "C7".., "K1".."K6").
--   holdings, form "used":  one item of kind <knight id> once that knight's joker is used.
--   player props (the summary): score (sum of the track), track (the boxes filled so far,
--                           comma-separated, "X" for an empty turn), roads, settlements, cities,
--                           knights, jokers (jokers used), empty (turns with nothing built).
--   storage.sheet           the sheet every player fills (sheet.lua), fixed after game.setup.
--   storage.track[p]        the points of each finished turn of p, in order.
--   storage.marks[p]        the same boxes as written on the sheet: "X" for an empty turn.
--   storage.turn            this turn: {player, roll, trades, points, built = {ids}}.
-- Everything a player decides goes through game.decide: "dice.keep" between rolls and
-- "dice.action" while building (turn.lua).

-- The dice vocabulary and its helpers (FACES, RESOURCES, FACE_INDEX, GOLD, DICE, COSTS, DIE, dice,
-- pool_counts, clear_dice, describe_pool) are the dice kit's (rules/dice-kit/core.lua); this
-- pack's forms are "dice", "built" and "used".
BUILT, USED = "built", "used"
require("dice-kit").core(_ENV, { game = "the dice game", forms = { BUILT, USED } })
