-- Building a sheet entry is the dice kit's (rules/dice-kit/sheet.lua: TYPE_PROP, pool_pays,
-- can_pay, can_build, open_now, buildable, build), each build followed by update_awards (scoring.lua).
require("dice-kit").sheet_build(_ENV, true)
