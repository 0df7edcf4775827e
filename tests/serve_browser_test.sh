#!/usr/bin/env bash
# Runs tests/browser/serve_test.mjs (catan serve in two browser pages); skipped (exit 77) when
# Node.js, the pinned puppeteer-core (scripts/setup.sh installs it) or chromium is missing.
# Usage: tests/serve_browser_test.sh path/to/catan
set -u
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null || [ ! -d "$here/browser/node_modules/puppeteer-core" ]; then
  echo "SKIP: Node.js or puppeteer-core is missing (scripts/setup.sh installs puppeteer-core)"
  exit 77
fi
exec node "$here/browser/serve_test.mjs" "$1"
