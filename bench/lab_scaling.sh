#!/usr/bin/env bash
# Lab scaling: games per second of `catan sim` on 1 and 2 threads (and 4, for the memory slope),
# the resident memory each extra worker adds (GNU time's maximum RSS), and, with --long, a long
# run whose resident memory is sampled every few seconds to show it stays flat.
#
# Usage: bench/lab_scaling.sh [GAMES] [PACK] [BOTS]
#          default: 400 games of base, random bots without domestic trade
#        bench/lab_scaling.sh --long [GAMES] [PACK] [BOTS]
#          default: 1000000 games of dice-race on every core, RSS sampled every 5 s
# Needs a built build/catan and /usr/bin/time (Debian package "time"). On a shared machine,
# compare the CPU seconds as well as the wall time: other load slows both thread counts.
set -euo pipefail
cd "$(dirname "$0")/.."
catan=build/catan
export LC_ALL=C

if [ "${1:-}" = "--long" ]; then
  games="${2:-1000000}"
  pack="${3:-dice-race}"
  bots="${4:-random}"
  echo "== long run: $games games of $pack ($bots), sampling resident memory"
  out=$(mktemp)
  extra=()
  [ "$pack" = "base" ] && extra=(--option base.domestic_trade=false)
  "$catan" sim --rules "$pack" --players 4 --bots "$bots" --games "$games" "${extra[@]}" \
    >"$out" 2>/dev/null &
  pid=$!
  first="" peak=0 last=0 t=0
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo "")
    if [ -n "$rss" ]; then
      [ -z "$first" ] && first=$rss
      ((rss > peak)) && peak=$rss
      last=$rss
      printf '%6ds  RSS %7.1f MiB\n' "$t" "$(echo "$rss / 1024" | bc -l)"
    fi
    sleep 5
    t=$((t + 5))
  done
  wait "$pid" || true
  cat "$out"
  rm -f "$out"
  printf 'RSS first sample %.1f MiB, peak %.1f MiB, last %.1f MiB\n' \
    "$(echo "$first / 1024" | bc -l)" "$(echo "$peak / 1024" | bc -l)" "$(echo "$last / 1024" | bc -l)"
  exit 0
fi

games="${1:-400}"
pack="${2:-base}"
bots="${3:-random}"
extra=()
[ "$pack" = "base" ] && extra=(--option base.domestic_trade=false)
echo "== $games games of $pack, 4 players ($bots); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A gps rss
for threads in 1 2 4; do
  log=$(mktemp)
  /usr/bin/time -f "%e %U %S %M" -o "$log.time" "$catan" sim --rules "$pack" --players 4 \
    --bots "$bots" --games "$games" --threads "$threads" "${extra[@]}" >"$log"
  read -r wall user sys maxrss <"$log.time"
  rate=$(sed -n 's/.*: \([0-9]*\) games\/s$/\1/p' "$log")
  gps[$threads]=$rate
  rss[$threads]=$maxrss
  cpu_per_game=$(echo "($user + $sys) * 1000000 / $games" | bc)
  printf 'threads %d: %6s games/s  wall %6.2f s  cpu %6.2f s (%s us per game)  max RSS %6.1f MiB\n' \
    "$threads" "$rate" "$wall" "$(echo "$user + $sys" | bc)" "$cpu_per_game" \
    "$(echo "$maxrss / 1024" | bc -l)"
  rm -f "$log" "$log.time"
done
printf 'speed-up, 2 threads over 1: %.2fx\n' "$(echo "${gps[2]} / ${gps[1]}" | bc -l)"
printf 'resident memory per extra worker: %.1f MiB (1 -> 2 threads), %.1f MiB (1 -> 4 threads, per worker)\n' \
  "$(echo "(${rss[2]} - ${rss[1]}) / 1024" | bc -l)" "$(echo "(${rss[4]} - ${rss[1]}) / 3 / 1024" | bc -l)"
