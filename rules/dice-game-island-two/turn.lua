-- A turn is the dice kit's (rules/dice-kit/sheet.lua: the "dice.action" menu, action_options,
-- build_phase, begin_turn, the "turn" handler): roll, build, show the sheet (view.lua). Players
-- take turns in seat order from seat 1. The sheets interact only through Longest Road and Largest
-- Army; the game ends in the middle of a turn when a build gives the mover the target
-- (scoring.lua), and the rest of that turn is not played. A turn with nothing built costs nothing
-- (Island Two scores victory points, not a track).
require("dice-kit").sheet_turn(_ENV, true)
