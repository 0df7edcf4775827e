# Library functions are bounded (docs/lua-api.md, "Limits on library functions"): a call over a
# cap is refused with one error line naming the function and the limit (the element limit follows
# --memory-limit, the pattern limit --pattern-limit); the work a call does is charged to
# --instruction-limit and stopped by --time-limit inside the C function; ordinary calls give the
# standard results. Each run is wrapped in `timeout 20` so that a regression fails these checks
# instead of hanging the suite.
bounds="$tmp/library-bounds"
bounds_pack() { # NAME LUA: writes pack NAME with entry script LUA
  mkdir -p "$bounds/$1"
  printf '{"name": "%s", "version": "1.0.0", "description": "library bounds test pack", "entry": ["main.lua"]}\n' \
    "$1" >"$bounds/$1/pack.json"
  printf '%s\n' "$2" >"$bounds/$1/main.lua"
}
# A "table" whose length is n and whose elements are read and written by C functions.
virtual='local function virtual(n) return setmetatable({}, {__len = function() return n end, __index = type, __newindex = rawlen}) end'

bounds_pack mover 'game.on("turn", function(e)
  table.move({}, 1, math.maxinteger - 1, 1)
  game.finish(e.player, "table.move returned")
end)'
expect 1 "library bounds: table.move over the element limit" -- \
  timeout 20 "$catan" play mover --pack-path "$bounds" --players 2
check "library bounds: one line" one_line_error
check "library bounds: names table.move and the element limit" grep -q \
  "main.lua:2: table.move: 9223372036854775806 elements are over the limit of 16777216$" "$tmp/err"
expect 1 "library bounds: the element limit follows --memory-limit" -- \
  timeout 20 "$catan" play mover --pack-path "$bounds" --players 2 --memory-limit 64
check "library bounds: a 64 MiB cap allows 4194304 elements" grep -q \
  "over the limit of 4194304$" "$tmp/err"

bounds_pack finder 'game.on("turn", function(e)
  string.rep("a", 1000):find("a*a*b")
  game.finish(e.player, "string.find returned")
end)'
expect 1 "library bounds: a pattern over --pattern-limit" -- \
  timeout 20 "$catan" play finder --pack-path "$bounds" --players 2 --pattern-limit 1000
check "library bounds: names string.find and the pattern limit" grep -q \
  "main.lua:2: string.find: pattern too complex: estimated [0-9]* steps on a subject of 1000 bytes exceeds the limit of 1000$" \
  "$tmp/err"

bounds_pack sorter "$virtual
game.on(\"turn\", function(e)
  table.sort(virtual(options.n))
  game.finish(e.player, \"table.sort returned\")
end)"
printf '{"name": "sorter", "version": "1.0.0", "description": "library bounds test pack", "entry": ["main.lua"], "options": {"n": {"type": "integer", "default": 4000000, "description": "elements"}}}\n' \
  >"$bounds/sorter/pack.json"
expect 1 "library bounds: the instruction budget runs out inside table.sort" -- \
  timeout 20 "$catan" play sorter --pack-path "$bounds" --players 2 --option sorter.n=1000000 \
  --time-limit 0 --instruction-limit 1000000
check "library bounds: budget error names table.sort" grep -q \
  "main.lua:3: instruction budget exceeded (1000000 instructions) in table.sort$" "$tmp/err"
start=$(date +%s)
expect 1 "library bounds: the time limit stops table.sort" -- \
  timeout 20 "$catan" play sorter --pack-path "$bounds" --players 2 --time-limit 1
elapsed=$(($(date +%s) - start))
check "library bounds: stopped within a few seconds (took ${elapsed}s)" test "$elapsed" -le 4
check "library bounds: time-limit error names table.sort" grep -q \
  "main.lua:3: time limit exceeded: a call into Lua ran for more than 1000 ms in table.sort$" \
  "$tmp/err"

# Ordinary calls: the standard results, as the game's reason.
bounds_pack ordinary 'game.on("turn", function(e)
  local t = {5, 3, 8, 1}
  table.sort(t)
  table.insert(t, 1, 0)
  game.finish(e.player, table.concat({string.rep("ab", 3, ","), string.format("%05.1f|%-3d|%q", 3.14159, 7, "a\n"),
    table.concat(t, " "), select("#", table.unpack(t)), ("x"):rep(0), tostring(("hello"):find("l", 1, true))}, ";"))
end)'
expect 0 "library bounds: ordinary calls" -- \
  timeout 20 "$catan" play ordinary --pack-path "$bounds" --players 2
check "library bounds: ordinary calls give the standard results" grep -qF \
  'ab,ab,ab;003.1|7  |"a\
' "$tmp/out"
check "library bounds: ordinary calls give the standard results (rest)" grep -qF \
  '";0 1 3 5 8;5;;3' "$tmp/out"
