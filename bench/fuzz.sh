#!/usr/bin/env bash
# Fuzzes the readers of untrusted input files (docs/security.md, "Fuzzing"): pack manifests,
# replays and lab results files, and the host's walks over pack-built Lua data (pack_data), one
# libFuzzer target each (fuzz/*_fuzz.cpp), built with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer in build-fuzz/ (-DCATAN_FUZZ=ON). Each target
# runs for SECONDS on one worker, starting from its seed corpus fuzz/corpus/TARGET/ (real files
# the tools wrote) plus fuzz/regressions/TARGET/ (inputs that once crashed it), and the script
# prints the inputs executed, the time and the crashes per target. A crashing input is saved as
# build-fuzz/artifacts/TARGET/crash-*; copy it to fuzz/regressions/TARGET/ once understood.
# Needs clang++-14 and its libFuzzer (Debian: clang-14, libclang-rt-14-dev).
# Usage: bench/fuzz.sh [SECONDS] [TARGET...]   (default 60; targets: manifest replay results pack_data)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(manifest replay results pack_data)

cxx="${CXX_FUZZ:-clang++-14}"
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 2; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  -DCATAN_FUZZ=ON "${launcher[@]}" >/dev/null
ninja -C build-fuzz -j2 "${targets[@]/%/_fuzz}" >/dev/null

status=0
printf '%-10s %12s %10s %8s\n' target inputs seconds crashes
for target in "${targets[@]}"; do
  work="build-fuzz/corpus/$target" artifacts="build-fuzz/artifacts/$target"
  mkdir -p "$work" "$artifacts" build-fuzz/tmp
  log="build-fuzz/$target.log"
  seeds=("fuzz/corpus/$target")
  [ -d "fuzz/regressions/$target" ] && seeds+=("fuzz/regressions/$target")
  : >"$log.start"
  start=$(date +%s%N)
  # -rss_limit_mb: an input that makes a reader take more than 2 GB counts as a crash (oom-*).
  TMPDIR="$PWD/build-fuzz/tmp" "build-fuzz/${target}_fuzz" "$work" "${seeds[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
  end=$(date +%s%N)
  inputs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  # Without the final statistics (a crash), the last progress line's count.
  [ -n "$inputs" ] || inputs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
  crashes=$(find "$artifacts" -type f -newer "$log.start" 2>/dev/null | wc -l || true)
  printf '%-10s %12s %10s %8s\n' "$target" "${inputs:-?}" \
    "$(((end - start) / 1000000000))" "$crashes"
  if [ "$crashes" -gt 0 ]; then
    status=1
    find "$artifacts" -type f -newer "$log.start" | sed 's/^/  crash input: /'
    grep -m3 -E 'what\(\): |ERROR: AddressSanitizer|runtime error: |contract broken: |ERROR: libFuzzer' "$log" | sed 's/^/  /'
  fi
done
exit "$status"
