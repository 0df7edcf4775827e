#!/usr/bin/env bash
# End-to-end checks of the catan command line: every subcommand's --help, exit codes
# (0 ok, 1 runtime failure, 2 bad usage), one-line errors on stderr, play -> replay round trip.
# Usage: tests/cli_test.sh path/to/catan
set -u
catan="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect CODE DESCRIPTION -- COMMAND...: runs COMMAND, checks its exit code.
expect() {
  local code="$1" what="$2"
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$code" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what: exit $got, expected $code"
    sed 's/^/  | /' "$tmp/out" "$tmp/err" | head -20
  fi
}

# check DESCRIPTION CONDITION...: counts a shell test.
check() {
  local what="$1"
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}

one_line_error() { [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^catan: error: ' "$tmp/err"; }

for sub in packs info check play replay view test bench new-pack sim compare sweep merge train; do
  expect 0 "$sub --help" -- "$catan" "$sub" --help
  check "$sub --help prints usage" grep -q "Usage" "$tmp/out"
done
expect 0 "--help" -- "$catan" --help

expect 0 "--version" -- "$catan" --version
check "--version: the version, the Lua version and the build type" \
  grep -Eqx "catan [0-9]+\.[0-9]+\.[0-9]+ \(Lua 5\.4\.[0-9]+, [A-Za-z]+ build\)" "$tmp/out"
expect 2 "a flag close to one" -- "$catan" play dice-race --seeds 3
check "a flag close to one: did you mean" grep -q "^catan: error: The following argument was not expected: --seeds (did you mean '--seed'?) (see 'catan play --help')$" "$tmp/err"
expect 2 "a longer form of a command" -- "$catan" simulate dice-race
check "a longer form of a command: did you mean" grep -q "^catan: error: unknown command 'simulate' (did you mean 'sim'?)" "$tmp/err"
expect 2 "no subcommand" -- "$catan"
expect 2 "unknown subcommand" -- "$catan" frobnicate
check "unknown subcommand: one line" one_line_error
expect 2 "unknown flag" -- "$catan" play dice-race --frobnicate
check "unknown flag: one line" one_line_error
expect 2 "bad number" -- "$catan" play dice-race --players zero
expect 2 "no pack" -- "$catan" play
check "no pack: one line" one_line_error
expect 2 "unknown pack" -- "$catan" play dice-rase
check "unknown pack suggests" grep -q "did you mean 'dice-race'" "$tmp/err"
expect 2 "unknown option" -- "$catan" play dice-race --option dice-race.taget=3
check "unknown option: one line" one_line_error
expect 2 "option out of range" -- "$catan" play dice-race --option dice-race.target=2
check "option out of range named" grep -q "below the minimum" "$tmp/err"
expect 2 "too many bots" -- "$catan" play dice-race --players 2 --bots random,random,random
expect 2 "unknown bot" -- "$catan" play dice-race --bots nobody
check "unknown bot: one line" one_line_error

expect 0 "packs" -- "$catan" packs
check "packs lists dice-race" grep -q '^dice-race  *1.0.0' "$tmp/out"
expect 0 "info" -- "$catan" info dice-race
check "info shows options" grep -q 'target .*integer .*default 50' "$tmp/out"
check "info shows handled events" grep -q 'turn .*race.lua' "$tmp/out"
check "info shows the declared score" grep -qx 'score: score' "$tmp/out"
check "info shows a declared payload" grep -q 'payload {player, value\*}' "$tmp/out"
expect 0 "info base" -- "$catan" info base
check "info shows the declared histograms" \
  grep -qx 'histogram dice: Dice totals (dice_histogram.K for K = 2 .. 12)' "$tmp/out"
check "info shows the declared primary metrics" \
  grep -qx "primary metrics: seat_win, first_player_win, turns" "$tmp/out"
expect 2 "info unknown pack" -- "$catan" info nothing-here
expect 2 "serve without a person's seat" -- "$catan" serve base --bots heuristic --port 0
check "serve without a person: one line naming human" grep -q "no seat is played by a person: name one 'human'" "$tmp/err"
expect 2 "serve --resume with packs" -- "$catan" serve base --resume "$0"
check "serve --resume with packs: one line" one_line_error
# catan check: a linter for authors (fixtures in tests/fixtures/check, one mistake each).
fixtures="$(dirname "$0")/fixtures/check"
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

expect 0 "play" -- "$catan" play dice-race --seed 5 --players 3 --bots hold20,random --log "$tmp/game.json"
check "play names a winner" grep -q '^winner: player' "$tmp/out"
check "replay file written" test -s "$tmp/game.json"
expect 0 "replay" -- "$catan" replay "$tmp/game.json"
check "replay verified" grep -q '^replay OK' "$tmp/out"
expect 0 "play --json" -- "$catan" play dice-race --seed 5 --players 3 --bots hold20,random --json
check "json is one object with seed and winner" \
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["seed"]==5 and d["winner"] in (1,2,3) and len(d["players"])==3' "$tmp/out"

sed 's/"digest": "[0-9a-f]*"/"digest": "0000000000000000"/' "$tmp/game.json" >"$tmp/tampered.json"
expect 1 "tampered replay" -- "$catan" replay "$tmp/tampered.json"
check "tampered replay: one line" one_line_error
echo '{"format": 1' >"$tmp/corrupt.json"
expect 1 "corrupt replay" -- "$catan" replay "$tmp/corrupt.json"
check "corrupt replay: one line" one_line_error
expect 2 "missing replay file" -- "$catan" replay "$tmp/none.json"
# Replays name packs (name, version, content hash, folder), so they replay from any folder.
mkdir -p "$tmp/mine/packs" "$tmp/mine/elsewhere"
cp -r "$(dirname "$0")/../rules/dice-race" "$tmp/mine/packs/myrace"
sed -i 's/"name": "dice-race"/"name": "myrace"/' "$tmp/mine/packs/myrace/pack.json"
(cd "$tmp/mine" && "$catan" play packs/myrace --seed 3 --players 2 --bots random --log g.json >/dev/null)
check "a replay names a pack by name" grep -q '^  "myrace"$' "$tmp/mine/g.json"
expect 0 "replay from another folder" -- sh -c "cd '$tmp/mine/elsewhere' && '$catan' replay ../g.json"
check "replay from another folder: verified" grep -q '^replay OK' "$tmp/out"
echo "-- an edit" >>"$tmp/mine/packs/myrace/race.lua"
expect 0 "replay of an edited pack" -- "$catan" replay "$tmp/mine/g.json"
check "an edited pack is reported" grep -q "^catan: warning: pack 'myrace' 1.0.0 at .* differs from the one the replay was recorded with (content hash [0-9a-f]*, recorded [0-9a-f]*)" "$tmp/err"

yes 2 | head -200 >"$tmp/answers"
expect 0 "human seat" -- sh -c "\"$catan\" play dice-race --bots human,random --option dice-race.target=10 --log \"$tmp/human.json\" <\"$tmp/answers\""
check "human seat is prompted" grep -q 'choose 1-2 (help: ?)>' "$tmp/out"
check "human seat named in summary" grep -q 'player 1 (human)' "$tmp/out"
expect 0 "replay of a human game" -- "$catan" replay "$tmp/human.json"
# The end of input is a quit: the game is saved to be resumed, and the command says where.
expect 0 "human input ends" -- sh -c "\"$catan\" play dice-race --bots human,random --log \"$tmp/ended.json\" </dev/null"
check "input end: saved" grep -q "game saved to $tmp/ended.json after 0 decisions; continue it with: catan play --resume $tmp/ended.json" "$tmp/out"

# The board as text: after a base game, and before each decision of a human seat.
expect 0 "play base draws the board" -- "$catan" play --rules base --players 3 --seed 2 --max-turns 3
check "the board's tiles and legend" sh -c "grep -q '#19' '$tmp/out' && grep -q '^legend: ' '$tmp/out'"
check "no colour when not a terminal" sh -c "! grep -q $'\\x1b' '$tmp/out'"
expect 0 "play --no-board" -- "$catan" play --rules base --players 3 --seed 2 --max-turns 3 --no-board
check "--no-board: no board" sh -c "! grep -q '^legend: ' '$tmp/out'"
check "play prints the packs' statistics with their declared names" sh -c \
  "grep -qx 'statistics:' '$tmp/out' && grep -Eqx '  stats\.robber_moves = [0-9]+  robber moves \(moves\)' '$tmp/out'"
expect 0 "play --json carries the statistics" -- "$catan" play --rules base --players 3 --seed 2 --max-turns 3 --json
check "play --json: statistics with ids, values, labels and units" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = {x["id"]: x for x in d["statistics"]}
assert s["stats.sevens"] == {"id": "stats.sevens", "value": d["stats"]["sevens"], "label": "sevens rolled", "unit": "rolls"}, s
assert len(s) == 13, sorted(s)' "$tmp/out"
yes 1 | head -10 >"$tmp/answers1" # fewer answers than the 3 turns ask
expect 0 "human base seat (input ends)" -- sh -c "\"$catan\" play --rules base --players 3 --seed 2 --max-turns 3 --bots human,random --log \"$tmp/ended-base.json\" <\"$tmp/answers1\""
check "human base seat sees the board before deciding" grep -q '^legend: ' "$tmp/out"

# The replay viewer.
expect 0 "view" -- "$catan" view "$tmp/human.json" --out "$tmp/human.html"
check "view writes a page with the recording" grep -q 'id="game"' "$tmp/human.html"
expect 0 "view: default output name" -- "$catan" view "$tmp/human.json"
check "view: default output name" test -s "$tmp/human.html"
expect 2 "view: missing replay" -- "$catan" view "$tmp/none.json"
expect 1 "view: tampered replay" -- "$catan" view "$tmp/tampered.json" --out "$tmp/t.html"
check "view: tampered replay: one line" one_line_error
expect 0 "sim --save-games" -- "$catan" sim dice-race --players 2 --games 5 --threads 1 --save-games 2 --report "$tmp/saved.html"
check "sim --save-games: replays and viewer pages" sh -c "test -s '$tmp/saved-games/game-seed1-game1-config1.json' && test -s '$tmp/saved-games/game-seed1-game1-config1.html' && ! test -e '$tmp/saved-games/game-seed1-game2-config1.json'"
check "the report links to the saved games" grep -q 'href="saved-games/game-seed1-game0-config1.html"' "$tmp/saved.html"
expect 0 "a saved game replays" -- "$catan" replay "$tmp/saved-games/game-seed1-game0-config1.json"

# The dice game: the island sheet after every turn, a score per player, replays.
expect 0 "play dice-game" -- "$catan" play --rules dice-game --players 2 --seed 3 --bots expectimax,random --log "$tmp/dice.json"
check "dice-game shows a sheet after each of the 30 turns" \
  test "$(grep -cE '^player [12], turn [0-9]+ of 15: built' "$tmp/out")" -eq 30
check "dice-game sheet shows roads, knights and the track" \
  sh -c "grep -q 'start-' '$tmp/out' && grep -q '^  knights: ' '$tmp/out' && grep -qE '^  track: ' '$tmp/out'"
check "dice-game summary names each player's score" \
  sh -c "grep -qE 'player 1 \\(expectimax\\)  score=' '$tmp/out' && grep -qE 'player 2 \\(random\\)  score=' '$tmp/out'"
expect 0 "replay dice-game" -- "$catan" replay "$tmp/dice.json"
check "dice-game replay verified" grep -q '^replay OK' "$tmp/out"
expect 0 "play dice-game --json" -- "$catan" play --rules dice-game --players 3 --seed 3 --json
check "dice-game json: one object, a final score per player, no sheet" \
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["turns"]==45 and all(isinstance(p["score"],int) for p in d["players"]) and len(d["players"])==3' "$tmp/out"

expect 0 "play without the sandbox" -- "$catan" play dice-race --no-sandbox --seed 4
check "no-sandbox game has a winner" grep -q "^winner: player" "$tmp/out"
expect 0 "test dice-race" -- "$catan" test dice-race
check "test summary line" grep -qE '^[0-9]+ passed, 0 failed$' "$tmp/out"

# House variants: found under variants/, usable in any combination, whatever the flag order.
expect 0 "play with variants" -- "$catan" play --rules base --variant resource-tokens --variant city-walls \
  --variant citadels --players 4 --seed 7 --bots heuristic,random --json
cp "$tmp/out" "$tmp/order1.json"
expect 0 "play with variants, other order" -- "$catan" play --variant citadels --variant city-walls \
  --rules base --variant resource-tokens --players 4 --seed 7 --bots heuristic,random --json
check "the variant order does not change the game" python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
a.pop("packs"); b.pop("packs")
assert a == b, "games differ"' "$tmp/order1.json" "$tmp/out"
expect 0 "bench every variant with checks" -- "$catan" bench base --variant resource-tokens --variant city-walls \
  --variant citadels --variant friendly-robber --variant no-early-sevens --games 4 --players 4 --bots heuristic,random \
  --option base.check=true
check "no failed game" grep -q 'failed: 0' "$tmp/out"
expect 0 "bench walls and citadels with checks" -- "$catan" bench base --variant city-walls --variant citadels \
  --games 4 --players 4 --bots heuristic,random --option base.check=true
check "no failed game (walls, citadels)" grep -q 'failed: 0' "$tmp/out"
expect 0 "bench fishermen with tokens, checks on" -- "$catan" bench base --variant fishermen \
  --variant resource-tokens --games 4 --players 4 --bots heuristic,random --option base.check=true
check "no failed game (fishermen)" grep -q 'failed: 0' "$tmp/out"
expect 0 "play fishermen with a log" -- "$catan" play base fishermen --players 4 --seed 2 \
  --bots heuristic,random --log "$tmp/fish.json"
expect 0 "replay fishermen" -- "$catan" replay "$tmp/fish.json"
check "fishermen replay verified" grep -q '^replay OK' "$tmp/out"
# The kernel-floor benchmark pack (bench/throughput.sh) keeps loading and playing to its turn cap.
root="$(cd "$(dirname "$0")/.." && pwd)"
expect 0 "bench the kernel floor" -- "$catan" bench --rules "$root/bench/packs/kernel-floor" --games 3 \
  --max-turns 372
check "kernel floor games reach the turn cap" grep -q 'per game: .* decisions, 372.0 turns' "$tmp/out"
check "kernel floor games have no winner" grep -q 'no winner: 3; failed: 0' "$tmp/out"
# The Lua profiler of catan bench, in both modes.
expect 0 "bench --profile (instructions)" -- "$catan" bench base --games 3 --profile 5
check "instruction profile: its unit" grep -q 'sampled every 1000 instructions' "$tmp/out"
check "instruction profile: the turn handler encloses the game" \
  grep -qE '^ +[0-9.]+%  .*rules/base/turn\.lua:[0-9]+$' "$tmp/out"
expect 0 "bench --profile-by time" -- "$catan" bench base --games 20 --profile 5 --profile-by time
check "time profile: its unit" grep -q 'sampled every 500 us; [0-9]* us in all' "$tmp/out"
expect 2 "bench --profile-by an unknown clock" -- "$catan" bench base --games 1 --profile 5 \
  --profile-by cycles
check "unknown profile clock: one line" one_line_error
expect 2 "bench --profile-by without --profile" -- "$catan" bench base --games 1 --profile-by time
check "--profile-by needs --profile: one line" one_line_error
expect 0 "test a variant" -- "$catan" test friendly-robber
check "variant tests pass" grep -qE '^[0-9]+ passed, 0 failed$' "$tmp/out"

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

# The balance lab: sim, compare, sweep, merge (small dice-race runs, a few base games).
expect 0 "sim" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 200 --threads 2 \
  --out "$tmp/sim2.json" --csv "$tmp/sim.csv" --report "$tmp/sim.html"
check "sim prints seat win rates" grep -q 'seat win rate' "$tmp/out"
check "sim: no progress bar when stderr is not a terminal" test ! -s "$tmp/err"
if command -v script >/dev/null; then
  # script(1) gives the command a terminal: the progress bar appears there.
  script -qc "\"$catan\" sim dice-race --games 3000 --threads 2" /dev/null </dev/null >"$tmp/tty" 2>&1
  check "sim: progress bar on a terminal" grep -q 'games/s .* left' "$tmp/tty"
fi
# --progress-every: plain lines for a log, terminal or not (the run takes well over 0.1 s).
expect 0 "sim --progress-every" -- "$catan" sim base --bots random --games 300 --threads 1 \
  --progress-every 0.1
check "sim --progress-every: log lines on stderr" grep -qE \
  '^catan: [0-9]+ of 300 games played \([0-9]+%\), [0-9.]+ games/(s|min), (about [0-9.]+ (s|min|h) left|time left unknown)$' \
  "$tmp/err"
check "sim --progress-every: no control characters" sh -c "! grep -q \"$(printf '\r')\" \"$tmp/err\""
check "sim --progress-every: the summary on stdout" grep -q 'seat win rate' "$tmp/out"
expect 2 "sim --progress-every 0" -- "$catan" sim base --games 2 --progress-every 0
check "sim --progress-every 0: one line" one_line_error
check "sim csv: header and one row per game" test "$(wc -l <"$tmp/sim.csv")" -eq 201
check "sim report is HTML with inline SVG" grep -q '<svg xmlns' "$tmp/sim.html"
check "sim report fetches nothing" sh -c "! grep -qE '(src|href)=\"(http|//)' \"$tmp/sim.html\""
check "sim results: schema, seats and intervals" python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); r=d["configs"][0]["results"]
assert d["schema"]=="catan-lab-results" and d["version"]==3 and d["kind"]=="sim"
assert r["games"]==200 and len(r["seat_win_rate"])==3
assert all(s["low"]<=s["rate"]<=s["high"] for s in r["seat_win_rate"])
assert 0<=r["balance_score"]<=1 and "advantage" in r["first_player_advantage"]' "$tmp/sim2.json"
expect 0 "sim on one thread" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 200 \
  --threads 1 --out "$tmp/sim1.json"
check "1 and 2 threads: identical results" cmp -s "$tmp/sim1.json" "$tmp/sim2.json"
expect 0 "shard 1/2" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 200 \
  --shard 1/2 --out "$tmp/shard1.json"
expect 0 "shard 2/2" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 200 \
  --shard 2/2 --out "$tmp/shard2.json" --threads 2
expect 0 "merge" -- "$catan" merge "$tmp/shard2.json" "$tmp/shard1.json" --out "$tmp/merged.json"
check "merged shards equal one run" cmp -s "$tmp/merged.json" "$tmp/sim1.json"
expect 1 "merge overlapping files" -- "$catan" merge "$tmp/shard1.json" "$tmp/shard1.json"
check "merge overlapping: one line" one_line_error
expect 2 "merge a missing file" -- "$catan" merge "$tmp/none.json"
echo '{"schema": "catan-lab-results", "version": 1' >"$tmp/broken.json"
expect 1 "merge a corrupt file" -- "$catan" merge "$tmp/broken.json"
check "merge corrupt: one line" one_line_error
expect 1 "merge --complete of one shard" -- "$catan" merge --complete "$tmp/shard1.json" \
  --out "$tmp/part.json"
check "merge --complete of one shard: one line" one_line_error
check "merge --complete of one shard: nothing written" test ! -e "$tmp/part.json"
# --slurm writes a job whose scripts also run without Slurm (README.txt's last line); its merge
# gives the one run's bytes (tests/slurm_test.sh submits such a job to a real cluster).
expect 2 "sim --slurm into a path with a space" -- "$catan" sim dice-race --players 3 --games 200 \
  --slurm "$tmp/slurm job" --slurm-shards 3
check "sim --slurm into a path with a space: one line" one_line_error
mkdir -p "$tmp/slurmjob"
expect 0 "sim --slurm" -- "$catan" sim dice-race --players 3 --bots hold20,random \
  --games 200 --slurm "$tmp/slurmjob" --slurm-shards 3 --slurm-cpus 2 --slurm-time 10
check "sim --slurm prints the submit command" grep -qF "submit it with: $tmp/slurmjob/submit.sh" \
  "$tmp/out"
slurm_shards() { for k in 1 2 3; do bash "$tmp/slurmjob/shards.sbatch" "$k" >/dev/null || return 1; done; }
check "sim --slurm: the shards run without Slurm" slurm_shards
expect 0 "sim --slurm: the merge runs without Slurm" -- bash "$tmp/slurmjob/merge.sbatch"
check "sim --slurm: merged shards equal one run" cmp -s "$tmp/slurmjob/results/all.json" \
  "$tmp/sim1.json"
rm "$tmp/slurmjob/results/shard-2.json"
expect 1 "sim --slurm: the merge of a missing shard fails" -- bash "$tmp/slurmjob/merge.sbatch"
check "sim --slurm: the merge names the missing shard" grep -qF \
  "no results of shard 2 of 3; rerun with: $tmp/slurmjob/rerun.sh 2" "$tmp/err"
expect 2 "sim --slurm into a folder that is not empty" -- "$catan" sim dice-race --games 200 \
  --slurm "$tmp/slurmjob" --slurm-shards 3
check "sim --slurm into a full folder: one line" one_line_error
expect 2 "sim --slurm with --shard" -- "$catan" sim dice-race --games 200 --slurm "$tmp/sj2" \
  --slurm-shards 2 --shard 1/2
check "sim --slurm with --shard: one line" one_line_error
expect 2 "sim --slurm-shards without --slurm" -- "$catan" sim dice-race --games 200 \
  --slurm-shards 2
expect 2 "sim --slurm with too many shards" -- "$catan" sim dice-race --games 200 \
  --slurm "$tmp/sj2" --slurm-shards 201
check "sim --slurm with too many shards: one line" one_line_error
expect 2 "shard out of range" -- "$catan" sim dice-race --games 10 --shard 3/2
check "bad shard: one line" one_line_error
expect 2 "shard with until-ci" -- "$catan" sim dice-race --games 10 --shard 1/2 --until-ci 5
expect 2 "human in the lab" -- "$catan" sim dice-race --bots human --games 10
expect 2 "sim unknown pack" -- "$catan" sim dice-rase --games 10
check "sim unknown pack: one line" one_line_error
# The distribution of the end points (the dice game's score): quantiles and a binned histogram in
# the summary, the results file and the report; exact over threads and shards.
expect 0 "sim dice-game" -- "$catan" sim --rules dice-game --players 1 --bots random --games 120 \
  --threads 2 --out "$tmp/dg2.json" --report "$tmp/dg.html"
check "sim dice-game: score quantiles" grep -qE \
  '^  end score +1: mean -?[0-9.]+ sd [0-9.]+; p5 -?[0-9]+ p25 -?[0-9]+ median -?[0-9]+ p75 -?[0-9]+ p95 -?[0-9]+; min -?[0-9]+ max -?[0-9]+$' \
  "$tmp/out"
check "sim dice-game: score histogram" grep -qE '^  score of random +120 of seat 1, bins of [0-9]+$' \
  "$tmp/out"
cp "$tmp/out" "$tmp/dg.txt"
check "sim dice-game: quantiles and bins agree with the raw counts" python3 -c '
import json, math, re, sys
d = json.load(open(sys.argv[1])); c = d["configs"][0]; r = c["results"]
raw = c["raw"]["player"]["score"][0]["histogram"]
scores = sorted(v for v, n in raw for _ in range(n))
assert len(scores) == 120 and r["points_property"] == "score"
assert c["declared"] == {"score_property": "score", "histograms": [], "primary_metrics": [], "metric_names": {}}
seat = r["end_points"][0]
for name, q in [("p5", .05), ("p10", .1), ("p25", .25), ("median", .5), ("p75", .75), ("p90", .9), ("p95", .95)]:
    assert seat[name] == scores[max(1, math.ceil(q * 120)) - 1], name
assert seat["min"] == scores[0] and seat["max"] == scores[-1]
h = seat["histogram"]; w = h["width"]; bins = h["bins"]
assert w in (1, 2, 5, 10, 20, 50) and 1 <= len(bins) <= 30 and sum(n for _, n in bins) == 120
for low, n in bins:
    assert low % w == 0 and n == sum(1 for s in scores if low <= s < low + w)
assert bins[0][0] <= scores[0] < bins[0][0] + w and bins[-1][0] <= scores[-1] < bins[-1][0] + w
text = open(sys.argv[2]).read()
assert "mean %.2f sd %.2f; p5 %d " % (seat["mean"], seat["sd"], seat["p5"]) in text
assert r["end_points_by_bot"][0]["bot"] == "random" and r["end_points_by_bot"][0]["histogram"] == h
' "$tmp/dg2.json" "$tmp/dg.txt"
check "sim dice-game report: the points chart" grep -q 'Points at the end (score), per bot' "$tmp/dg.html"
expect 0 "sim dice-game shard 1/2" -- "$catan" sim --rules dice-game --players 1 --bots random \
  --games 120 --shard 1/2 --threads 1 --out "$tmp/dgs1.json"
expect 0 "sim dice-game shard 2/2" -- "$catan" sim --rules dice-game --players 1 --bots random \
  --games 120 --shard 2/2 --threads 2 --out "$tmp/dgs2.json"
expect 0 "merge dice-game shards" -- "$catan" merge "$tmp/dgs2.json" "$tmp/dgs1.json" \
  --out "$tmp/dgm.json"
check "merged dice-game shards: the same distribution as one run" cmp -s "$tmp/dgm.json" "$tmp/dg2.json"
expect 0 "until-ci" -- "$catan" sim dice-race --games 100 --until-ci 12 --max-games 3000 --json
check "until-ci stops in whole rounds with narrow intervals" python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); r=d["configs"][0]["results"]
assert d["run"]["games"] % 100 == 0 and d["run"]["until_ci"]["pp"] == 12
assert all(s["high"]-s["low"] < 0.12 for s in r["seat_win_rate"]) or d["run"]["games"] == 3000' "$tmp/out"
expect 0 "compare" -- "$catan" compare dice-race dice-race:dice-race.target=30 --games 300 \
  --report "$tmp/compare.html" --differences "$tmp/differences.csv"
