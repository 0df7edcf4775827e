#!/usr/bin/env bash
# Soak run: many random-bot games of the base pack with the invariant checks on (base.check).
# The replay of every game that breaks an invariant (or fails otherwise) is saved in
# bench/out/soak/, and `catan replay FILE` reproduces it.
#
# Usage: bench/soak.sh [GAMES] [SEED] [JOBS] [VARIANT...]
#   GAMES    games in all (default 100000)
#   SEED     first master seed (default 1); job j plays GAMES/JOBS games with seed SEED+j
#   JOBS     processes side by side (default: the number of cores)
#   VARIANT  house-rule packs to add to base (e.g. fishermen resource-tokens); their own
#            invariants run too when they register them under base.check
# Needs a built build/catan (Release). Prints each job's report, then the totals; exits 1 when
# any game failed.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100000}"
seed="${2:-1}"
jobs="${3:-$(nproc)}"
variants=()
for v in "${@:4}"; do variants+=(--variant "$v"); done
out=bench/out/soak
mkdir -p "$out"
per_job=$(((games + jobs - 1) / jobs))
start=$(date +%s)
pids=()
for ((j = 0; j < jobs; j++)); do
  build/catan bench --rules base "${variants[@]}" --players 4 --bots random --games "$per_job" \
    --seed $((seed + j)) --option base.check=true --save-failures "$out" \
    >"$out/job$j.txt" 2>"$out/job$j.err" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
elapsed=$(($(date +%s) - start))
played=0
failed=0
for ((j = 0; j < jobs; j++)); do
  echo "== job $j (seed $((seed + j)))"
  cat "$out/job$j.txt"
  n=$(sed -n 's/^games: \([0-9]*\).*/\1/p' "$out/job$j.txt")
  f=$(sed -n 's/.*failed: \([0-9]*\).*/\1/p' "$out/job$j.txt")
  played=$((played + ${n:-0}))
  failed=$((failed + ${f:-0}))
done
echo "== soak: $played games with invariant checks, $failed failed, ${elapsed}s on $jobs jobs"
[[ $failed -eq 0 && $status -eq 0 ]] || exit 1
