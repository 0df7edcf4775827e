#!/usr/bin/env bash
# How much slower a set of variants makes the game than base alone, measured so that a shared
# machine's drift cancels out: batches of base and of base + the variants alternate ROUNDS times
# on one thread, and the ratio of their games/s is reported for the best batches and the medians
# (single runs here wander by more than the effect). The lab issue's target is at most 10%.
# Usage: bench/variant_cost.sh [ROUNDS] [GAMES] [BOTS] [VARIANT...]
#   defaults: 10 rounds of 400 games, 4 random bots without domestic trade, and
#   resource-tokens city-walls citadels
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-10}"
games="${2:-400}"
bots="${3:-random}"
shift $(($# < 3 ? $# : 3))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(resource-tokens city-walls citadels)
flags=()
for v in "${variants[@]}"; do flags+=(--variant "$v"); done
rate() {
  build/catan bench --rules base --players 4 --games "$games" --bots "$bots" \
    --option base.domestic_trade=false "$@" | sed -n 's/^time: .*s, \([0-9]*\) games\/s.*/\1/p'
}
base=() with=()
for i in $(seq "$rounds"); do
  base+=("$(rate)")
  with+=("$(rate "${flags[@]}")")
  echo "round $i: base ${base[-1]} games/s, with ${variants[*]} ${with[-1]} games/s"
done
printf '%s\n' "${base[@]}" | sort -n >"${TMPDIR:-/tmp}/variant_cost.base.$$"
printf '%s\n' "${with[@]}" | sort -n >"${TMPDIR:-/tmp}/variant_cost.with.$$"
paste "${TMPDIR:-/tmp}/variant_cost.base.$$" "${TMPDIR:-/tmp}/variant_cost.with.$$" | awk '
  { b[NR] = $1; w[NR] = $2 }
  END {
    n = NR; mb = (n % 2) ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
    mw = (n % 2) ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2
    printf "best: base %d, with variants %d games/s: %.1f%% slower\n", b[n], w[n], 100 * (1 - w[n] / b[n])
    printf "median: base %.0f, with variants %.0f games/s: %.1f%% slower\n", mb, mw, 100 * (1 - mw / mb)
  }'
rm -f "${TMPDIR:-/tmp}/variant_cost.base.$$" "${TMPDIR:-/tmp}/variant_cost.with.$$"