check "compare prints verdicts" grep -q '^turns .* significant' "$tmp/out"
check "compare --differences: a row per metric with the correction" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows[0]["metric_id"] == "seat_win.1" and rows[0]["config"] == "dice-race:dice-race.target=30", rows[0]
t = next(r for r in rows if r["metric_id"] == "turns")
assert t["family"] == "all" and t["correction"] == "holm" and t["verdict"] == "significant", t
assert float(t["p"]) <= float(t["p_adjusted"]) and float(t["low"]) <= float(t["difference"]) <= float(t["high"])
' "$tmp/differences.csv"
expect 2 "sim has no --differences" -- "$catan" sim dice-race --games 10 --differences "$tmp/x.csv"
check "sim --differences: one line" one_line_error
check "compare report has the comparison" grep -q 'Comparison' "$tmp/compare.html"
expect 0 "compare identical configurations" -- "$catan" compare dice-race dice-race:dice-race.sides=6 \
  --games 40
check "compare says the games were the same" grep -q '^\[2\] played the same games as \[1\]' "$tmp/out"
check "compare marks each metric" grep -q '^turns .* same in every game' "$tmp/out"
expect 0 "compare: --option of a pack one configuration loads" -- "$catan" compare base \
  base+friendly-robber --games 4 --threads 1 --option friendly-robber.max_vp=3
