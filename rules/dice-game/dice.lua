-- Rolling is the dice kit's (rules/dice-kit/dice.lua: keep_options, roll_dice,
-- continue_rolling, roll_phase, pool codes, the "dice.keep" decision): all six dice every turn.
require("dice-kit").dice(_ENV, false)
