# --rotate (docs/lab.md, "Bots and seat rotation"): every block of P games plays each rotation of
# the seat assignment once; the lab reports per-bot results and, with three or more bots,
# Elo-style ratings; --games must be a multiple of P; shards hold whole blocks and merge into the
# bytes of one run.
rot="$tmp/rotate"
mkdir -p "$rot/packs/race-bots"
# More agents for the dice race: always bank; roll three times in four.
printf '{"name": "race-bots", "version": "1.0.0", "description": "more dice-race agents", "entry": ["bots.lua"]}\n' \
  >"$rot/packs/race-bots/pack.json"
cat >"$rot/packs/race-bots/bots.lua" <<'LUA'
local function pick(choices, action)
  for i, o in ipairs(choices) do
    if o.action == action then return i end
  end
  return 1
end
game.agent("banker", function(player, kind, choices) return pick(choices, "bank") end)
game.agent("coin", function(player, kind, choices)
  return pick(choices, game.random(4) > 1 and "roll" or "bank")
end)
LUA

for sub in sim compare; do
  expect 0 "rotate: $sub --help" -- "$catan" $sub --help
  check "rotate: $sub --help explains --rotate" grep -q -- '--rotate .*Rotate the seats' "$tmp/out"
done

expect 2 "rotate: --games not a multiple of the players" -- \
  "$catan" sim dice-race --players 3 --bots hold20,random --games 100 --rotate
check "rotate: games not a multiple: one line" one_line_error
check "rotate: games not a multiple: says why" grep -q \
  "^catan: error: --rotate: --games 100 is not a multiple of the 3 players" "$tmp/err"
expect 2 "rotate: more shards than blocks" -- \
  "$catan" sim dice-race --players 3 --games 6 --rotate --shard 3/3
check "rotate: more shards than blocks: one line" one_line_error
check "rotate: more shards than blocks: names the blocks" grep -q "more shards than the 2 blocks" "$tmp/err"

# One run, and three shards (whole blocks: 33, 33 and 34 blocks of 3 games) merged.
expect 0 "rotate: sim" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 300 \
  --rotate --threads 1 --out "$rot/one.json" --csv "$rot/one.csv" --report "$rot/one.html"
cp "$tmp/out" "$rot/one.txt"
check "rotate: summary has per-bot rows" grep -q 'per bot (rotated) *hold20: 300 games, [0-9]* wins' "$rot/one.txt"
check "rotate: summary counts random's seats" grep -q 'random: 300 games (600 seats)' "$rot/one.txt"
for k in 1 2 3; do
  expect 0 "rotate: shard $k/3" -- "$catan" sim dice-race --players 3 --bots hold20,random \
    --games 300 --rotate --threads 2 --shard $k/3 --out "$rot/shard$k.json"
done
check "rotate: shards start at block boundaries" python3 -c '
import json, sys
assert [json.load(open(f))["run"]["first_game"] for f in sys.argv[1:]] == [0, 99, 198]' \
  "$rot/shard1.json" "$rot/shard2.json" "$rot/shard3.json"
expect 0 "rotate: merge shards" -- "$catan" merge "$rot/shard3.json" "$rot/shard1.json" \
  "$rot/shard2.json" --out "$rot/merged.json"
check "rotate: merged shards equal one run" cmp -s "$rot/merged.json" "$rot/one.json"
expect 0 "rotate: sim on two threads" -- "$catan" sim dice-race --players 3 --bots hold20,random \
  --games 300 --rotate --threads 2 --out "$rot/two.json"
check "rotate: 1 and 2 threads identical" cmp -s "$rot/two.json" "$rot/one.json"
expect 0 "rotate: fixed seats" -- "$catan" sim dice-race --players 3 --bots hold20,random \
  --games 150 --shard 1/2 --out "$rot/fixed.json"
expect 1 "rotate: rotated and fixed-seat files are not shards of one run" -- \
  "$catan" merge "$rot/shard1.json" "$rot/fixed.json"
check "rotate: merge refusal names rotation" grep -q "not shards of one run (rotate on vs off)" "$tmp/err"
check "rotate: fixed seats summary says so" sh -c "\"$catan\" sim dice-race --players 3 \
  --bots hold20,random --games 30 | grep -q 'per bot (fixed seats) *hold20: 30 games'"

