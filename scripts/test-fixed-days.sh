#!/usr/bin/env bash
# The API suites whose answers depend on the day, run again with the API's clock (FIXED_TIME,
# through TEST_FIXED_TIME) at days that trip date code: a year's first day, a leap day, the US
# spring-forward, mid-month, and New Year's Eve evening west of UTC (already the next year in
# UTC). The process's own time zone is that of the day where it means one, so a slip into local
# time shows too. Extra arguments go to each jest run; "{day}" in them becomes the day's date.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"

# The API suites that run on the tests' clock: those that fix days of their own (forecastEvidence,
# forecastAlert) or compute on dates they are given (the rules, periods, statements) would only
# repeat themselves.
SUITES=(
  notifications/notifications budgets/budgets recurring/recurring dashboard/dashboard
  analytics/analytics currency/currencies imports/api imports/conventions
)
DAYS=(
  "2027-01-01T09:00:00Z UTC"
  "2028-02-29T12:00:00Z UTC"
  "2027-03-14T10:00:00-04:00 America/New_York"
  "2027-06-15T12:00:00Z UTC"
  "2027-12-31T22:30:00-05:00 America/New_York"
)
failed=()
for entry in "${DAYS[@]}"; do
  read -r at zone <<<"$entry"
  echo "-- the API's clock at $at, the process in $zone"
  args=()
  for a in "$@"; do args+=("${a//\{day\}/${at:0:10}}"); done
  # Two workers: this runs after the PGlite pass, as the PostgreSQL chain ends.
  TZ=$zone TEST_FIXED_TIME=$at npx jest --ci --maxWorkers=2 --selectProjects server "${args[@]}" -- "${SUITES[@]/#/__tests__/server/modules/}" || failed+=("$at")
done
# Every day runs, so one failing day does not hide another.
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed at: ${failed[*]}"
  exit 1
fi
