#!/usr/bin/env bash
# The whole test command (npm test): typecheck, lint, unit, API integration (PGlite, and PostgreSQL
# when TEST_DATABASE_URL is set), build, and Playwright e2e in Debian's Chromium.
# Ends with one summary line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p .tmp/reports
rm -f .tmp/reports/*.json
status=0
step() {
  echo
  echo "=== $1"
  shift
  if ! "$@"; then
    echo "!!! step failed: $*"
    status=1
  fi
}
step "typecheck" npx tsc -p tsconfig.json --noEmit
step "lint" npx eslint . --max-warnings=0
step "unit tests" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/reports/unit.json
# Before the API tests: they read the voucher PDFs with poppler-utils, installed with the browser.
step "browser" bash scripts/ensure-browser.sh
step "API integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}" npx vitest run --project api --reporter=default --reporter=json --outputFile.json=.tmp/reports/api.json
step "build" npx vite build --logLevel warn
step "e2e (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/reports/e2e.json npx playwright test --reporter=list,json
node scripts/summarize-tests.mjs .tmp/reports || status=1
exit $status
