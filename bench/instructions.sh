#!/usr/bin/env bash
# Repeatable cost per game: machine instructions (valgrind's callgrind) and Lua instructions
# (catan bench --profile), for 40 games of each configuration. Unlike games/s these do not move
# when other work shares the machine, so compare two versions of the code with this script.
# Usage: bench/instructions.sh [GAMES]     (default 40; needs valgrind and a built build/catan)
# Machine figures include the batch's one-time session start (about 20 M), spread over GAMES.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-40}"
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 1; }
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
measure() {
  local label="$1"
  shift
  valgrind --tool=callgrind --callgrind-out-file="$out" \
    build/catan bench --rules base --players 4 --games "$games" "$@" >/dev/null 2>&1
  local machine
  machine="$(awk '/^summary:/ {print $2}' "$out")"
  local lua
  lua="$(build/catan bench --rules base --players 4 --games "$games" --profile 1 "$@" 2>&1 |
    sed -n 's/.*sampled every 1000 instructions; \([0-9]*\) in all.*/\1/p')"
  awk -v label="$label" -v m="$machine" -v l="$lua" -v g="$games" 'BEGIN {
    printf "%-40s %8.2f M machine, %7.1f k Lua instructions per game\n", label, m / g / 1e6,
      l / g / 1e3 }'
}
measure "4 random, no domestic trade" --bots random --option base.domestic_trade=false
measure "4 random, domestic trade" --bots random
measure "4 random + tokens, walls, citadels" --bots random --option base.domestic_trade=false \
  --variant resource-tokens --variant city-walls --variant citadels
measure "4 heuristic" --bots heuristic
measure "fixed cost (--max-turns 1), 4 random" --bots random --max-turns 1 \
  --option base.domestic_trade=false
