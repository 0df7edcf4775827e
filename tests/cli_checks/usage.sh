# Usage: every subcommand's --help, the version, usage errors (exit 2, one line), packs and info.
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
