# One bad game never costs a run its results (docs/lab.md, "Bad games"): a game that publishes a
# value beyond 2^31 in magnitude (tests/hostile/sim-huge-stat) fails alone, named with its value,
# its replay saved, and the run writes its results, CSV and report, the same bytes on any thread
# count and from merged shards. Reading results refuses failed-game totals that contradict each
# other, and --resume of what is not a regular file says so.
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

# catan merge refuses failed-game totals that contradict each other: one line naming the field,
# exit 1, as for any invalid results file.
mutate() { # NAME PYTHON: $huge/NAME.json is one.json with PYTHON applied to `raw`
  python3 - "$huge/one.json" "$huge/$1.json" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
raw = j["configs"][0]["raw"]
exec(sys.argv[3])
json.dump(j, open(sys.argv[2], "w"), indent=2)
PY
}
mutate counts 'raw["failures"]["out of range"]["count"] += 1'
mutate class 'raw["failures"]["bogus"] = raw["failures"].pop("out of range")'
mutate first 'raw["failures"]["out of range"]["game"] = next(g for g in range(30) if all(e["game"] != g for e in raw["error_list"]))'
mutate short 'raw["error_list"].pop()'
for case in \
  "counts|failures: the entries add up to more than [0-9]* (the failed games per class: errors)" \
  "class|failures.bogus: not a failure class (known: error, game deadline, .*)" \
  "first|failures.out of range.game: the class's first game, with its error and replay, is not in error_list" \
  "short|error_list: [0-9]* entries for [0-9]* errors (the first 20 are listed)"; do
  name="${case%%|*}"
  expect 1 "merge refuses contradictory failures: $name" -- "$catan" merge "$huge/$name.json"
  check "merge refuses contradictory failures: $name: one line naming the field" grep -qx \
    "catan: error: $huge/$name.json: configs\[0\]\.raw\.${case#*|}" "$tmp/err"
done

# --resume of what is not a regular file: refused as the file readers refuse it, exit 1.
expect 1 "resume what is not a regular file" -- "$catan" "${hs[@]}" --resume /dev/zero
check "resume what is not a regular file: says so" grep -qx \
  "catan: error: --resume: /dev/zero: not a regular file (refused as a results file)" "$tmp/err"
