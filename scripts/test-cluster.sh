#!/usr/bin/env bash
# npm run test:cluster: two API instances, a scan worker and HAProxy on PostgreSQL and Redis
# (__tests__/cluster). Starts or installs what it needs (scripts/ensure-*.sh); when one of them
# cannot be had, says which and skips (exit 0), as the PostgreSQL pass of npm test does.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"

PG_URL=$(bash scripts/ensure-postgres.sh || true)
REDIS=$(bash scripts/ensure-redis.sh || true)
HAPROXY_BIN=$(bash scripts/ensure-haproxy.sh || true)
missing=()
[ -n "$PG_URL" ] || missing+=("PostgreSQL")
[ -n "$REDIS" ] || missing+=("Redis")
[ -n "$HAPROXY_BIN" ] || missing+=("HAProxy")
if [ ${#missing[@]} -gt 0 ]; then
  echo "Cluster test skipped: ${missing[*]} could not be found, started or installed here."
  exit 0
fi
# The instances serve the built web app; build it when this is run on its own.
[ -f dist/public/index.html ] || npx webpack --mode production >/dev/null
DATABASE_URL="$PG_URL" TEST_REDIS_URL="$REDIS" HAPROXY="$HAPROXY_BIN" TEST_AUTH_EMULATOR_HOST="${TEST_AUTH_EMULATOR_HOST:-127.0.0.1:9159}" \
  npx jest --ci -c jest.cluster.config.ts "$@"
