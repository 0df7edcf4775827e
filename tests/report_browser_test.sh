#!/usr/bin/env bash
# The HTML report renders in a real browser: Debian's chromium, headless, takes a screenshot of a
# compare report; the page must parse into SVG charts and the picture must show them (many
# non-white pixels in several colours). Skipped (exit 77) when chromium is not installed:
#   apt-get install --no-install-recommends chromium
# Usage: tests/report_browser_test.sh path/to/catan
set -u
catan="$1"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (apt-get install --no-install-recommends chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$catan" compare dice-race dice-race:dice-race.target=30 --games 300 --threads 2 \
  --report "$tmp/report.html" >/dev/null || { echo "FAIL: catan compare"; exit 1; }

# Root cannot use chromium's sandbox; the page is our own file and fetches nothing.
flags=(--headless --disable-gpu --no-sandbox --hide-scrollbars --no-first-run
  --user-data-dir="$tmp/profile" --window-size=1000,1800)
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$tmp/report.html" >"$tmp/dom.html" \
  2>"$tmp/browser.log"
svgs=$(grep -o '<svg' "$tmp/dom.html" | wc -l)
if [ "$svgs" -lt 6 ]; then
  echo "FAIL: the browser's DOM holds $svgs SVG charts, expected at least 6"
  tail -5 "$tmp/browser.log"
  exit 1
fi
# The answer first: a forest plot of the paired differences heads the page, one row per metric
# tested, each with its figures and verdict in a tooltip.
forests=$(grep -o '<svg[^>]*class="forest"' "$tmp/dom.html" | wc -l)
rows=$(grep -o '<g class="row"><title>[^<]*\(significant\|too few games\|same in every game\)' "$tmp/dom.html" | wc -l)
first=$(grep -o '<h2>[^<]*</h2>' "$tmp/dom.html" | head -1)
if [ "$forests" -lt 1 ] || [ "$rows" -lt 6 ] || [ "$first" != "<h2>The differences</h2>" ]; then
  echo "FAIL: forest plots $forests (expected 1 or more), rows with a verdict $rows (expected 6 or more), first heading '$first'"
  exit 1
fi
# The side-by-side bars [1], [2] are named; the footer claims no results file that was not written.
if ! grep -q '<p class="note legend"><b>\[1\]</b> dice-race &middot; <b>\[2\]</b> dice-race:dice-race.target=30</p>' "$tmp/dom.html" &&
  ! grep -q '<p class="note legend"><b>\[1\]</b> dice-race · <b>\[2\]</b> dice-race:dice-race.target=30</p>' "$tmp/dom.html"; then
  echo "FAIL: no legend naming the configurations [1] and [2]"
  exit 1
fi
if grep -q "results file" "$tmp/dom.html"; then
  echo "FAIL: the page cites a results file, and none was written"
  exit 1
fi
# A pack that declares primary metrics and names (base): the table is split into the two
# families, metrics read by their names with the id in a tooltip, the exploratory ones drawn grey.
"$catan" compare base base+resource-tokens --bots heuristic --games 100 --threads 2 \
  --report "$tmp/named.html" >/dev/null || { echo "FAIL: catan compare base"; exit 1; }
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$tmp/named.html" >"$tmp/named-dom.html" \
  2>>"$tmp/browser.log"
for want in '<th colspan="5">Primary metrics (declared by the packs, judged on their own)</th>' \
  '<th colspan="5">Exploratory metrics' '<td title="turns">game length (turns)</td>' \
  '<td title="stats.robber_steals">cards the robber stole (cards)</td>' \
  '<g class="row secondary"><title>cards the robber stole (cards) (stats.robber_steals, exploratory)'; do
  if ! grep -qF "$want" "$tmp/named-dom.html"; then
    echo "FAIL: the base report lacks: $want"
    exit 1
  fi
done
timeout 120 "$browser" "${flags[@]}" --screenshot="$tmp/shot.png" "file://$tmp/report.html" \
  >>"$tmp/browser.log" 2>&1
if [ ! -s "$tmp/shot.png" ]; then
  echo "FAIL: no screenshot"
  tail -5 "$tmp/browser.log"
  exit 1
fi
# Decode the PNG (RGB or RGBA, 8 bits, no interlace: what chromium writes) with the standard
# library and count the pixels that are neither white nor grey: the bars and lines.
python3 - "$tmp/shot.png" <<'PY' || exit 1
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, chunks = 8, {}
idat = b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
bpp = 3 if colour == 2 else 4
raw = zlib.decompress(idat)
stride = width * bpp
prev = bytearray(stride)
coloured, hues = 0, set()
for y in range(height):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        r, g, bl = line[x], line[x + 1], line[x + 2]
        if max(r, g, bl) - min(r, g, bl) > 60:
            coloured += 1
            hues.add((r // 64, g // 64, bl // 64))
    prev = line
print(f"screenshot {width}x{height}: {coloured} coloured pixels, {len(hues)} colour groups")
if coloured < 20000 or len(hues) < 2:
    print("FAIL: the charts did not render")
    sys.exit(1)
PY
echo "report renders: $svgs SVG charts"
