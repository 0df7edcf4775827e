-- Knight jokers are the dice kit's (rules/dice-kit/sheet.lua: joker_option, joker_targets,
-- use_joker): each built knight may, once per game, turn one die into its resource.
require("dice-kit").sheet_jokers(_ENV)
