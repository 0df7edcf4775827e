# The example packs (docs/examples.md): found by name in the built-in examples/ folder, and whole
# 4-player games of heuristic bots (which play them through the search fallback) end with a
# winner (in seven-choice, every 7 asks the new decision).
for pack in monument grand-settlements dear-cities seven-choice; do
  expect 0 "examples: a $pack game of heuristic bots" -- "$catan" play base "$pack" --players 4 \
    --bots heuristic --seed 2 --json
  check "examples: the $pack game has a winner" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["winner"] in (1, 2, 3, 4), r["winner"]
assert r["packs"] == ["base", sys.argv[2]], r["packs"]
if sys.argv[2] == "seven-choice":
    assert r["stats"]["seven_bank"] + r["stats"]["seven_robber"] == r["stats"]["sevens"], r["stats"]
' "$tmp/out" "$pack"
done

# The house rules for players not on turn and at the start of a turn, and the gold field's cards
# of choice in production, survive forks that deal the other hands again (catan check forks one
# decision in 25 as the deciding seat sees it): a bribe whose cards a copy dealt away lapses
# instead of failing the copy.
for pack in bribe hoard-tax gold-field; do
  expect 0 "examples: catan check $pack" -- "$catan" check "$pack" --games 40 --bots heuristic
  check "examples: catan check $pack: no problems" grep -qx 'no problems found (40 checked games)' "$tmp/out"
done
# The auction asks every seat, with bids that name cards a copy may deal away; the heuristic bot
# answers it through its search fallback (forks inside games being checked).
expect 0 "examples: catan check auction" -- "$catan" check auction --games 20 --bots heuristic
check "examples: catan check auction: no problems" grep -qx 'no problems found (20 checked games)' "$tmp/out"
