-- Rolling is the dice kit's (rules/dice-kit/dice.lua: keep_options, roll_dice,
-- continue_rolling, roll_phase, pool codes, the "dice.keep" decision): the first turn of the
-- game rolls options.first_dice (3) dice, each next turn one more, up to six (dice_for_turn).
require("dice-kit").dice(_ENV, true)
