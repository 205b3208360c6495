#!/usr/bin/env bash
# npm test: type-check, lint, unit and API tests (PGlite, then PostgreSQL when one can be had),
# a production build, and the browser tests in Debian's chromium. Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
export CI="${CI:-}"

RESULTS=artifacts/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Browser: Debian's chromium"
bash scripts/ensure-chromium.sh

step "Type-check"
npx tsc --noEmit -p tsconfig.json

step "Lint"
npm run --silent lint

step "Unit and API tests (PGlite)"
env -u DATABASE_URL npx jest --ci --json --outputFile="$RESULTS/unit-pglite.json"

PG_URL=$(bash scripts/ensure-postgres.sh || true)
if [ -n "$PG_URL" ]; then
  step "API tests again on PostgreSQL ($PG_URL)"
  DATABASE_URL="$PG_URL" npx jest --ci --selectProjects server --json --outputFile="$RESULTS/server-postgres.json"
else
  step "PostgreSQL: none on 127.0.0.1:5432 and none could be installed here; skipping the PostgreSQL pass"
fi

step "Production build"
npx webpack --mode production >/dev/null

step "Browser tests (Chromium)"
npx jest --ci -c jest.e2e.config.ts --json --outputFile="$RESULTS/browser.json"

echo
node scripts/test-summary.js
