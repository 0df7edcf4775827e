# The search agent (docs/bots.md): its settings on --bots, usage errors in one line, a game and a
# rotated lab run in which it takes a seat.
expect 2 "mcts: unknown setting" -- "$catan" play dice-race --bots mcts:depth=3
check "mcts: unknown setting: one line" one_line_error
check "mcts: unknown setting: lists the known" grep -q \
  "^catan: error: mcts: unknown setting 'depth' (known: iterations, horizon, rollout, c, time, eval)" "$tmp/err"
expect 2 "mcts: bad number" -- "$catan" sim dice-race --bots mcts:iterations=0 --games 2
check "mcts: bad number: says the range" grep -q \
  "mcts: iterations=0: expected a whole number from 1 to 1000000" "$tmp/err"
expect 2 "mcts: unknown rollout agent" -- "$catan" play base --bots mcts:rollout=heuristc
check "mcts: unknown rollout agent: suggests" grep -q \
  "mcts: unknown rollout agent 'heuristc' (did you mean 'heuristic'?)" "$tmp/err"
expect 0 "mcts: play --help names it" -- "$catan" play --help
check "mcts: play --help shows the syntax" grep -q "mcts\[:iterations=N\]" "$tmp/out"

expect 0 "mcts: a dice-race game" -- "$catan" play dice-race --players 2 \
  --bots mcts:iterations=8:horizon=1,random --seed 3 --json
check "mcts: the game names the agent" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["players"][0]["bot"] == "mcts:iterations=8:horizon=1", r["players"][0]
assert r["winner"] in (1, 2), r' "$tmp/out"
expect 0 "mcts: a rotated sim" -- "$catan" sim dice-race --players 2 \
  --bots mcts:iterations=4:horizon=0,random --games 4 --rotate --threads 1 --json
check "mcts: per-bot results" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
results = r["configs"][0]["results"]
bots = {b["bot"]: b for b in results["bot_results"]}
assert bots["mcts:iterations=4:horizon=0"]["games"] == 4, bots
assert bots["random"]["games"] == 4, bots
assert results["errors"] == 0 and r["failures"]["games"] == 0, r["failures"]' "$tmp/out"
expect 2 "mcts: the lab refuses a time budget" -- "$catan" sim dice-race --players 2 \
  --bots mcts:time=5,random --games 2
check "mcts: time budget: one line that says why" grep -q \
  "^catan: error: mcts:time=5: the lab takes iteration budgets only" "$tmp/err"
