# catan check: a linter for authors (fixtures in tests/fixtures/check, one mistake each).
expect 0 "check: a clean pack" -- "$catan" check dice-race --games 3
check "check: no problems" grep -qx 'no problems found (3 checked games)' "$tmp/out"
expect 1 "check: undeclared raise and shared priority" -- "$catan" check --pack-path "$fixtures" \
  sloppy-raise friendly-robber --games 2
check "check: the undeclared raise is found by reading" \
  grep -q "^problem: sloppy-raise/main.lua:3: raises event 'sloppy.surprise', which no loaded pack declares" "$tmp/out"
check "check: the shared priority names both handlers" \
  grep -q "^problem: event 'base.victims': handlers of 'friendly-robber' (.*friendly.lua:[0-9]*) and 'sloppy-raise' (.*main.lua:6) share priority 0" "$tmp/out"
expect 1 "check: a read-only payload write" -- "$catan" check --pack-path "$fixtures" sloppy-write --games 2
check "check: the write is named with its line" \
  grep -q "^problem: game 0 (seed 1) and 1 more: .*sloppy-write/main.lua:1 (pack 'sloppy-write') changed payload field 'piece', which the declaration makes read-only" "$tmp/out"
expect 1 "check: a global assigned in a game" -- "$catan" check --pack-path "$fixtures" sloppy-global --games 1
check "check: the global is named" grep -q "assigns global 'turns_seen' after loading" "$tmp/out"
# base keeps memo tables in top-level locals (trade.lua): tables that only gain entries pass.
expect 0 "check: base passes its own linter" -- "$catan" check base --games 2
check "check: base has no problems" grep -qx 'no problems found (2 checked games)' "$tmp/out"
expect 1 "check: a top-level local changed in a game" -- "$catan" check --pack-path "$fixtures" \
  sloppy-local --games 1
check "check: the local and the function holding it are named" \
  grep -q "pack 'sloppy-local': the local 'last_roller' (an upvalue of the function at .*sloppy-local/main.lua:4) changed during the game" "$tmp/out"
expect 1 "check: a handler on an unknown event" -- "$catan" check --pack-path "$fixtures" \
  sloppy-handler --games 1
check "check: the unknown event is named with a suggestion" \
  grep -q "sloppy-handler/main.lua:2: game.on: unknown event 'base.rolld' (did you mean 'base.roll" "$tmp/out"
expect 2 "check: unknown pack" -- "$catan" check nothing-here
expect 0 "info events as markdown" -- "$catan" info dice-race --markdown events
check "the events table has a row per event" \
  grep -qx '| `race.roll` | a die was rolled | `player`, \*\*`value`\*\* | .*' "$tmp/out"
expect 0 "info LuaLS definitions" -- "$catan" info dice-race --luals
check "a payload class per event" grep -qx -- '---@class race.roll' "$tmp/out"
check "a field per payload field" grep -qx -- '---@field value integer the face rolled (1 to option `sides`) (handlers may change it)' "$tmp/out"
expect 0 "info LuaLS library definitions" -- "$catan" info base --luals-library
check "a class for the exports" grep -qx -- '---@class base.exports' "$tmp/out"
check "each function with its parameters and the comment above it" \
  grep -qx -- 'function exports.move_robber(p) end' "$tmp/out"
check "the comment above a function documents it" \
  grep -q -- '^---p moves the robber (decision base.robber' "$tmp/out"
expect 0 "info payloads as markdown" -- "$catan" info dice-race --markdown payloads
check "a payload table has a row per field" grep -q '^| `value` | integer .*| may change |' "$tmp/out"
expect 2 "info markdown unknown section" -- "$catan" info dice-race --markdown colours
