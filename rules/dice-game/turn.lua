-- A turn is the dice kit's (rules/dice-kit/sheet.lua: the "dice.action" menu, action_options,
-- build_phase, begin_turn, the "turn" handler): roll, build, score (scoring.lua: ending the turn
-- with nothing built scores the empty-turn penalty), show the sheet (view.lua), and end the game
-- after everybody's last turn (check_end). Players take turns in seat order from seat 1; the
-- sheets never interact, so the order only matters for the log.
require("dice-kit").sheet_turn(_ENV, false)
