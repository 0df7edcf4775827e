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
