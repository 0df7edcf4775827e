# The learned evaluation (docs/bots.md): `catan train` writes a model file, a search agent given it
# plays, and the lab's results say which evaluation each search agent used.
expect 0 "train: a dice-race model" -- "$catan" train dice-race --players 2 --games 60 --epochs 2 \
  --threads 2 --out "$tmp/race.json"
check "train: says where the model went" grep -q "^model: $tmp/race.json (dice-race 2p)" "$tmp/out"
check "train: says how well it predicts" grep -q "^held out: accuracy .*log loss" "$tmp/out"
check "train: the file is a model" python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
assert m["format"] == "catan-value-model-1", m["format"]
assert m["config"]["key"] == "dice-race 2p", m["config"]
assert m["training"]["games"] + m["training"]["heldout"]["games"] <= 60, m["training"]
assert m["features"] and all(f["scale"] > 0 for f in m["features"]), m["features"]' "$tmp/race.json"
cp "$tmp/race.json" "$tmp/race-1.json"
expect 0 "train: again on one thread" -- "$catan" train dice-race --players 2 --games 60 \
  --epochs 2 --threads 1 --out "$tmp/race.json"
check "train: the model does not depend on the threads" cmp -s "$tmp/race.json" "$tmp/race-1.json"
expect 2 "train: no search agent in the games" -- "$catan" train dice-race --bots mcts,random
check "train: no search agent: one line" one_line_error
expect 2 "train: too few games" -- "$catan" train dice-race --games 3
expect 0 "train: a sim with the model" -- "$catan" sim dice-race --players 2 \
  --bots "mcts:iterations=4:horizon=1:eval=$tmp/race.json,random" --games 2 --threads 1 --json
check "train: the results name the evaluation" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
e = r["configs"][0]["evaluations"]
assert len(e) == 1 and e[0]["evaluation"].startswith("learned: dice-race.2p.json"), e' "$tmp/out"
expect 0 "train: a sim with the packs evaluator" -- "$catan" sim dice-race --players 2 \
  --bots "mcts:iterations=4:horizon=1,random" --games 2 --threads 1 --json
check "train: the results say the packs evaluator" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["configs"][0]["evaluations"][0]["evaluation"] == "the packs'"'"' evaluator", r["configs"][0]' "$tmp/out"
expect 0 "train: a sim with the score share" -- "$catan" sim dice-race --players 2 \
  --bots "mcts:iterations=4:horizon=1:eval=score,mcts:iterations=4:horizon=1" --games 2 \
  --threads 1 --json
check "train: the results say which seat scores by the score share" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
e = {x["agent"]: x["evaluation"] for x in r["configs"][0]["evaluations"]}
assert e == {"mcts:iterations=4:horizon=1:eval=score": "the score share",
             "mcts:iterations=4:horizon=1": "the packs'"'"' evaluator"}, e' "$tmp/out"
expect 2 "train: a model of another configuration" -- "$catan" sim dice-race --players 3 \
  --bots "mcts:iterations=4:eval=$tmp/race.json,random" --games 2 --threads 1
check "train: another configuration: one line" one_line_error
check "train: another configuration: says which" grep -q "trained for 'dice-race 2p', not for 'dice-race 3p'" "$tmp/err"
