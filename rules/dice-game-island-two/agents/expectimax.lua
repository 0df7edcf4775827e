-- "expectimax": the dice kit's expectimax agent (rules/dice-kit/expectimax.lua, where its
-- workings are described), on Island Two: a pool holds the turn's dice (3 to 6, dice_for_turn);
-- the future is counted over a horizon of 16 turns from the start (at least 3); an entry is
-- worth its victory points plus a share of the awards (a road 0.05, a knight 0.2) plus its joker;
-- Largest Army won by a plan counts its 2 points; a plan that reaches the target wins (100).
require("dice-kit").expectimax(_ENV, {
  joker_value = { 1, 0.75, 0.4, 0.4, 0.4 }, -- a ready joker, per resource (RESOURCES order)
  any_joker_value = 1.1, -- the desert pair's joker
  growing = true,
  victory = { horizon = 16, min_turns = 3, road_share = 0.05, knight_share = 0.2, win_bonus = 100 },
})
