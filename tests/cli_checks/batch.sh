# Batches: unknown agents are usage errors before any game; failed games are counted per class
# in the results; a run interrupted by SIGINT/SIGTERM writes results marked incomplete and
# --resume finishes them to the bytes of a straight run; the distinct names a run keeps are
# capped.

# Unknown agents: exit 2, one line naming the bad name and the known ones, no game played.
for sub in play bench sim; do
  games=(--games 2)
  [ "$sub" = play ] && games=()
  expect 2 "$sub: unknown agent" -- "$catan" "$sub" dice-race --players 3 --bots hold20,hold02 "${games[@]}"
  check "$sub: unknown agent: one line" one_line_error
  check "$sub: unknown agent: names it, suggests and lists the known ones" grep -q \
    "^catan: error: unknown agent 'hold02' (did you mean 'hold20'?); known agents: hold20, \(human, \)\?random" "$tmp/err"
done
(cd "$tmp" && "$catan" compare base base --bots heuristc --games 3 >"$tmp/out" 2>"$tmp/err")
check "compare: unknown agent exits 2" [ $? -eq 2 ]
check "compare: unknown agent: one line with a suggestion" grep -q \
  "^catan: error: unknown agent 'heuristc' (did you mean 'heuristic'?); known agents: heuristic, random" "$tmp/err"
check "compare: unknown agent: no failure replays" [ ! -e "$tmp/catan-failures" ]
expect 2 "sweep: unknown agent" -- "$catan" sweep dice-race --players 3 --bots nobody \
  --option dice-race.target=30,40 --games 2
check "sweep: unknown agent: one line" one_line_error

mkdir -p "$tmp/batch/flaky" "$tmp/batch/slow" "$tmp/batch/names"
for p in flaky slow names; do
  printf '{"name": "%s", "version": "1.0.0", "description": "x", "entry": ["main.lua"]}\n' "$p" \
    >"$tmp/batch/$p/pack.json"
done

# Failed games: counted per class (a script error, the instruction budget), with the first game
# and its replay; the exit code is 1 and the file is written.
cat >"$tmp/batch/flaky/main.lua" <<'EOF'
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  if game.turn() == 1 then
    local r = game.random(4)
    if r == 1 then error("flaky pack fails") end
    if r == 2 then while true do end end
  end
  if game.turn() >= 3 then game.finish(e.player, "third turn") end
end)
EOF
expect 1 "sim with failing games" -- "$catan" sim flaky --pack-path "$tmp/batch" --players 2 \
  --games 40 --instruction-limit 100000 --out "$tmp/flaky.json"
check "failing games: one line" one_line_error
check "failing games: the results count them per class" grep -q '"class": "instruction budget"' \
  "$tmp/flaky.json"
check "failing games: script errors are a class of their own" grep -q '"class": "error"' \
  "$tmp/flaky.json"
check "failing games: replays saved" [ -n "$(ls "$tmp/flaky-failures")" ]
check "failing games: the summary lists the classes" grep -q \
  "failed games .*error: [0-9]* (first: game [0-9]*), instruction budget: [0-9]* (first: game" "$tmp/out"

# Interrupted runs. Each game takes a few milliseconds; the signal is sent once some games are
# in the CSV.
cat >"$tmp/batch/slow/main.lua" <<'EOF'
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  local x = 0
  for i = 1, 100000 do x = x + i end
  game.set("stats.turn", game.turn())
  if game.turn() >= 4 then game.finish(e.player, "fourth turn") end
end)
EOF
slow=(sim slow --pack-path "$tmp/batch" --players 2 --games 800)
interrupt() { # SIGNAL FILE: starts the slow run writing FILE, sends SIGNAL once it is playing
  "$catan" "${slow[@]}" --threads 2 --out "$2" --csv "$2.csv" >"$tmp/out" 2>"$tmp/err" &
  local pid=$! waited=0
  while [ ! -e "$2.csv.tmp" ] && [ $waited -lt 200 ]; do
    sleep 0.05
    waited=$((waited + 1))
  done
  sleep 0.3
  kill -"$1" $pid
  wait $pid
}
interrupt INT "$tmp/int.json"
check "SIGINT: exit 130" [ $? -eq 130 ]
check "SIGINT: one line" one_line_error
check "SIGINT: the error says how to resume" grep -q \
  "^catan: error: interrupted by SIGINT: played games 0\.\.[0-9]* of 0\.\.799; .*int.json is marked incomplete, finish it with --resume" \
  "$tmp/err"
check "SIGINT: the results are marked incomplete" grep -q '"complete": false' "$tmp/int.json"
check "SIGINT: the results name the planned end" grep -q '"planned_end_game": 800' "$tmp/int.json"
played=$(sed -n 's/^ *"end_game": \([0-9]*\),$/\1/p' "$tmp/int.json")
some_played() { [ "$played" -gt 0 ] && [ "$played" -lt 800 ]; }
check "SIGINT: some games but not all were played" some_played
check "SIGINT: the CSV holds every game played, no cut row" \
  [ "$(wc -l <"$tmp/int.json.csv")" -eq $((played + 1)) ]
