# catan new-pack: a scaffold whose test passes as generated.
expect 0 "new-pack" -- "$catan" new-pack my-rule --dir "$tmp/packs"
check "new-pack files" test -s "$tmp/packs/my-rule/pack.json" -a -s "$tmp/packs/my-rule/main.lua" \
  -a -s "$tmp/packs/my-rule/tests/main_test.lua" -a -s "$tmp/packs/my-rule/.luarc.json"
check "new-pack editor config names the definitions" test -f "$(python3 -c '
import json, sys; print(json.load(open(sys.argv[1]))["workspace.library"][0])' "$tmp/packs/my-rule/.luarc.json")/catan.lua"
check "new-pack editor config works wherever the pack lives" sh -c "mkdir -p '$tmp/moved' && cp -r '$tmp/packs/my-rule' '$tmp/moved/' && cd '$tmp/moved/my-rule' && test -f \"\$(python3 -c 'import json; print(json.load(open(\".luarc.json\"))[\"workspace.library\"][0])')/events.lua\""
expect 0 "new-pack test passes" -- "$catan" test "$tmp/packs/my-rule"
check "new-pack tests ran" grep -qE '^3 passed, 0 failed$' "$tmp/out"
expect 0 "new-pack plays" -- "$catan" play --rules base --variant "$tmp/packs/my-rule" --players 4 --seed 2
expect 1 "new-pack refuses an existing folder" -- "$catan" new-pack my-rule --dir "$tmp/packs"
check "new-pack existing: one line" one_line_error
expect 2 "new-pack bad name" -- "$catan" new-pack My_Rule --dir "$tmp/packs"
check "new-pack bad name: one line" one_line_error
expect 2 "new-pack without a name" -- "$catan" new-pack
# new-pack --for: a house rule for each game on the kernel and for one variant (a pack that
# requires base), handling an event the pack declares; its test plays a whole game and passes.
# (Every listed pack would add half a minute to the suite for packs scaffolded alike.)
games="base cities-knights dice-game dice-game-island-two dice-game-extra dice-race monument"
listed=$("$catan" packs | awk '$1 != "" && !/\(library\)/ { print $1 }')
for game in $games; do
  check "new-pack --for: $game is a listed game pack" grep -qx "$game" <<<"$listed"
done
for game in $games; do
  expect 0 "new-pack --for $game" -- "$catan" new-pack "for-$game" --for "$game" --dir "$tmp/for"
  check "new-pack --for $game requires it" grep -q "\"requires\": \[\"$game\"\]" "$tmp/for/for-$game/pack.json"
  expect 0 "new-pack --for $game: its test passes" -- "$catan" test "$tmp/for/for-$game"
  check "new-pack --for $game: its tests ran" grep -qE '^[23] passed, 0 failed$' "$tmp/out"
done
expect 2 "new-pack --for a library" -- "$catan" new-pack x --for dice-kit --dir "$tmp/for"
check "new-pack --for a library: one line" one_line_error
check "new-pack --for a library: says so" grep -q "library, not a game" "$tmp/err"
expect 2 "new-pack --for an unknown pack" -- "$catan" new-pack x --for bsae --dir "$tmp/for"
check "new-pack --for an unknown pack: one line, did you mean" grep -q "did you mean 'base'" "$tmp/err"
check "new-pack --for an unknown pack: nothing written" test ! -e "$tmp/for/x"

# CATAN_PARSE_ONLY=1: parse and resolve, run nothing (a billion games return at once).
expect 0 "parse-only" -- env CATAN_PARSE_ONLY=1 "$catan" sim base --games 1000000000
check "parse-only: nothing printed" test ! -s "$tmp/out"
expect 0 "parse-only compare" -- env CATAN_PARSE_ONLY=1 "$catan" compare base base+friendly-robber:base.target_vp=12
expect 2 "parse-only: unknown flag" -- env CATAN_PARSE_ONLY=1 "$catan" sim base --gmaes 3
check "parse-only: unknown flag: one line" one_line_error
expect 2 "parse-only: unknown pack" -- env CATAN_PARSE_ONLY=1 "$catan" play --rules base --variant friendly-robbr
check "parse-only: unknown pack: one line" one_line_error
expect 2 "parse-only: unknown option" -- env CATAN_PARSE_ONLY=1 "$catan" compare base base:base.target_pv=12
check "parse-only: unknown option: one line" one_line_error
expect 2 "parse-only: a value out of range" -- env CATAN_PARSE_ONLY=1 "$catan" sweep base --option base.target_vp=8,1000

