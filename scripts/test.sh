#!/usr/bin/env bash
# npm test: type-check, lint, unit and API tests (PGlite, then PostgreSQL when one can be had),
# a production build, the browser tests in Debian's chromium, and the cluster test (when
# PostgreSQL, Redis and HAProxy can be had). Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
export CI="${CI:-}"

RESULTS=artifacts/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Browser: Debian's chromium"
bash scripts/ensure-chromium.sh

# Each of these checks runs on one core (jest runs one worker on a 2-core machine), so pairs run
# side by side; each pair's output is printed whole once both are done.
together() {
  local names=() pids=() logs=() failed=0
  while [ $# -gt 0 ]; do
    local name=$1 cmd=$2 log
    shift 2
    log=$(mktemp)
    names+=("$name")
    logs+=("$log")
    # Each check's own time, so the slowest pair can be seen in the output.
    bash -c 'start=$SECONDS; rc=0; bash -c "$1" || rc=$?; echo "(took $((SECONDS - start)) s)"; exit $rc' _ "$cmd" >"$log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    local rc=0
    wait "${pids[$i]}" || rc=$?
    step "${names[$i]}"
    cat "${logs[$i]}"
    rm -f "${logs[$i]}"
    if [ "$rc" -ne 0 ]; then
      echo "${names[$i]}: failed (exit $rc)"
      failed=1
    fi
  done
  return $failed
}

together \
  "Type-check" "npx tsc --noEmit -p tsconfig.json" \
  "Lint" "npm run --silent lint"

# Rate limits shared between instances need Redis (*.redis.test.ts); started or installed when missing.
REDIS_URL_FOUND=$(bash scripts/ensure-redis.sh || true)
JEST_REDIS=""
if [ -n "$REDIS_URL_FOUND" ]; then export TEST_REDIS_URL="$REDIS_URL_FOUND"; else JEST_REDIS="--testPathIgnorePatterns=\.redis\.test\.ts$"; fi

PG_URL=$(bash scripts/ensure-postgres.sh || true)
# The OCR suites read images and text and touch no database: once is enough. With a PostgreSQL
# pass they run there, so that the two sides take about as long (the PGlite side also runs the
# fixed days); without one, on PGlite.
OCR_ON_PGLITE=""
[ -n "$PG_URL" ] && OCR_ON_PGLITE="--testPathIgnorePatterns=/__tests__/server/ocr/"
# The screens' tests (no API) go with the build, so that the two sides take about as long.
CLIENT="TEST_AUTH_EMULATOR_HOST=127.0.0.1:9169 npx jest --ci --selectProjects client --json --outputFile=$RESULTS/client.json"
PGLITE="env -u DATABASE_URL TEST_AUTH_EMULATOR_HOST=127.0.0.1:9199 npx jest --ci --selectProjects server $JEST_REDIS $OCR_ON_PGLITE --json --outputFile=$RESULTS/server-pglite.json"
# Then the suites whose answers depend on the day, at five fixed days (scripts/test-fixed-days.sh):
# tests own their clock, so none passes or fails by the day it runs.
PGLITE="$PGLITE && env -u DATABASE_URL TEST_AUTH_EMULATOR_HOST=127.0.0.1:9199 bash scripts/test-fixed-days.sh --json --outputFile=$RESULTS/server-fixed-{day}.json"
if [ -n "$PG_URL" ]; then
  # Each pass has its own auth emulator port, so no two share accounts. The PostgreSQL pass
  # keeps images in the database, as a cluster does; the cluster test needs the build.
  together \
    "Production build; the screens' tests; API tests again on PostgreSQL ($PG_URL), images in the database; the cluster test" "npx webpack --mode production >/dev/null && $CLIENT && DATABASE_URL='$PG_URL' BLOB_STORE=postgres TEST_AUTH_EMULATOR_HOST=127.0.0.1:9179 npx jest --ci --selectProjects server $JEST_REDIS --json --outputFile=$RESULTS/server-postgres.json && bash scripts/test-cluster.sh --json --outputFile=$RESULTS/cluster.json" \
    "Unit and API tests (PGlite), then the date-sensitive ones at fixed days" "$PGLITE"
else
  together \
    "Unit and API tests (PGlite), then the date-sensitive ones at fixed days" "$PGLITE" \
    "Production build; the screens' tests" "npx webpack --mode production >/dev/null && $CLIENT"
  step "PostgreSQL: none on 127.0.0.1:5432 and none could be installed here; skipped the PostgreSQL pass and the cluster test"
fi
[ -n "$REDIS_URL_FOUND" ] || step "Redis: none on 127.0.0.1:6379 and none could be started or installed here; skipped the shared rate-limit tests"

step "Browser tests (Chromium)"
SECONDS=0
# An auth emulator port of its own: the PGlite pass's emulator, on the default port, may still be
# letting go of its hub port as this starts.
TEST_AUTH_EMULATOR_HOST=127.0.0.1:9189 npx jest --ci -c jest.e2e.config.ts --json --outputFile="$RESULTS/browser.json"
echo "(took $SECONDS s)"

echo
node scripts/test-summary.js