expect 2 "compare: --option of a pack no configuration loads" -- "$catan" compare base \
  base:base.target_vp=11 --games 4 --option citadels.vp=1
check "compare: the unloaded pack is named" grep -q "no configuration loads pack 'citadels'" "$tmp/err"
check "compare: unloaded pack: one line" one_line_error
expect 2 "compare one config" -- "$catan" compare dice-race
expect 2 "compare bad config" -- "$catan" compare dice-race dice-race:target
check "compare bad config: one line" one_line_error
expect 2 "compare bad option value" -- "$catan" compare dice-race dice-race:dice-race.target=2
check "compare bad option value: one line" one_line_error
expect 0 "sweep" -- "$catan" sweep dice-race --option dice-race.target=20,40,60 --games 100 --json
check "sweep plays every value" python3 -c '
import json,sys; d=json.load(open(sys.argv[1]))
assert [c["label"] for c in d["configs"]] == ["dice-race.target=20", "dice-race.target=40", "dice-race.target=60"]
assert len(d["comparisons"]) == 2 and d["comparisons"][0]["metrics"][0]["metric"] == "seat 1 win rate"' "$tmp/out"
expect 2 "sweep without a list" -- "$catan" sweep dice-race --option dice-race.target=20
check "sweep without a list: one line" one_line_error
expect 0 "sim base (stats hook)" -- "$catan" sim --rules base --games 4 --threads 2 \
  --option base.domestic_trade=false --json