# Author mistakes: where and what, in one line.
mkdir -p "$tmp/mistakes/typo-event" "$tmp/mistakes/clash-a" "$tmp/mistakes/clash-b" "$tmp/mistakes/boom" \
  "$tmp/mistakes/endless"
manifest() { # NAME EXTRA
  printf '{"name": "%s", "version": "0.1.0", "description": "x", "requires": ["base"], "entry": ["main.lua"]%s}\n' "$1" "$2" \
    >"$tmp/mistakes/$1/pack.json"
}
manifest typo-event ""
printf 'game.on("base.rol", function() end)\n' >"$tmp/mistakes/typo-event/main.lua"
expect 1 "handling an undeclared event" -- "$catan" play --pack-path "$tmp/mistakes" --rules base --variant typo-event
check "undeclared event: one line naming pack, file, line and the closest event" grep -q \
  "^catan: error: pack 'typo-event', load: .*typo-event/main.lua:1: game.on: unknown event 'base.rol' (did you mean 'base.roll'?)$" "$tmp/err"
expect 2 "misspelled option" -- "$catan" play --rules base --variant city-walls --option city-walls.discard_bonsu=3
check "misspelled option suggests" grep -q "^catan: error: pack 'city-walls' has no option 'discard_bonsu' (did you mean 'discard_bonus'?)" "$tmp/err"
expect 2 "option out of range" -- "$catan" play --rules base --variant resource-tokens --option resource-tokens.supply=101
check "out of range: one line" grep -q "^catan: error: option 'resource-tokens.supply': 101 is above the maximum 100$" "$tmp/err"
manifest clash-a ', "conflicts": ["clash-b"]'
manifest clash-b ""
: >"$tmp/mistakes/clash-a/main.lua"
: >"$tmp/mistakes/clash-b/main.lua"
expect 2 "conflicting packs" -- "$catan" play --pack-path "$tmp/mistakes" --rules base --variant clash-b --variant clash-a
check "conflict: one line" grep -q "^catan: error: pack 'clash-a': field 'conflicts': conflicts with pack 'clash-b', which is also loaded$" "$tmp/err"
manifest boom ""
printf 'game.on("base.roll", function(e)\n  local dice = nil\n  return dice.total\nend)\n' >"$tmp/mistakes/boom/main.lua"
expect 1 "a handler that errors" -- "$catan" play --pack-path "$tmp/mistakes" --rules base --variant boom --verbose
check "handler error: pack, event, file and line" grep -q \
  "^catan: error: pack 'boom', handler of event 'base.roll': .*boom/main.lua:3: attempt to index a nil value (local 'dice')$" "$tmp/err"
check "handler error: traceback with the raising base line" grep -q "rules/base/production.lua:[0-9]*: in " "$tmp/err"
manifest endless ""
printf 'game.on("base.roll", function(e)\n  local n = 0\n  while true do n = n + 1 end\nend)\n' \
  >"$tmp/mistakes/endless/main.lua"
expect 1 "an endless loop is stopped by the time limit" -- "$catan" play --pack-path "$tmp/mistakes" \
  --rules base --variant endless --time-limit 0.3
check "time limit: one line naming pack, event, file and line" grep -q \
  "^catan: error: pack 'endless', handler of event 'base.roll': .*endless/main.lua:3: time limit exceeded: a call into Lua ran for more than 300 ms$" "$tmp/err"
expect 1 "the deterministic budget stops it as well" -- "$catan" play --pack-path "$tmp/mistakes" \
  --rules base --variant endless --instruction-limit 5000000
check "budget: one line" grep -q "instruction budget exceeded (5000000 instructions)$" "$tmp/err"
