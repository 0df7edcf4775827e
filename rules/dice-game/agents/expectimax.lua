-- "expectimax": the dice kit's expectimax agent (rules/dice-kit/expectimax.lua, where its
-- workings are described), on Island One's score track: options.turns turns, the empty-turn
-- penalty, six dice every turn.
require("dice-kit").expectimax(_ENV, {
  joker_value = { 4, 3, 1.5, 1.5, 1.5 }, -- a ready joker, per resource (RESOURCES order)
  any_joker_value = 4.5, -- knight 6's joker
})