check "base publishes its statistics" python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); s=d["configs"][0]["results"]["stats"]
for k in ["production.brick","production.ore","sevens","discards","cards_discarded","robber_steals"]:
    assert s[k]["n"] == 4, k
h = d["configs"][0]["results"]["histograms"]["dice"]
assert h["label"] == "Dice totals" and list(h["counts"]) == [str(k) for k in range(2, 13)]
assert h["total"] == sum(h["counts"].values()) > 0' "$tmp/out"
mkdir -p "$tmp/packs/flaky"
cat >"$tmp/packs/flaky/pack.json" <<'JSON'
{"name": "flaky", "version": "1.0.0", "description": "Fails in some games", "entry": ["main.lua"]}
JSON
cat >"$tmp/packs/flaky/main.lua" <<'LUA'
game.on("turn", function(e)
  if game.turn() == 1 and game.random(3) == 1 then error("flaky pack fails") end
  game.finish(e.player, "done")
end)
LUA
expect 1 "sim with failing games" -- "$catan" sim flaky --pack-path "$tmp/packs" --players 2 \
  --games 30 --out "$tmp/flaky.json"
check "failing games: one line naming a replay" sh -c "one_line() { [ \"\$(wc -l <\"$tmp/err\")\" -eq 1 ]; }; one_line && grep -q 'games failed; first: game .*flaky pack fails.*replay: ' \"$tmp/err\""
replay=$(sed -n 's/.*(replay: \(.*\))$/\1/p' "$tmp/err")
check "failing games: replay saved beside --out" test -f "$replay"
expect 1 "the saved replay fails the same way" -- "$catan" replay "$replay" --pack-path "$tmp/packs"
check "replayed failure names the error" grep -q 'flaky pack fails' "$tmp/err"

# Further checks, one file per topic, share expect/check/one_line_error and $tmp.
for part in "$(dirname "$0")"/cli_checks/*.sh; do
  [ -e "$part" ] || continue
  # shellcheck source=/dev/null
  . "$part"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
