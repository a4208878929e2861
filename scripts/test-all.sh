#!/usr/bin/env bash
# The whole test command (npm test): typecheck, lint, unit, API integration (PGlite, and PostgreSQL
# when TEST_DATABASE_URL is set), build, and Playwright e2e in Debian's Chromium.
#
# To stay short on a 2-core machine, the steps that do not need each other run side by side:
#   1. the browser install (apt, mostly waiting), then the API tests (one file at a time per
#      database, mostly waiting on the database; their set-up also writes the e2e servers' demo
#      data from its snapshot), while typecheck, lint, unit tests and the build run next to them;
#   2. e2e, which needs the build and the whole machine (its output streams).
# The other steps' output goes to .tmp/steps/<step>.log and is printed when they end, with their time.
# Ends with one summary line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p .tmp/reports .tmp/steps
rm -f .tmp/reports/*.json .tmp/steps/* .tmp/e2e-seed.ok
status=0
started=$(date +%s)

# run_step NAME CMD...: runs CMD with its output in .tmp/steps/NAME.log; records the time and the exit code.
run_step() {
  local name=$1
  shift
  local t0
  t0=$(date +%s)
  "$@" >".tmp/steps/$name.log" 2>&1
  local rc=$?
  echo "$rc $(( $(date +%s) - t0 ))" >".tmp/steps/$name.rc"
}

# report NAME TITLE: prints a finished step's output and its result.
report() {
  local name=$1 title=$2 rc secs
  read -r rc secs <".tmp/steps/$name.rc"
  echo
  echo "=== $title (${secs}s)"
  cat ".tmp/steps/$name.log"
  if [ "$rc" != 0 ]; then
    echo "!!! step failed: $title (exit $rc)"
    status=1
  fi
}

api_title="API integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
# The API tests read voucher PDFs with poppler-utils, installed with the browser: browser first.
( run_step browser bash scripts/ensure-browser.sh
  # The API tests' set-up also writes the e2e servers' demo data (tests/api/global-setup.ts).
  run_step api env E2E_SEED_OUT=.tmp/e2e-seed npx vitest run --project api --reporter=default --reporter=json --outputFile.json=.tmp/reports/api.json ) &
api_job=$!
( run_step typecheck npx tsc -p tsconfig.json --noEmit
  run_step lint npx eslint . --max-warnings=0 ) &
check_job=$!
( run_step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/reports/unit.json
  run_step build npx vite build --logLevel warn ) &
build_job=$!

wait "$check_job"; report typecheck "typecheck"; report lint "lint"
wait "$build_job"; report unit "unit tests"; report build "build"
wait "$api_job"; report browser "browser"; report api "$api_title"

# e2e streams its output (the longest step; a CI log should show it moving).
echo
echo "=== e2e (Playwright, Chromium)"
t0=$(date +%s)
# The servers copy the demo data the API tests' set-up wrote only when it was finished (its .ok
# marker; a half-made one would fail every server); otherwise each server seeds its own, as with
# `npm run test:e2e`.
seed_dir=""
[ -f .tmp/e2e-seed.ok ] && seed_dir=.tmp/e2e-seed
if ! env ${seed_dir:+E2E_SEED_DIR=$seed_dir} PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/reports/e2e.json npx playwright test --reporter=list,json; then
  echo "!!! step failed: e2e (Playwright, Chromium)"
  status=1
fi
echo "=== e2e took $(( $(date +%s) - t0 ))s"

echo
echo "whole run: $(( $(date +%s) - started ))s"
node --import tsx scripts/summarize-tests.ts .tmp/reports || status=1
exit $status
