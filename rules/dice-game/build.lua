-- Building a sheet entry is the dice kit's (rules/dice-kit/sheet.lua: TYPE_PROP, pool_pays,
-- can_pay, can_build, open_now, buildable, build).
require("dice-kit").sheet_build(_ENV, false)
