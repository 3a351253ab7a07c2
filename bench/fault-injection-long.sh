#!/bin/sh
# The fault-injection suite at length: more database cuts with longer outages for `serve` and
# `worker`, and more tries of each race. `npm test` runs the same files briefly (3 cuts, 40 tries).
#   sh bench/fault-injection-long.sh [cuts] [race-tries]
case "$1" in
-h | --help)
  cat <<'USAGE'
Usage: sh bench/fault-injection-long.sh [cuts] [race-tries]

Runs the fault-injection and race tests at length: database cuts (default 20) with longer outages for
`serve` and `worker`, and more tries of each race (default 150). `npm test` runs the same files briefly.

Environment variables:
  FAULT_OUTAGE_MS   length of each database outage, ms (default 2000)
USAGE
  exit 0
  ;;
esac
set -e
cd "$(dirname "$0")/.."
FAULT_CUTS="${1:-20}" FAULT_OUTAGE_MS="${FAULT_OUTAGE_MS:-2000}" RACE_TRIES="${2:-150}" \
  exec npx vitest run test/fault-injection.test.ts test/fault-pause.test.ts test/admin-races.test.ts test/rate-limit-abuse.test.ts
