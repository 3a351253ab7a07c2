#!/bin/sh
# The fault-injection suite at length: more database cuts with longer outages for `serve` and
# `worker`, and more tries of each race. `npm test` runs the same files briefly (3 cuts, 40 tries).
#   sh bench/fault-injection-long.sh [cuts] [race-tries]
set -e
cd "$(dirname "$0")/.."
FAULT_CUTS="${1:-20}" FAULT_OUTAGE_MS="${FAULT_OUTAGE_MS:-2000}" RACE_TRIES="${2:-150}" \
  exec npx vitest run test/fault-injection.test.ts test/fault-pause.test.ts test/admin-races.test.ts test/rate-limit-abuse.test.ts
