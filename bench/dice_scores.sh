#!/usr/bin/env bash
# Final-score distribution of one dice-game bot: a thin wrapper around `catan sim`, which plays
# game indices 0..GAMES-1 of the seed on THREADS worker threads and prints the mean, sd,
# quantiles (p5, p25, median, p75, p95), min, max and a histogram of the final scores, and the
# games per second. The results file (catan-lab-results, docs/lab.md) goes to OUT.
# Usage: bench/dice_scores.sh BOT [GAMES] [THREADS] [extra catan sim arguments...]
#   e.g. bench/dice_scores.sh expectimax 10000 2
#        bench/dice_scores.sh random 10000 1 --seed 7
#        OUT=random.json bench/dice_scores.sh random 10000 2
# Environment: CATAN (default build/catan), OUT (default dice-scores-BOT.json).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,10s/^# \{0,1\}//p' "$0"
  [ $# -ge 1 ] && exit 0 || exit 2
fi
bot="$1"
games="${2:-1000}"
threads="${3:-2}"
shift $(($# < 3 ? $# : 3))
catan="${CATAN:-build/catan}"
out="${OUT:-dice-scores-$bot.json}"
exec "$catan" sim --rules dice-game --players 1 --bots "$bot" --games "$games" \
  --threads "$threads" --out "$out" "$@"
