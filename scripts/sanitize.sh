#!/usr/bin/env bash
# Builds catan and catan_tests with sanitizers and runs the tests that can show what they catch.
# The first report fails the run (non-zero exit).
#   address: AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/) over the unit tests and
#            every pack's Lua tests.
#   thread:  ThreadSanitizer (build-tsan/) over the unit tests that start threads (lab runs,
#            Slurm jobs, the browser table, hang guards, the Lua watchdog) and `catan sim` with
#            two threads.
# Usage: scripts/sanitize.sh [address|thread|all]   (default all)
# CXX in the environment picks the compiler (default g++: its sanitizer runtimes come with
# build-essential); CATAN_SANITIZE_JOBS the parallel jobs of the builds and the tests (default:
# one per core).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
what="${1:-all}"
case "$what" in
  -h | --help) usage; exit 0 ;;
  address | thread | all) ;;
  *) echo "sanitize: unknown argument '$what' (address, thread or all)" >&2; exit 2 ;;
esac
if (($# > 1)); then echo "sanitize: one argument at most (address, thread or all)" >&2; exit 2; fi

cxx="${CXX:-g++}"
jobs="${CATAN_SANITIZE_JOBS:-$(nproc)}"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

# Configures and builds DIR with the sanitizers SAN: -O1 -g keeps the runs fast and the stacks
# readable; only the two programs the tests run are built. Warnings are not errors here: with
# -fsanitize=address at -O1, g++ 12 reports -Wmaybe-uninitialized inside libstdc++'s
# std::function (used by std::regex), a false positive the release build does not show.
build() {
  local dir="$1" san="$2"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCATAN_SANITIZE="$san" -DCATAN_WERROR=OFF "${launcher[@]}" >/dev/null
  cmake --build "$dir" -j"$jobs" --target catan catan_tests
}

if [ "$what" = address ] || [ "$what" = all ]; then
  build build-asan address,undefined
  export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
  ctest --test-dir build-asan --output-on-failure -j"$jobs" -L '^(unit|packs)$'
fi

if [ "$what" = thread ] || [ "$what" = all ]; then
  build build-tsan thread
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
  # The unit tests whose files start threads or ask the lab for several.
  suites=$(grep -lE 'std::thread|threads|serve/' tests/*_test.cpp |
    xargs grep -hoE '^TEST(_F|_P)?\( *[A-Za-z0-9_]+' | sed 's/.*( *//' | sort -u | paste -sd'|')
  # Left out: five tests whose Lua must finish well within a wall-clock limit (a time-limit
  # trip of 200 ms, a hang guard of 10 s, a linearity bound), which ThreadSanitizer's slowdown
  # turns into time-limit trips and hang-guard timeouts; and the game abandoned past its
  # deadline, whose thread is left running unjoined on purpose (lab/runner.cpp), so nothing
  # orders its last reads before the test's teardown.
  slow='MemoryTripStopsTheHandlersOfItsOwnUnwinding|TimeLimitTripStopsEveryHandlerOnEveryThread'
  slow+='|CoroutineThatSawATripRunsNormallyInTheNextCall|LoopingCloseHandlerEndsTheGameAndTheSession'
  slow+='|UnchargedFunctionsAreLinearInTheirArguments|AGameStuckPastTheDeadline'
  ctest --test-dir build-tsan --output-on-failure -j"$jobs" -L '^unit$' -R "(^|/)($suites)\." \
    -E "$slow"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  build-tsan/catan sim base --bots heuristic --games 8 --threads 2 --out "$tmp/sim.json" >/dev/null
fi
echo "sanitize: $what: no error"
