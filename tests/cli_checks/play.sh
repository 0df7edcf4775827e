# Play, replay and a tampered, corrupt or missing replay.
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
cp -r "$root/rules/dice-race" "$tmp/mine/packs/myrace"
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
