# One bad game never costs a run its results (docs/lab.md, "Bad games"): a game that publishes a
# value beyond 2^31 in magnitude (tests/hostile/sim-huge-stat) fails alone, named with its value,
# its replay saved, and the run writes its results, CSV and report, the same bytes on any thread
# count and from merged shards.
huge="$tmp/huge"
mkdir -p "$huge"
hs=(sim sim-huge-stat --pack-path "$root/tests/hostile" --games 30 --failures "$huge/failures")
expect 1 "out of range: sim fails the bad games" -- "$catan" "${hs[@]}" --threads 2 \
  --out "$huge/two.json" --csv "$huge/two.csv" --report "$huge/two.html"
check "out of range: one line" one_line_error
check "out of range: the line names the game and the value" grep -q \
  "^catan: error: [0-9]* of 30 games failed; first: game \([0-9]*\): value out of range: game \1 under configuration 1 set .* to -\?[0-9]*, above the lab's limit of 2^31 in magnitude (replay: $huge/failures/failed-seed1-game\1-config1.json)$" \
  "$tmp/err"
check "out of range: the CSV and the report are written" test -s "$huge/two.csv" -a -s "$huge/two.html"
out_of_range_results() { # FILE CSV: every game counted, the bad ones failed with replays
  python3 - "$1" "$2" "$huge/failures" <<'PY'
import csv, json, os, sys
r = json.load(open(sys.argv[1]))["configs"][0]["results"]
rows = list(csv.DictReader(open(sys.argv[2])))
errors = r["errors"]
assert r["games"] == 30 and r["finished"] + errors == 30 and 3 <= errors <= 15, r["games"]
assert [(f["class"], f["count"]) for f in r["failures"]] == [("out of range", errors)], r["failures"]
assert len(r["error_list"]) == errors
for e in r["error_list"]:
    assert e["error"].startswith(f"value out of range: game {e['game']} under configuration 1 set ")
    assert os.path.isfile(e["replay"]), e["replay"]
said = " ".join(e["error"] for e in r["error_list"])
for what in ("set stats.huge to 9223372036854775807,", "set rolls.6 to 1099511627776,",
             "' of seat 1 to -9223372036854775808,|' of seat 2 to -9223372036854775808,"):
    assert any(w in said for w in what.split("|")), what
assert len(os.listdir(sys.argv[3])) == errors
assert len(rows) == 30 and sum(row["ok"] == "0" for row in rows) == errors
assert "stats.huge" not in rows[0] and "stats.turns" in rows[0]
assert r["stats"]["turns"]["n"] == 30 - errors
# stats.edge is +-2^31 in every game: taken, and its sum of squares is past 2^64.
raw = json.load(open(sys.argv[1]))["configs"][0]["raw"]["stats"]["edge"]
assert raw["n"] == 30 - errors and int(raw["sum_sq"]) == raw["n"] << 62, raw
assert isinstance(raw["sum_sq"], str)
PY
}
check "out of range: every game counted, the bad ones failed with their replays" \
  out_of_range_results "$huge/two.json" "$huge/two.csv"
expect 1 "out of range: one thread" -- "$catan" "${hs[@]}" --threads 1 --out "$huge/one.json" \
  --csv "$huge/one.csv"
check "out of range: the same results on 1 and 2 threads" cmp -s "$huge/one.json" "$huge/two.json"
check "out of range: the same CSV on 1 and 2 threads" cmp -s "$huge/one.csv" "$huge/two.csv"
expect 1 "out of range: shard 1/2" -- "$catan" "${hs[@]}" --shard 1/2 --out "$huge/s1.json"
expect 1 "out of range: shard 2/2" -- "$catan" "${hs[@]}" --shard 2/2 --out "$huge/s2.json"
expect 0 "out of range: merge the shards" -- "$catan" merge "$huge/s2.json" "$huge/s1.json" \
  --out "$huge/merged.json"
check "out of range: the merged shards equal one run" cmp -s "$huge/merged.json" "$huge/one.json"
first_replay=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["configs"][0]["results"]["error_list"][0]["replay"])' "$huge/one.json")
expect 0 "out of range: the saved replay plays back" -- "$catan" replay "$first_replay" \
  --pack-path "$root/tests/hostile"
