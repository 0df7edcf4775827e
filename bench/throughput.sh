#!/usr/bin/env bash
# Whole-game throughput on one thread, per bot type and pack set: games/s, decisions/s, ns per
# decision, the time per game phase and each batch's signature; last, the kernel floor (what the
# kernel and the interpreter cost a game of base-game length with no rules at all). Compare like
# with like: random bots without domestic trade offers are the configuration the reference
# simulators report.
# Usage: bench/throughput.sh [GAMES]      (default 1000; needs a built build/catan)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-1000}"
run() { echo "== $*"; build/catan bench --rules base --players 4 --games "$games" "$@"; echo; }
run --bots random --option base.domestic_trade=false
run --bots random
run --bots random --option base.domestic_trade=false --instruction-limit 20000000
run --bots random --option base.domestic_trade=false \
  --variant resource-tokens --variant city-walls --variant citadels
run --bots heuristic
run --bots heuristic,random
run --bots heuristic --variant resource-tokens --variant city-walls --variant citadels
# The kernel floor: the base game's kernel traffic per turn (phases, dice, a counter, about three
# decisions) with no rules, for 372 turns (a random base game's length).
echo "== kernel floor (bench/packs/kernel-floor, 372 turns)"
build/catan bench --rules bench/packs/kernel-floor --games "$games" --max-turns 372