check "rotate: results JSON" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); r = d["configs"][0]["results"]; raw = d["configs"][0]["raw"]
assert d["run"]["rotate"] is True
b = {x["bot"]: x for x in r["bot_results"]}
assert list(b) == ["hold20", "random"]
assert b["hold20"]["games"] == b["hold20"]["seat_games"] == r["finished"] == 300
assert b["random"]["seat_games"] == 600 and b["random"]["of"] == 600
assert b["hold20"]["wins"] + b["random"]["wins"] == r["finished"] - r["no_winner"]
assert all(x["low"] <= x["rate"] <= x["high"] and x["rating"] is None for x in b.values())
assert raw["bots"]["hold20"] == {"games": 300, "seats": 300, "wins": b["hold20"]["wins"]}
assert r["bot_win_rate"]["hold20"]["wins"] == b["hold20"]["wins"]
# every seat held each bot equally: the per-bot points cover all three seats
assert [g["seats"] for g in r["end_points_by_bot"]] == [[1, 2, 3], [1, 2, 3]]
assert r["end_points_by_bot"][0]["n"] == 300 and r["end_points_by_bot"][1]["n"] == 600' "$rot/one.json"
check "rotate: CSV says which bot sat where" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 300
bots = ["hold20", "random", "random"]
for row in rows:
    j = int(row["game"]) % 3
    assert [row["seat%d.bot" % (s + 1)] for s in range(3)] == [bots[(s + j) % 3] for s in range(3)]
    if row["winner"]:
        assert row["seat%s.score" % row["winner"]] >= "0"' "$rot/one.csv"
check "rotate: report has the bots table" grep -q '<h2>Bots</h2>' "$rot/one.html"
check "rotate: report says seats were rotated" grep -q 'Seats rotated' "$rot/one.html"

# Three distinct bots: ratings (mean 1500) in the summary, JSON and report.
expect 0 "rotate: three bots" -- "$catan" sim dice-race race-bots --pack-path "$rot/packs" \
  --players 3 --bots hold20,random,coin --games 300 --rotate --out "$rot/three.json" \
  --report "$rot/three.html"
check "rotate: three bots: ratings in the summary" grep -q 'coin: 300 games, [0-9]* wins, .* per seat, rating [0-9]*$' "$tmp/out"
check "rotate: three bots: ratings in the JSON" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["configs"][0]["results"]["bot_results"]
assert [x["bot"] for x in r] == ["hold20", "random", "coin"]
ratings = [x["rating"] for x in r]
assert all(isinstance(x, float) for x in ratings), ratings
assert abs(sum(ratings) / 3 - 1500) < 1e-3
assert ratings[0] > ratings[2] > ratings[1], ratings  # hold at 20, then mostly rolling, then random
' "$rot/three.json"
check "rotate: three bots: rating column in the report" grep -q 'Bradley&ndash;Terry' "$rot/three.html"
# A bot that never wins: no rating can be fitted, and the summary says why.
expect 0 "rotate: a bot without wins" -- "$catan" sim dice-race race-bots --pack-path "$rot/packs" \
  --players 4 --bots hold20,random,banker,coin --games 200 --rotate --json
check "rotate: a bot without wins: null ratings" python3 -c '
import json, sys
r = json.load(sys.stdin)["configs"][0]["results"]["bot_results"]
assert [x["rating"] for x in r] == [None] * 4 and r[2]["wins"] == 0' <"$tmp/out"
check "rotate: no rating: the summary says why" sh -c "\"$catan\" sim dice-race race-bots \
  --pack-path \"$rot/packs\" --players 4 --bots hold20,random,banker,coin --games 200 --rotate \
  | grep -q 'no rating: some bot never won or never lost'"

# compare: every configuration rotated the same way.
expect 0 "rotate: compare" -- "$catan" compare dice-race dice-race:dice-race.target=30 \
  --players 3 --bots hold20,random --games 60 --rotate --out "$rot/cmp.json"
check "rotate: compare header says rotated" grep -q 'hold20,random,random, seats rotated' "$tmp/out"
check "rotate: compare has per-bot rows per configuration" grep -q '^\[2\] per bot (rotated)' "$tmp/out"
check "rotate: compare tests each bot's games won, paired" grep -q '^hold20 games won  .* pp \[' "$tmp/out"
for k in 1 2; do
  expect 0 "rotate: compare shard $k/2" -- "$catan" compare dice-race dice-race:dice-race.target=30 \
    --players 3 --bots hold20,random --games 60 --rotate --shard $k/2 --out "$rot/cmp$k.json"
done
expect 0 "rotate: merge compare shards" -- "$catan" merge "$rot/cmp2.json" "$rot/cmp1.json" \
  --out "$rot/cmp-merged.json"
check "rotate: merged compare shards equal one run" cmp -s "$rot/cmp-merged.json" "$rot/cmp.json"
check "rotate: compare JSON: paired per-bot totals" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["comparisons"][0]
assert set(c["raw"]["bot_win"]) == {"hold20", "random"}
assert all(b["n"] == c["pairs"] for b in c["raw"]["bot_win"].values())
m = {x["metric"]: x for x in c["metrics"]}
assert m["hold20 games won"]["low"] <= m["hold20 games won"]["difference"] <= m["hold20 games won"]["high"]
' "$rot/cmp.json"
expect 2 "rotate: compare --games not a multiple" -- "$catan" compare dice-race \
  dice-race:dice-race.target=30 --players 4 --games 10 --rotate
