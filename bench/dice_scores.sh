#!/usr/bin/env bash
# Final-score distribution of the dice game for one bot: plays game indices 0..GAMES-1 of a seed
# with `catan play --json` (JOBS processes at a time) and reports the mean, spread, percentiles
# and a histogram of every seat's final score. Until `catan sim` exists, this is how the dice
# game's bots are compared.
# Usage: bench/dice_scores.sh BOT [GAMES] [JOBS] [extra catan play arguments...]
#   e.g. bench/dice_scores.sh expectimax 10000 2
#        bench/dice_scores.sh random 10000 2 --players 2
set -euo pipefail
cd "$(dirname "$0")/.."
bot="${1:?usage: bench/dice_scores.sh BOT [GAMES] [JOBS] [catan play arguments...]}"
games="${2:-1000}"
jobs="${3:-2}"
shift $(($# < 3 ? $# : 3))
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s.%N)
seq 0 $((games - 1)) | xargs -P "$jobs" -I{} build/catan play --rules dice-game --players 1 \
  --bots "$bot" --seed 1 --game-index {} --instruction-limit 0 --json "$@" >"$out"
end=$(date +%s.%N)
python3 - "$out" "$bot" "$games" "$start" "$end" <<'PY'
import json, statistics, sys
path, bot, games, start, end = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
scores = [p["score"] for line in open(path) for p in json.loads(line)["players"]]
assert len(scores) >= games, f"{len(scores)} scores for {games} games"
scores.sort()
n = len(scores)
mean = statistics.fmean(scores)
sd = statistics.pstdev(scores)
pct = lambda q: scores[min(n - 1, int(q * n))]
print(f"bot {bot}: {games} games, {n} final scores, {end - start:.1f} s wall")
print(f"mean {mean:.2f} (standard error {sd / n ** 0.5:.2f}), sd {sd:.2f}, min {scores[0]}, max {scores[-1]}")
print("percentiles: " + ", ".join(f"p{int(q * 100)} {pct(q)}" for q in (0.05, 0.25, 0.5, 0.75, 0.95)))
lo = (scores[0] // 10) * 10
hist = {}
for s in scores:
    b = (s // 10) * 10
    hist[b] = hist.get(b, 0) + 1
width = max(hist.values())
for b in range(lo, scores[-1] + 1, 10):
    c = hist.get(b, 0)
    print(f"{b:5d}..{b + 9:<5d} {c:6d} {100 * c / n:5.1f}% " + "#" * round(50 * c / width))
PY
