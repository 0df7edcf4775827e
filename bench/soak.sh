#!/usr/bin/env bash
# Soak run: many random-bot games of the base pack with the invariant checks on. The replay of
# every game that breaks an invariant (or fails otherwise) is saved in bench/out/soak/.
# Usage: bench/soak.sh [GAMES] [SEED]     (default 100000 games, seed 1; needs a built build/catan)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100000}"
seed="${2:-1}"
mkdir -p bench/out/soak
exec build/catan bench --rules base --players 4 --bots random --games "$games" --seed "$seed" \
  --option base.check=true --save-failures bench/out/soak
