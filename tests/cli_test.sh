#!/usr/bin/env bash
# End-to-end checks of the catan command line: every subcommand's --help, exit codes
# (0 ok, 1 runtime failure, 2 bad usage), one-line errors on stderr, play -> replay round trip.
# The checks live in tests/cli_checks/, one file per topic; each topic is its own ctest
# (cli.TOPIC), so the two cores share them.
# Usage: tests/cli_test.sh path/to/catan [TOPIC...]   (no TOPIC: every topic, in name order)
set -u
catan="$1"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
fixtures="$root/tests/fixtures/check"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect CODE DESCRIPTION -- COMMAND...: runs COMMAND, checks its exit code.
expect() {
  local code="$1" what="$2"
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$code" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what: exit $got, expected $code"
    sed 's/^/  | /' "$tmp/out" "$tmp/err" | head -20
  fi
}

# check DESCRIPTION CONDITION...: counts a shell test.
check() {
  local what="$1"
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}

one_line_error() { [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^catan: error: ' "$tmp/err"; }

# Each topic shares expect/check/one_line_error, $catan, $root, $fixtures and $tmp.
topics=("$@")
if ((${#topics[@]} == 0)); then
  for part in "$root"/tests/cli_checks/*.sh; do topics+=("$(basename "$part" .sh)"); done
fi
for topic in "${topics[@]}"; do
  part="$root/tests/cli_checks/$topic.sh"
  if [ ! -f "$part" ]; then
    echo "cli_test.sh: no topic '$topic' (tests/cli_checks/$topic.sh)" >&2
    exit 2
  fi
  # shellcheck source=/dev/null
  . "$part"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
