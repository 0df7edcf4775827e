#!/usr/bin/env bash
# Every C++ source of the project is as .clang-format lays it out: clang-format, dry run, on the
# files git tracks (every .cpp and .h under the source tree when it is not a git checkout).
# Skipped (exit 77) when clang-format is not installed: apt-get install clang-format
# Usage: tests/format_check.sh SOURCE_DIR
set -u
src="$1"
if ! command -v clang-format >/dev/null; then
  echo "SKIP: clang-format is not installed (apt-get install clang-format)"
  exit 77
fi
cd "$src" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  mapfile -t files < <(find . -path ./build -prune -o \( -name '*.cpp' -o -name '*.h' \) -print)
fi
# One clang-format process for every file (a process per file costs ~0.1 s each, most of the
# check); its errors name the files that differ.
existing=()
for f in "${files[@]}"; do [ -f "$f" ] && existing+=("$f"); done
out="$(clang-format --dry-run -Werror "${existing[@]}" 2>&1)"
code=$?
mapfile -t bad < <(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: .*/\1/p' <<<"$out" | sort -u)
if ((code != 0 && ${#bad[@]} == 0)); then
  echo "FAIL: clang-format failed: $(head -n 1 <<<"$out")"
  exit 1
fi
if ((${#bad[@]})); then
  echo "FAIL: ${#bad[@]} of ${#files[@]} files differ from .clang-format (fix: clang-format -i ${bad[*]})"
  exit 1
fi
echo "ok: ${#files[@]} files as .clang-format lays them out"
