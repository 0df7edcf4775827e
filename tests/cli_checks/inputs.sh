# Bounded inputs and safe outputs (issue 19): size-checked replay, results and manifest files,
# exact numeric options, validated merges, invalid UTF-8 and control bytes from packs, output
# paths that are devices or symlinks.

# Replays: non-regular and oversized files are refused at once (timeout: reading /dev/zero or a
# FIFO would never end).
expect 1 "replay /dev/zero" -- timeout 10 "$catan" replay /dev/zero
check "replay /dev/zero: one line" grep -qx "catan: error: replay /dev/zero: not a regular file (refused as a replay)" "$tmp/err"
truncate -s 2G "$tmp/huge-replay.json"
expect 1 "a 2 GB replay" -- timeout 10 "$catan" replay "$tmp/huge-replay.json"
check "2 GB replay: one line naming the limit" grep -qx "catan: error: replay $tmp/huge-replay.json: 2147483648 bytes, above the limit of 67108864 bytes for a replay" "$tmp/err"
rm -f "$tmp/huge-replay.json"
mkfifo "$tmp/replay-fifo"
expect 1 "a FIFO as replay" -- timeout 10 "$catan" replay "$tmp/replay-fifo"
check "FIFO replay: one line" one_line_error

# Replays: integers are range-checked, pack versions checked.
expect 0 "play --log for the replay checks" -- "$catan" play dice-race --players 2 --seed 4 --log "$tmp/in-r.json"
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["decisions"][0][3] += 2**32
json.dump(d, open(sys.argv[2], "w"))' "$tmp/in-r.json" "$tmp/in-r-choice.json"
expect 1 "a choice plus 2^32" -- "$catan" replay "$tmp/in-r-choice.json"
check "choice plus 2^32: names the field" grep -q "^catan: error: replay .*: field 'decisions\[0\]\[3\]': 429496729[0-9] is outside 1\.\.[0-9]*$" "$tmp/err"
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["max_turns"] = 10**12
json.dump(d, open(sys.argv[2], "w"))' "$tmp/in-r.json" "$tmp/in-r-turns.json"
expect 1 "max_turns 1e12" -- "$catan" replay "$tmp/in-r-turns.json"
check "max_turns 1e12: names the field" grep -q "field 'max_turns': 1000000000000 is outside 1..1000000$" "$tmp/err"
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["loaded"][0]["version"] = "banana"
json.dump(d, open(sys.argv[2], "w"))' "$tmp/in-r.json" "$tmp/in-r-banana.json"
expect 1 "a malformed pack version" -- "$catan" replay "$tmp/in-r-banana.json"
check "malformed version: names the field" grep -q "field 'loaded\[0\].version': 'banana' is not a version" "$tmp/err"
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["loaded"] = []
json.dump(d, open(sys.argv[2], "w"))' "$tmp/in-r.json" "$tmp/in-r-empty.json"
expect 1 "an empty loaded list" -- "$catan" replay "$tmp/in-r-empty.json"
check "empty loaded list: one line" one_line_error
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["loaded"][0]["version"] = "99.0.0"
json.dump(d, open(sys.argv[2], "w"))' "$tmp/in-r.json" "$tmp/in-r-99.json"
expect 0 "another pack version still replays" -- "$catan" replay "$tmp/in-r-99.json"
check "another pack version: one warning line" grep -qx "catan: warning: pack 'dice-race' is version 1.0.0, the replay was recorded with 99.0.0" "$tmp/err"

# Numeric options parse exactly.
for bad in "--time-limit nan" "--time-limit inf" "--time-limit 1e999" "--seed -1" \
  "--seed 18446744073709551616" "--seed 1e23" "--game-index -1" "--players 2.5" \
  "--memory-limit 1e3" "--instruction-limit -5"; do
  # shellcheck disable=SC2086
  expect 2 "play $bad" -- "$catan" play dice-race $bad
  check "play $bad: one line naming the option" sh -c "grep -q -- '^catan: error: ${bad%% *}: ' '$tmp/err' && [ \$(wc -l <'$tmp/err') -eq 1 ]"
done
expect 0 "the largest seed is accepted" -- "$catan" play dice-race --seed 18446744073709551615
expect 2 "sim --until-ci nan" -- "$catan" sim dice-race --games 10 --until-ci nan
check "until-ci nan: one line" one_line_error
expect 2 "sim --games -1" -- "$catan" sim dice-race --games -1
expect 2 "sim --max-games 1e9" -- "$catan" sim dice-race --games 10 --until-ci 5 --max-games 1e9
expect 2 "bench --games 1e3" -- "$catan" bench dice-race --games 1e3
expect 2 "a numeric pack option of nan" -- "$catan" play dice-race --option dice-race.target=nan