check "rotate: compare: one line" one_line_error

# --until-ci: rounds are whole blocks, and the cap is rounded down to one (100 -> 99).
expect 0 "rotate: until-ci" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 30 \
  --rotate --until-ci 1 --max-games 100 --out "$rot/ci.json"
check "rotate: until-ci stops at a whole block below the cap" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["run"]["until_ci"]["max_games"] == 99 and d["run"]["end_game"] == 99, d["run"]' "$rot/ci.json"

# Merge refuses per-bot totals that contradict the rest, in one line naming the field.
python3 - "$rot/shard1.json" "$rot" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); raw = d["configs"][0]["raw"]
def write(name, doc):
    json.dump(doc, open(sys.argv[2] + "/" + name, "w"))
bad = json.loads(json.dumps(d)); bad["configs"][0]["raw"]["bots"]["hold20"]["wins"] += 1
write("bad-wins.json", bad)
bad = json.loads(json.dumps(d)); bad["configs"][0]["raw"]["bots"]["nobody"] = {"games": 0, "seats": 0, "wins": 0}
write("bad-name.json", bad)
bad = json.loads(json.dumps(d)); bad["configs"][0]["raw"]["beats"][0][2] = 10**9
write("bad-beats.json", bad)
bad = json.loads(json.dumps(d)); del bad["configs"][0]["raw"]["bots"]; del bad["configs"][0]["raw"]["beats"]
write("bad-missing.json", bad)
PY
expect 1 "rotate: merge refuses wins above games" -- "$catan" merge "$rot/bad-wins.json"
check "rotate: wins above games: one line naming the field" sh -c \
  "grep -q 'bad-wins.json: configs\[0\].raw.bots' \"$tmp/err\" && [ \$(wc -l <\"$tmp/err\") -eq 1 ]"
expect 1 "rotate: merge refuses an unknown bot" -- "$catan" merge "$rot/bad-name.json"
check "rotate: unknown bot: named" grep -q 'raw.bots.nobody: not a bot of the run' "$tmp/err"
expect 1 "rotate: merge refuses too many pairwise results" -- "$catan" merge "$rot/bad-beats.json"
check "rotate: too many results: named" grep -q "raw.beats\[0\]\[2\]: more results than the winner's games allow" "$tmp/err"
expect 1 "rotate: merge refuses a rotated run without per-bot totals" -- "$catan" merge "$rot/bad-missing.json"
check "rotate: rotated without bots: one line" one_line_error

# --resume of a rotated run: the first half as an interrupted run, finished, equals one run.
python3 - "$rot/shard1.json" "$rot/half.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["complete"] = False
d["run"]["planned_end_game"] = 300
json.dump(d, open(sys.argv[2], "w"), indent=2)
json.dump(d, open(sys.argv[2] + ".again", "w"), indent=2)
PY
expect 0 "rotate: resume" -- "$catan" sim dice-race --players 3 --bots hold20,random --games 300 \
  --rotate --resume "$rot/half.json"
check "rotate: resumed run equals one run" cmp -s "$rot/half.json" "$rot/one.json"
expect 2 "rotate: resume without --rotate" -- "$catan" sim dice-race --players 3 \
  --bots hold20,random --games 300 --resume "$rot/half.json.again"
check "rotate: resume without --rotate: names the difference" grep -q \
  "^catan: error: --resume: .* are not shards of one run (rotate on vs off)" "$tmp/err"
# Every player property per bot (busts: the dice race's player property), in the summary, the
# JSON, the CSV (per game, summed over the bot's seats) and the report.
check "rotate: summary has player properties per bot" grep -Eq \
  'per bot, mean of +busts  hold20: [0-9.]+ \(300 seats\)  random: [0-9.]+ \(600 seats\)' "$rot/one.txt"
check "rotate: player properties per bot in JSON and CSV agree" python3 -c '
import csv, json, sys
r = json.load(open(sys.argv[1]))["configs"][0]["results"]
busts = {x["bot"]: x for x in r["player_by_bot"]["busts"]}
assert list(busts) == ["hold20", "random"] and busts["random"]["n"] == 600, busts
rows = list(csv.DictReader(open(sys.argv[2])))
for bot in ("hold20", "random"):
    total = sum(int(row["bot.%s.busts" % bot]) for row in rows)
    assert abs(total / busts[bot]["n"] - busts[bot]["mean"]) < 1e-9, (bot, total)' "$rot/one.json" "$rot/one.csv"
check "rotate: report has player properties per bot" grep -q '<h2>Player properties per bot</h2>' "$rot/one.html"
