#!/usr/bin/env bash
# The replay viewer (catan view) in a real browser: Debian's chromium, headless, opens the pages
# of a base game, a resource-tokens + city-walls + citadels game, a game with the tokens on the
# hexes (a count on each hex), a Cities & Knights game, a Fishermen game, a dice-game game, the
# shared island, a dice-race
# game (whose pack declares no drawing) and a base game with the hostile pack view-markup
# (tests/fixtures/view: it logs, shows and stores "<!--<script>" and "</script>" every turn), each
# at a given step ("#step=N"), and the DOM it builds must show what the recording holds at that
# step: the board's tiles, pieces (each in its declared shape, hollow when inactive), marks,
# roads, robber, probability dots, dice (pips), tracks, tokens on tiles and labels on nodes
# (harbor and node labels drawn over the pieces), the decision and its chosen option, each
# player's hand, the lines logged (the hostile ones as text). Screenshots are left in the
# working directory (viewer_*.png; ctest's is the build directory). Skipped (exit 77) when
# chromium is not installed: apt-get install --no-install-recommends chromium
# Usage: tests/viewer_browser_test.sh path/to/catan
set -u
catan="$1"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (apt-get install --no-install-recommends chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shots=$(pwd)
fail=0

# Root cannot use chromium's sandbox; the pages are our own files and fetch nothing.
flags=(--headless --disable-gpu --no-sandbox --hide-scrollbars --no-first-run
  --user-data-dir="$tmp/profile" --window-size=1200,1000)

# open NAME STEP: dumps the DOM of NAME.html at STEP into NAME.dom and takes a screenshot.
open_page() {
  timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$tmp/$1.html#step=$2" \
    >"$tmp/$1.dom" 2>>"$tmp/browser.log"
  timeout 120 "$browser" "${flags[@]}" --screenshot="$shots/viewer_$1.png" \
    "file://$tmp/$1.html#step=$2" >>"$tmp/browser.log" 2>&1
  if [ -s "$shots/viewer_$1.png" ]; then
    echo "screenshot: $shots/viewer_$1.png"
  else
    echo "FAIL: no screenshot of $1"
    fail=1
  fi
}

# check NAME STEP: what the recording embedded in NAME.html holds at STEP is in NAME.dom.
check() {
  python3 - "$tmp/$1.html" "$tmp/$1.dom" "$2" <<'PY' || fail=1
import html, json, re, sys
page, dom, at = open(sys.argv[1]).read(), open(sys.argv[2]).read(), int(sys.argv[3])
data = re.search(r'<script type="application/json" id="game">(.*?)</script>', page, re.S).group(1)
game = json.loads(data)
state = {}
for step in game["steps"][:at + 1]:
    for k in ("hands", "player_props", "game_props", "tiles", "nodes", "paths"):
        if k in step: state[k] = step[k]
step, draw = game["steps"][at], game["draw"]
problems = []
def expect(what, ok):
    if not ok: problems.append(what)
expect("no '<' in the page's data", "<" not in data)
expect(f"the page is at step {at}", f'data-step="{at}"' in dom)
if "kind" in step:  # before the end, the result is not told
    meta = re.search(r'id="meta"[^>]*>([^<]*)<', dom)
    expect("no winner named before the end",
           "- winner</div>" not in dom and meta is not None and " won" not in meta.group(1))
for line in step["log"]:
    expect(f"the logged line {line[:40]!r}", ">" + html.escape(line, quote=False) + "</li>" in dom)
# Each seat's points by source (draw.points): the total, and every source prop with its points,
# which sum to the total.
if draw.get("points"):
    total, prefix = draw["points"]["total"], draw["points"]["sources"]
    for seat, props in enumerate(state["player_props"][:game["players"]]):
        sources = {k[len(prefix):]: v for k, v in props.items() if k.startswith(prefix)}
        line = re.search(r'class="points" data-total="%s">(.*?)</div>' % props.get(total, 0), dom[
            dom.find('data-holder="player %d"' % (seat + 1)):])
        expect(f"player {seat + 1}'s {props.get(total, 0)} points", line is not None)
        expect(f"player {seat + 1}'s sources sum to the total", sum(sources.values()) == props.get(total, 0))
        for name, v in sources.items():
            expect(f"player {seat + 1}'s {v} points of {name}", line is not None and
                   f'data-source="{name}" data-points="{v}"' in line.group(1))
if draw.get("tile_terrain"):
    tiles = len(game["board"]["tiles"])
    expect(f"{tiles} tiles", dom.count('class="tile"') == tiles)
    owners = state["nodes"].get(draw["node_owner"], {})
    expect(f"{len(owners)} pieces", dom.count('class="piece"') == len(owners))
    for node, seat in owners.items():
        piece = state["nodes"][draw["node_piece"]][node]
        expect(f"{piece} of player {seat} on node {int(node) + 1}",
               f'data-node="{int(node) + 1}" data-piece="{piece}" data-seat="{seat}"' in dom)
    roads = state["paths"].get(draw["path_owner"], {})
    expect(f"{len(roads)} roads", dom.count('class="road"') == len(roads))
    robber = state["game_props"].get(draw["robber"])
    expect(f"the robber on tile {robber}", f'id="robber" data-tile="{robber}"' in dom)
    for key, mark in draw.get("marks", {}).items():
        marks = state["nodes"].get(key, {})
        expect(f"{len(marks)} {key} marks", dom.count(f'data-mark-{key}=') == len(marks))
    # Each piece in its declared shape, hollow while its filled_by prop is not true.
    for node, piece in state["nodes"].get(draw["node_piece"], {}).items():
        look = draw["pieces"].get(piece, {})
        filled = "filled_by" not in look or state["nodes"].get(look["filled_by"], {}).get(node) is True
        expect(f"{piece} on node {int(node) + 1} drawn as a {look.get('shape', 'circle')}, filled {filled}",
               re.search(r'data-node="%d" data-piece="%s"[^>]*data-shape="%s" data-filled="%s"'
                         % (int(node) + 1, piece, look.get("shape", "circle"), str(filled).lower()), dom))
    # Labels over pieces: every harbor and node label comes after the last piece.
    last_piece = dom.rfind('class="piece"')
    for cls in ('class="harbor"', 'class="node-label"'):
        first = dom.find(cls)
        expect(f"{cls} drawn over the pieces", first == -1 or first > last_piece)
    numbers = state["tiles"].get(draw.get("tile_number", ""), {})
    if draw.get("number_dots") == "2d6":
        want = sum(6 - abs(7 - n) for n in numbers.values())
        expect(f"{want} probability dots", dom.count('class="dot"') == want)
    for key, look in draw.get("tile_tokens", {}).items():
        tile = state["game_props"].get(key)
        expect(f"the {key} on tile {tile}", tile is None or
               f'class="tile-token" data-token="{key}" data-tile="{tile}"' in dom)
    for key in draw.get("node_labels", {}):
        labels = state["nodes"].get(key, {})
        expect(f"{len(labels)} {key} labels", dom.count(f'data-label="{key}"') == len(labels))
        for node, v in labels.items():
            expect(f"label {v} at node {int(node) + 1}",
                   re.search(r'data-node="%d" data-label="%s"[^>]*>%s<' % (int(node) + 1, key, re.escape(str(v))), dom))
    for die in draw.get("dice", []):
        v = state["game_props"].get(die["prop"])
        if v is None: continue
        expect(f"die {die['prop']} showing {v}",
               f'class="die" data-prop="{die["prop"]}" data-value="{v}"' in dom)
        if isinstance(v, int):
            m = re.search(r'data-prop="%s" data-value="%d">(.*?)</g>' % (re.escape(die["prop"]), v), dom)
            expect(f"{v} pips on {die['prop']}", m is not None and m.group(1).count('class="pip"') == v)
    for track in draw.get("tracks", []):
        pos, length = state["game_props"].get(track["prop"]), state["game_props"].get(track["length"])
        expect(f"the {track['label']} track at {pos} of {length}",
               f'class="track" data-prop="{track["prop"]}" data-position="{pos}" data-length="{length}"' in dom)
    for key in draw.get("tile_counts", {}):
        counts = state["tiles"].get(key, {})
        expect(f"{len(counts)} {key} counts", dom.count(f'data-count-{key}=') == len(counts))
        for tile, n in counts.items():
            expect(f"{key} {n} on tile {int(tile) + 1}",
                   re.search(r'data-tile="%d"[^>]*data-count-%s="%d"' % (int(tile) + 1, key, n), dom))
elif draw.get("sheet"):
    expect("the sheet", 'class="shown"' in dom)
else:
    expect("the state table", 'id="state-table"' in dom)
if "kind" in step:
    expect("the decision", f"Decision {at + 1}: player {step['player'] + 1}, {step['kind']}" in dom)
    chosen = [o for o in step["options"] if o[0] == step["chosen"]][0]
    expect(f"the chosen option {chosen[1]}",
           re.search(r'<li value="%d" data-id="%s" class="chosen">' % (chosen[0] + 1, re.escape(chosen[1])), dom))
else:
    expect("game over", "Game over" in dom)
for holder, forms in enumerate(state["hands"]):
    for form, kinds in forms.items():
        text = form + ": " + ", ".join(f"{n} {k}" for k, n in kinds.items())
        expect(f"holder {holder + 1}'s {text}", text in dom)
if problems:
    print(f"FAIL: {sys.argv[1].split('/')[-1]} at step {at}: missing " + "; ".join(problems[:5]))
    sys.exit(1)
print(f"ok: {sys.argv[1].split('/')[-1]} at step {at}")
PY
}

view() {  # view NAME STEP -- play arguments
  local name="$1" step="$2"
  shift 3
  "$catan" play "$@" --log "$tmp/$name.json" >/dev/null || { echo "FAIL: catan play $*"; fail=1; return; }
  "$catan" view "$tmp/$name.json" --out "$tmp/$name.html" >/dev/null ||
    { echo "FAIL: catan view ($name)"; fail=1; return; }
  open_page "$name" "$step"
  check "$name" "$step"
}

view base 150 -- --rules base --players 3 --seed 4 --bots heuristic
view variants 466 -- --rules base --variant resource-tokens --variant city-walls \
  --variant citadels --players 4 --seed 1 --bots heuristic
view ck 1020 -- --rules base --variant cities-knights --players 4 --seed 2 --bots heuristic
view fishermen 300 -- --rules base --variant fishermen --players 4 --seed 2 --bots heuristic
# The tokens on the hexes: a count on each producing hex (draw.tile_counts).
view hexes 300 -- --rules base --variant resource-tokens --variant city-walls \
  --option resource-tokens.placement=hexes --players 4 --seed 2 --bots heuristic
view dice 60 -- --rules dice-game --players 2 --seed 3 --bots expectimax,random
view extra 40 -- --rules dice-game-extra --players 3 --seed 3 --bots greedy,random
view race 10 -- dice-race --players 3 --seed 5
# The hostile pack's page, at a step that logged its lines: the board and the step render.
export CATAN_PACK_PATH="$(cd "$(dirname "$0")" && pwd)/fixtures/view"
if "$catan" play --rules base --variant view-markup --players 3 --seed 4 --bots heuristic \
  --log "$tmp/markup.json" >/dev/null && "$catan" view "$tmp/markup.json" --out "$tmp/markup.html" >/dev/null; then
  step=$(python3 -c '
import json, re, sys
page = open(sys.argv[1]).read()
game = json.loads(re.search(r"id=\"game\">(.*?)</script>", page, re.S).group(1))
print(next(i for i, s in enumerate(game["steps"]) if i >= 20 and "<!--<script>" in s["log"]))' "$tmp/markup.html")
  open_page markup "$step"
  check markup "$step"
else
  echo "FAIL: catan play/view of view-markup"
  fail=1
fi
if [ "$fail" -ne 0 ]; then tail -5 "$tmp/browser.log"; exit 1; fi
