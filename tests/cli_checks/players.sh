# Player counts come from the packs (pack.json "players"): their default when --players is not
# given, as many players as --bots names when it names two or more, and a one-line usage error
# quoting the packs' range for a count they do not support.
expect 0 "play base: the pack's default of 4 players" -- "$catan" play --rules base --seed 2 \
  --max-turns 3 --json
check "play base: 4 players" python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["players"]) == 4' "$tmp/out"
expect 0 "play base with 4 heuristic bots" -- "$catan" play --rules base --seed 2 --max-turns 3 \
  --bots heuristic,heuristic,heuristic,heuristic --json
check "4 bots, 4 players" python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["players"]) == 4' "$tmp/out"
expect 0 "play base with 3 bots" -- "$catan" play --rules base --seed 2 --max-turns 3 \
  --bots heuristic,random,heuristic --json
check "3 bots, 3 players" python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert [p["bot"] for p in d["players"]] == ["heuristic", "random", "heuristic"]' "$tmp/out"
expect 0 "--players with one bot name fills the seats" -- "$catan" play --rules base --seed 2 \
  --max-turns 3 --players 3 --bots heuristic --json
check "--players 3, one bot name: 3 players" python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["players"]) == 3' "$tmp/out"
expect 2 "play base --players 7" -- "$catan" play --rules base --players 7
check "--players 7: one line" one_line_error
check "--players 7: the range quoted" grep -q '^catan: error: --players 7: base supports 3 to 4 players' "$tmp/err"
expect 2 "play base --players 2" -- "$catan" play --rules base --players 2
check "--players 2: one line" one_line_error
expect 2 "five bots for base" -- "$catan" play --rules base --bots random,random,random,random,random
check "five bots: the range quoted" grep -q '^catan: error: --bots names 5 agents: base supports 3 to 4 players' "$tmp/err"
expect 2 "a variant keeps base's range" -- "$catan" play base --variant citadels --players 5
check "a variant keeps base's range: named" grep -q '^catan: error: --players 5: base supports 3 to 4 players' "$tmp/err"
expect 2 "sim base --players 2" -- "$catan" sim --rules base --players 2 --games 2
check "sim base --players 2: one line" one_line_error
expect 2 "bench base --players 5" -- "$catan" bench base --players 5 --games 1
check "bench base --players 5: the range quoted" grep -q 'base supports 3 to 4 players' "$tmp/err"
expect 2 "compare base --players 6" -- "$catan" compare base base:base.target_vp=8 --players 6 --games 2
check "compare base --players 6: the range quoted" grep -q 'base supports 3 to 4 players' "$tmp/err"
expect 0 "sim base: 4 players by default" -- "$catan" sim --rules base --games 2 --threads 1 \
  --max-turns 5 --json
check "sim base: 4 players" python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["run"]["players"] == 4' "$tmp/out"
# The dice game: 1 to 4 players (docs/dice-game.md), one by default.
expect 0 "play dice-game: one player by default" -- "$catan" play --rules dice-game --seed 3 --json
check "dice-game: 1 player" python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["players"]) == 1' "$tmp/out"
expect 2 "dice-game --players 5" -- "$catan" play --rules dice-game --players 5
check "dice-game --players 5: the range quoted" grep -q '^catan: error: --players 5: dice-game supports 1 to 4 players' "$tmp/err"
expect 0 "dice-race: 4 players by default" -- "$catan" play dice-race --seed 3 --json
check "dice-race: 4 players" python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["players"]) == 4' "$tmp/out"