# Manifests: one with a number out of range only hides its own pack, naming its file.
mkdir -p "$tmp/in-packs/overflow" "$tmp/in-packs/fine"
printf '{"name": "overflow", "version": "1.0.0", "description": "x", "entry": ["main.lua"],\n "options": {"k": {"type": "number", "default": 1e999, "description": "d"}}}\n' \
  >"$tmp/in-packs/overflow/pack.json"
printf '{"name": "fine", "version": "1.0.0", "description": "x", "entry": ["main.lua"]}\n' \
  >"$tmp/in-packs/fine/pack.json"
: >"$tmp/in-packs/overflow/main.lua"
: >"$tmp/in-packs/fine/main.lua"
expect 0 "packs with a 1e999 manifest on the path" -- "$catan" packs --pack-path "$tmp/in-packs"
check "packs: the good pack is listed" grep -q "^fine " "$tmp/out"
check "packs: one line names the broken file" grep -qx "catan: warning: $tmp/in-packs/overflow/pack.json: number overflow parsing '1e999'" "$tmp/err"
expect 0 "other packs still resolve" -- "$catan" play dice-race --pack-path "$tmp/in-packs"
expect 2 "the broken pack is reported with its file" -- "$catan" play overflow --pack-path "$tmp/in-packs"
check "broken pack: one line naming the file" grep -qx "catan: error: $tmp/in-packs/overflow/pack.json: number overflow parsing '1e999'" "$tmp/err"
truncate -s 5M "$tmp/in-packs/fine/pack.json"
expect 2 "an oversized manifest" -- "$catan" play fine --pack-path "$tmp/in-packs"
check "oversized manifest: one line naming the limit" grep -q "pack.json: 5242880 bytes, above the limit of 4194304 bytes for a manifest$" "$tmp/err"
rm -rf "$tmp/in-packs"

# Merge refuses shards whose totals contradict each other, and non-regular files.
expect 0 "in: shard 1/2" -- "$catan" sim dice-race --players 2 --games 20 --shard 1/2 --out "$tmp/in-s1.json"
expect 0 "in: shard 2/2" -- "$catan" sim dice-race --players 2 --games 20 --shard 2/2 --out "$tmp/in-s2.json"
python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); d["configs"][0]["raw"]["seat_wins"][0] = 250
json.dump(d, open(sys.argv[1], "w"), indent=2)' "$tmp/in-s2.json"
expect 1 "merge a shard with a 2500% win rate" -- "$catan" merge "$tmp/in-s1.json" "$tmp/in-s2.json"
check "contradictory totals: one line naming the field" grep -qx "catan: error: $tmp/in-s2.json: configs\[0\].raw.seat_wins: the entries add up to more than 10 (finished games with a winner)" "$tmp/err"
expect 1 "merge /dev/zero" -- timeout 10 "$catan" merge /dev/zero
check "merge /dev/zero: one line" grep -qx "catan: error: /dev/zero: not a regular file (refused as a results file)" "$tmp/err"
truncate -s 2G "$tmp/in-huge.json"
expect 1 "merge a 2 GB file" -- timeout 10 "$catan" merge "$tmp/in-huge.json"
check "merge 2 GB: one line" one_line_error
rm -f "$tmp/in-huge.json"

# Invalid UTF-8 and control bytes from a pack: results and replays are written whole, the
# terminal never receives ESC.
mkdir -p "$tmp/in-bytes/bytes"
printf '{"name": "bytes", "version": "1.0.0", "description": "x", "entry": ["main.lua"], "requires": ["dice-race"]}\n' \
  >"$tmp/in-bytes/bytes/pack.json"
cat >"$tmp/in-bytes/bytes/main.lua" <<'LUA'
game.on("game.end", function(e)
  game.set("stats.bad\255name", 1)
  game.log("log \27[31mred\27[0m")
end)
LUA
mkdir -p "$tmp/in-bytes/bytes-err"
printf '{"name": "bytes-err", "version": "1.0.0", "description": "x", "entry": ["main.lua"]}\n' \
  >"$tmp/in-bytes/bytes-err/pack.json"
printf 'game.on("game.end", function(e) error("bad \\255 byte \\27[2J") end)\n' \
  >"$tmp/in-bytes/bytes-err/main.lua"
expect 0 "play with invalid UTF-8 and ESC from a pack" -- "$catan" play dice-race --variant bytes \
  --pack-path "$tmp/in-bytes" --log "$tmp/in-bytes.json" --json
check "play --json: valid JSON" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out"
check "play --log: a complete replay" python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["decisions"]' "$tmp/in-bytes.json"
expect 0 "play --verbose with ESC in the log" -- "$catan" play dice-race --variant bytes \
  --pack-path "$tmp/in-bytes" --verbose
check "log: ESC escaped" grep -qF 'log \x1b[31mred\x1b[0m' "$tmp/out"
check "no ESC byte reaches the terminal" sh -c "! grep -q \"\$(printf '\\033')\" '$tmp/out' '$tmp/err'"
expect 0 "sim with invalid UTF-8 in a stat name" -- "$catan" sim dice-race --variant bytes \
  --pack-path "$tmp/in-bytes" --games 4 --out "$tmp/in-bytes-sim.json"