expect 0 "resume an interrupted run" -- "$catan" "${slow[@]}" --threads 1 --resume "$tmp/int.json"
expect 0 "the same run straight" -- "$catan" "${slow[@]}" --threads 2 --out "$tmp/straight.json"
check "the resumed file is byte-identical to a straight run" cmp -s "$tmp/int.json" "$tmp/straight.json"
interrupt TERM "$tmp/term.json"
check "SIGTERM: exit 143" [ $? -eq 143 ]
check "SIGTERM: the results are marked incomplete" grep -q '"complete": false' "$tmp/term.json"
expect 2 "resume another run" -- "$catan" "${slow[@]}" --seed 2 --resume "$tmp/term.json"
check "resume another run: one line naming the difference" grep -q \
  "^catan: error: --resume: .*term.json and this run are not shards of one run (seed 1 vs 2)" "$tmp/err"
expect 2 "resume with another game count" -- "$catan" "${slow[@]}" --games 500 --resume "$tmp/term.json"
expect 0 "resume to another file" -- "$catan" "${slow[@]}" --resume "$tmp/term.json" --out "$tmp/term-done.json"
check "resumed to another file: identical too" cmp -s "$tmp/term-done.json" "$tmp/straight.json"
expect 2 "resume a complete run" -- "$catan" "${slow[@]}" --resume "$tmp/straight.json"
check "resume a complete run: one line" grep -q "is complete; there is nothing to resume" "$tmp/err"
expect 2 "resume a missing file" -- "$catan" "${slow[@]}" --resume "$tmp/none.json"
expect 2 "game deadline: NaN" -- "$catan" "${slow[@]}" --games 2 --game-deadline nan
expect 2 "game deadline: negative" -- "$catan" "${slow[@]}" --games 2 --game-deadline -1
expect 2 "game deadline: infinite" -- "$catan" "${slow[@]}" --games 2 --game-deadline inf

# The game deadline, end to end: games of some 200 ms against a deadline of 5 ms all fail, their
# threads are abandoned and replaced, the results are written and the process ends; each has a
# replay of its inputs marked abandoned.
mkdir -p "$tmp/batch/heavy"
printf '{"name": "heavy", "version": "1.0.0", "description": "x", "entry": ["main.lua"]}\n' \
  >"$tmp/batch/heavy/pack.json"
cat >"$tmp/batch/heavy/main.lua" <<'EOF'
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  local x = 0
  for i = 1, 30000000 do x = x + i end
  game.finish(e.player, "one turn")
end)
EOF
expect 1 "games past the deadline" -- "$catan" sim heavy --pack-path "$tmp/batch" --players 2 \
  --games 4 --threads 2 --game-deadline 0.005 --out "$tmp/heavy.json"
check "games past the deadline: one line" grep -q \
  "^catan: error: 4 of 4 games failed; first: game 0: game deadline exceeded: game 0 under configuration 1 ran for more than 0.005 s and was abandoned (replay: $tmp/heavy-failures/failed-seed1-game0-config1.json)$" \
  "$tmp/err"
check "games past the deadline: counted as their own class" grep -q '"class": "game deadline"' \
  "$tmp/heavy.json"
check "games past the deadline: four replays marked abandoned" \
  [ "$(grep -l '"abandoned": "game deadline exceeded' "$tmp"/heavy-failures/*.json | wc -l)" -eq 4 ]

# bench plays on the calling thread: a game past the deadline ends it with one line, naming the
# game and the replay of its inputs. No limit stops this loop with the time limit and the
# instruction budget off.
expect 1 "bench: a game past the deadline" -- timeout 20 "$catan" bench "$root/tests/hostile/infinite-loop" \
  --players 2 --games 3 --time-limit 0 --instruction-limit 0 --game-deadline 0.5 \
  --save-failures "$tmp/bench-failures"
check "bench: a game past the deadline: one line naming the game and the replay" grep -qx \
  "catan: error: game deadline exceeded: game 0 ran for more than 0.5 s and no limit stopped it; the bench stops after 0 of 3 games (replay of its inputs: $tmp/bench-failures/failed-1-0.json)" \
  "$tmp/err"
check "bench: a game past the deadline: its replay is marked abandoned" \
  grep -q '"abandoned": "game deadline exceeded: game 0 ran for more than 0.5 s and was abandoned"' \
  "$tmp/bench-failures/failed-1-0.json"
expect 1 "replay of an abandoned game: played again, stopped by the time limit" -- \
  "$catan" replay "$tmp/bench-failures/failed-1-0.json" --time-limit 0.2
check "replay of an abandoned game: one line" grep -q "time limit" "$tmp/err"

# Lab memory: a pack making up new names every game keeps at most 256 per kind.
cat >"$tmp/batch/names/main.lua" <<'EOF'
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  for _ = 1, 3 do game.set("stats.k" .. game.random(1000000000), 1) end
  game.finish(e.player, "one turn")
end)
EOF
expect 0 "unique stats names" -- "$catan" sim names --pack-path "$tmp/batch" --players 2 --games 200 \
  --out "$tmp/names.json"
check "unique stats names: 256 kept" [ "$(grep -c '^  stats\.k' "$tmp/out")" -eq 256 ]
check "unique stats names: the cap is reported" grep -q \
  "names capped .*more than 256 distinct names of stats" "$tmp/out"

# bench goes on past failed games and counts them per class.
expect 1 "bench with failing games" -- "$catan" bench flaky --pack-path "$tmp/batch" --players 2 \
  --games 40 --instruction-limit 100000 --json
check "bench: failure classes in the JSON" grep -q \
  '"failure_classes":{"error":[0-9]*,"instruction budget":[0-9]*},"failures":[0-9]*,"games":40' "$tmp/out"
