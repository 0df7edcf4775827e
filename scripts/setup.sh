#!/usr/bin/env bash
# Installs what is missing (Debian 12, as root), then configures and builds into build/.
# Idempotent: packages already present are not reinstalled; an existing build is reused.
# Usage: scripts/setup.sh [Release|Debug|RelWithDebInfo]   (default Release)
# CATAN_WERROR=ON in the environment builds with warnings as errors (CI does).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config
  liblua5.4-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libcpp-httplib-dev
  python3 chromium clang-format # the tests: JSON checks in tests/cli_test.sh, the HTML
                                # report in a browser, the layout of the sources
  munge slurmctld slurmd slurm-client) # tests/slurm_test.sh: a single-node Slurm cluster
                                       # (scripts/slurm-local) runs a --slurm job

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing packages and not root; install them with: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The browser table's test drives chromium with puppeteer-core from the npm registry, pinned by
# tests/browser/package-lock.json; without Node.js and npm that one test is skipped.
if [ -f tests/browser/package-lock.json ] && [ ! -d tests/browser/node_modules/puppeteer-core ]; then
  if command -v npm >/dev/null; then
    npm ci --prefix tests/browser --no-audit --no-fund >/dev/null
  else
    echo "setup: npm not found: tests/browser/serve_test.mjs will be skipped (apt-get install nodejs npm)" >&2
  fi
fi

build_type="${1:-Release}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
  -DCATAN_WERROR="${CATAN_WERROR:-OFF}" >/dev/null
cmake --build build