check "sim results: valid JSON with the stat" python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); assert "bad\ufffdname" in d["configs"][0]["raw"]["stats"]' "$tmp/in-bytes-sim.json"
expect 1 "a pack error with invalid UTF-8 and ESC" -- "$catan" play dice-race --variant bytes-err \
  --pack-path "$tmp/in-bytes"
check "pack error: one line, ESC escaped" env LC_ALL=C grep -q 'bad .* byte \\x1b\[2J$' "$tmp/err"
check "pack error: one line" one_line_error
expect 1 "sim whose games fail with invalid UTF-8" -- "$catan" sim dice-race --variant bytes-err \
  --pack-path "$tmp/in-bytes" --games 4 --out "$tmp/in-bytes-err.json"
check "failed games: the results file is complete" python3 -c '
import json,sys; d=json.load(open(sys.argv[1])); r=d["configs"][0]["raw"]
assert r["errors"]==4 and "bad \ufffd byte" in r["error_list"][0]["error"]' "$tmp/in-bytes-err.json"
mkdir -p "$tmp/in-bytes/bytes-end"
printf '{"name": "bytes-end", "version": "1.0.0", "description": "x", "entry": ["main.lua"]}\n' \
  >"$tmp/in-bytes/bytes-end/pack.json"
printf 'game.on("turn", function(e) game.finish(game.current(), "done \\255 \\27[2J") end)\n' \
  >"$tmp/in-bytes/bytes-end/main.lua"
expect 0 "play --log with invalid UTF-8 in the end reason" -- "$catan" play dice-race \
  --variant bytes-end --pack-path "$tmp/in-bytes" --log "$tmp/in-bytes-end.json"
check "the reason is shown with ESC escaped" grep -qF ' \x1b[2J' "$tmp/out"
expect 0 "its replay verifies" -- "$catan" replay "$tmp/in-bytes-end.json" --pack-path "$tmp/in-bytes"
rm -rf "$tmp/in-bytes"

# Output paths: a FIFO (like any device) is written through and stays a FIFO; a symlink keeps
# pointing at the new file. (FIFOs in $tmp, never /dev/null: a build without the fix would
# replace the device.)
readers=""
for kind in out report csv; do
  mkfifo "$tmp/in-$kind.fifo"
  timeout 60 cat "$tmp/in-$kind.fifo" >"$tmp/in-$kind.read" &
  readers="$readers $!"
done
expect 0 "sim --out/--report/--csv to FIFOs" -- timeout 60 "$catan" sim dice-race --games 4 \
  --out "$tmp/in-out.fifo" --report "$tmp/in-report.fifo" --csv "$tmp/in-csv.fifo"
for kind in out report csv; do
  check "--$kind: the FIFO stays a FIFO" test -p "$tmp/in-$kind.fifo"
done
# Readers the command never wrote to are stopped after a few seconds.
for pid in $readers; do
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill "$pid" 2>/dev/null
done
wait
check "--out went through the FIFO" grep -q '"schema": "catan-lab-results"' "$tmp/in-out.read"
check "--report went through the FIFO" grep -q '<svg' "$tmp/in-report.read"
check "--csv went through the FIFO" grep -q '^config,game,' "$tmp/in-csv.read"
ln -s "$tmp/in-target.json" "$tmp/in-link.json"
expect 0 "sim --out a symlink" -- "$catan" sim dice-race --games 4 --out "$tmp/in-link.json"
check "the symlink stays" test -L "$tmp/in-link.json"
check "its target holds the results" grep -q '"schema": "catan-lab-results"' "$tmp/in-target.json"
expect 0 "play --log to a symlink" -- "$catan" play dice-race --log "$tmp/in-link.json"
check "the replay went to the target" grep -q '"decisions"' "$tmp/in-target.json"
check "the log symlink stays" test -L "$tmp/in-link.json"
expect 1 "--out a directory" -- "$catan" sim dice-race --games 4 --out "$tmp"
check "--out a directory: one line" one_line_error

# A manifest's description reaches the terminal with ESC escaped (packs, info).
mkdir -p "$tmp/in-esc/esc"
printf '{"name": "esc", "version": "1.0.0", "description": "x \\u001b[2J y", "entry": ["main.lua"]}\n' \
  >"$tmp/in-esc/esc/pack.json"
: >"$tmp/in-esc/esc/main.lua"
expect 0 "packs with ESC in a description" -- "$catan" packs --pack-path "$tmp/in-esc"
check "packs: ESC escaped" grep -qF 'x \x1b[2J y' "$tmp/out"
expect 0 "info with ESC in a description" -- "$catan" info esc --pack-path "$tmp/in-esc"
check "info: ESC escaped" grep -qxF 'x \x1b[2J y' "$tmp/out"
rm -rf "$tmp/in-esc"
