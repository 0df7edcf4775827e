# The replay viewer (catan view) against hostile input: a page never replaces its replay, a
# replay is verified as `catan replay` verifies it, what a page keeps of pack text is bounded,
# and a draw mark whose name the page cannot use is refused when the pack loads.
mkdir -p "$tmp/view"
v="$tmp/view"
fixtures="$root/tests/fixtures/view"
"$catan" play dice-race --players 2 --seed 5 --option dice-race.target=20 --log "$v/g.json" >/dev/null
cp "$v/g.json" "$v/g.orig"

# The page never overwrites the replay: the default name of a replay called X.html, --out naming
# it, another spelling of it, a symlink to it and a hard link of it are usage errors.
cp "$v/g.json" "$v/g.html"
expect 2 "view X.html: the default page is the replay" -- "$catan" view "$v/g.html"
check "view X.html: one line" one_line_error
check "view X.html: says why" grep -q "^catan: error: the page's default name .*/g.html is the replay itself; give another file with --out" "$tmp/err"
check "view X.html: the replay is kept" cmp -s "$v/g.html" "$v/g.orig"
expect 2 "view --out the replay" -- "$catan" view "$v/g.json" --out "$v/g.json"
check "view --out the replay: one line" one_line_error
check "view --out the replay: says why" grep -q "^catan: error: --out .*/g.json is the replay itself; give another file" "$tmp/err"
expect 2 "view --out the replay, spelled otherwise" -- "$catan" view "$v/g.json" --out "$v/../view/./g.json"
ln -s g.json "$v/link.html"
expect 2 "view --out a symlink to the replay" -- "$catan" view "$v/g.json" --out "$v/link.html"
ln "$v/g.json" "$v/hard.html"
expect 2 "view --out a hard link of the replay" -- "$catan" view "$v/g.json" --out "$v/hard.html"
check "view --out a hard link: one line" one_line_error
check "the replay is kept through all of them" cmp -s "$v/g.json" "$v/g.orig"
expect 0 "view --out another file" -- "$catan" view "$v/g.json" --out "$v/page.html"

# A replay missing its last decision: refused by view as by replay, with the same line.
python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); d["decisions"].pop(); json.dump(d, open(sys.argv[2], "w"))' "$v/g.json" "$v/short.json"
expect 1 "replay of a replay missing its last decision" -- "$catan" replay "$v/short.json"
cp "$tmp/err" "$v/replay.err"
expect 1 "view of a replay missing its last decision" -- "$catan" view "$v/short.json" --out "$v/short.html"
check "view of a short replay: one line" one_line_error
check "view of a short replay: the line replay prints" cmp -s "$tmp/err" "$v/replay.err"
check "view of a short replay: says the replay has no decisions left" grep -q "^catan: error: .*short.json: replay diverged at decision [0-9]*: the game asks player [0-9] for '[a-z.]*' among [0-9]* options, but the replay has no decisions left$" "$tmp/err"
check "view of a short replay: no page" test ! -e "$v/short.html"

# A pack that logs and shows 20 MB a turn: a page of a few MB that says where it cut.
expect 0 "play view-flood" -- "$catan" play dice-race view-flood --pack-path "$fixtures" --players 2 \
  --seed 5 --option dice-race.target=30 --log "$v/flood.json"
expect 0 "view of view-flood" -- "$catan" view "$v/flood.json" --out "$v/flood.html" --pack-path "$fixtures"
check "view of view-flood: a page under 5 MB" test "$(stat -c %s "$v/flood.html")" -lt 5000000
# A 1 MB line leaves the game cut to 64 KiB plus " [cut: 983040 more bytes]" (65,561 bytes), of
# which the page keeps 4 KiB; a 4 MB text leaves it as 65,562 bytes, of which the page keeps 16 KiB.
check "view of view-flood: a cut line" grep -q "l… cut: 61465 bytes" "$v/flood.html"
check "view of view-flood: a cut text" grep -q "s… cut: 49178 bytes" "$v/flood.html"
check "view of view-flood: what a step left out" grep -q "… cut: [0-9]* bytes in [0-9]* texts (a step keeps at most 65536 bytes of text)" "$v/flood.html"

# A draw mark the page cannot name an attribute after is refused when the pack loads.
mkdir -p "$v/packs/bad-mark"
cat >"$v/packs/bad-mark/pack.json" <<'JSON'
{"name": "bad-mark", "version": "1.0.0", "description": "a mark named 'a b'",
 "requires": ["base"], "entry": ["main.lua"], "draw": {"marks": {"a b": "M"}}}
JSON
: >"$v/packs/bad-mark/main.lua"
expect 2 "a mark named 'a b'" -- "$catan" play --rules base --variant bad-mark --pack-path "$v/packs"
check "a mark named 'a b': one line" one_line_error
check "a mark named 'a b': the field named" grep -q "field 'draw.marks.a b': 'a b' is not a valid mark name" "$tmp/err"
