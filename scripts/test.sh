#!/usr/bin/env bash
# `npm test`: type-check, lint, metadata lint and format, codegen freshness, unit, server integration, browser tests.
# `npm run test:full` (PORTAL_TEST_FULL=1): the same, with the heavy property, matrix and corpus tests at full size.
set -euo pipefail
cd "$(dirname "$0")/.."

# The checks before the test suites are single-threaded: type-check, and the client build with the
# browser check, run beside the lint steps (2 cores: ~1.5 min instead of ~3). Each prints its
# output when it ends; the first failure fails the run after all have finished.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
step() { # step <name> <command...>: runs in the background, output to $logs/<name>
  local name="$1"; shift
  ( if "$@" >"$logs/$name" 2>&1; then echo 0; else echo "$?"; fi >"$logs/$name.rc" ) &
}
finish() { # finish <name>...: waits for the steps, prints their output, fails when one failed
  wait
  local failed=0
  for name in "$@"; do
    echo "== $name"; cat "$logs/$name"
    if [ "$(cat "$logs/$name.rc")" != 0 ]; then echo "FAILED: $name" >&2; failed=1; fi
  done
  return "$failed"
}
step type-check npx tsc -p tsconfig.json --noEmit
step client-build bash -ec 'bash scripts/ensure-chromium.sh && npx vite build --logLevel warn'
step lint bash -ec '
  echo "-- eslint"; npx eslint .
  echo "-- metadata lint"; node bin/portal.js rules lint
  echo "-- metadata format (npm run format fixes it)"; npm run --silent format:check
  echo "-- codegen freshness"; npx tsx codegen/run.ts --check'
# Wall and CPU time (this script's children, user+sys) so far, after each phase: CI's timing record.
# `times` in a command substitution would report the subshell's (empty) children: write it to a file.
times_file="$logs/times"
cpu_so_far() { tail -1 "$times_file"; }
elapsed() { times >"$times_file"; echo "-- $1 done: ${SECONDS} s wall since npm test started; CPU of finished steps (user, sys): $(cpu_so_far)"; }
finish type-check lint client-build
elapsed "checks and client build"
# The server suite runs on the embedded PGlite here; TEST_DATABASE_URL adds a run of its
# files where PostgreSQL matters on that server (project server-postgres; CI sets it).
# The browser suite starts beside unit + server: it spends most of its wall time waiting (its set-up
# seeds templates one step after another, its tests wait on pages and servers) and used about one of
# the two cores alone, while unit + server keeps both busy: side by side the machine stays busy
# until the end. Its output is printed when it ends. The PostgreSQL pass starts when unit + server is done.
# Two workers for unit + server: vitest defaults to one on a 2-core machine (cores - 1), leaving a
# core idle while server files wait on the servers they spawn.
step browser bash -c 'env -u TEST_DATABASE_URL npx vitest run --project e2e; rc=$?; echo "-- browser suite: ${SECONDS} s wall"; exit "$rc"'
echo "== unit + server (the browser suite runs beside it)"
env -u TEST_DATABASE_URL npx vitest run --project unit --project server --maxWorkers=2 || unit_failed=1
elapsed "unit + server"
pg_steps=()
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step server-postgresql bash -c 'npx vitest run --project server-postgres; rc=$?; echo "-- server suite on PostgreSQL: ${SECONDS} s wall"; exit "$rc"'
  pg_steps=(server-postgresql)
fi
finish browser "${pg_steps[@]}" || others_failed=1
elapsed "browser and PostgreSQL suites"
if [ -n "${unit_failed:-}" ] || [ -n "${others_failed:-}" ]; then exit 1; fi
