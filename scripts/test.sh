#!/usr/bin/env bash
# The one test command: installs what the tests need, then runs every test
# (type check, unit, API on PGlite and PostgreSQL, browser journeys in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ "${CI:-}" = "true" ]; then
  npm ci --no-audit --no-fund
fi

# Browser tests need Debian's Chromium; PDF exports and screenshots need a CJK font; the PDF tests
# read the reports back with poppler's pdftotext (where words are drawn, what text they hold).
if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 || ! command -v pdftotext >/dev/null; then
  echo "installing Debian chromium, fonts-noto-cjk and poppler-utils for the browser tests and PDF exports"
  SUDO=""; [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk poppler-utils >/dev/null
fi

npm run typecheck

# The web bundle is what the browser tests load.
npm run build -w @mdc/web

mkdir -p .mdc
status=0
npx vitest run --reporter=default --reporter=json --outputFile=.mdc/test-results.json "$@" || status=$?

node -e '
const r = require("./.mdc/test-results.json");
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
