#!/usr/bin/env bash
# `npm test`: type-check, lint, metadata lint and format, codegen freshness, unit, server integration, browser tests.
# `npm run test:full` (PORTAL_TEST_FULL=1): the same, with the heavy property, matrix and corpus tests at full size.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every step starts as soon as what it needs is ready, so both cores are busy from the first second:
#   unit + server, the client build, type-check and lint at once;
#   the browser suite (and tests/system, on haproxy) when the client build and the system packages are ready;
#   the PostgreSQL pass (TEST_DATABASE_URL) when the first of unit + server and the browser suite ends:
#   beside both it would ask four workers of two cores, and the browser tests' waits would lose to them.
# The checks run at a lower priority (nice): nothing waits for them, so they take what the suites
# leave (the browser suite mostly waits on pages and servers) instead of slowing the client build.
# Each step's output is printed when it ends, with its wall and CPU time; a failed step fails the
# run once every started step has ended.
logs="$(mktemp -d)"
# `|| true`: under `set -e` a failing command in the EXIT trap becomes the script's exit status, and the
# sampler is usually gone by then (a green run exited 1 on CI).
trap 'kill "${idle_sampler:-}" 2>/dev/null || true; rm -rf "$logs"' EXIT
# What the server suite's and the browser suite's global set-ups both need (the seeded template `empty`)
# is made once, by the first to ask, in this folder (tests/helpers/madeOncePerRun.ts).
export PORTAL_TEST_RUN_DIR="$logs/run"
mkdir "$PORTAL_TEST_RUN_DIR"
# Idle CPU over the run, a figure per minute (how well the steps fill both cores): /proc/stat's idle
# and iowait ticks (1/100 s, all cores) sampled every 10 s; the summary is printed at the end.
idle_ticks() { awk '/^cpu /{print $5 + $6; exit}' /proc/stat; }
(
  prev=$(idle_ticks); minute=0
  while sleep 10; do
    now=$(idle_ticks); minute=$((minute + now - prev)); prev=$now; n=$((${n:-0} + 1))
    if [ $((n % 6)) = 0 ]; then printf '%s ' $((minute / 100)) >>"$logs/idle"; minute=0; fi
  done
) &
idle_sampler=$!
idle_start=$(idle_ticks)
declare -A step_of_pid=()
step() { # step <name> <command...>: starts it in the background, output to $logs/<name>
  local name="$1"; shift
  (
    start=$SECONDS
    if "$@" >"$logs/$name" 2>&1; then rc=0; else rc=$?; fi
    # This subshell's children only (user, sys): the step's CPU. `times` in a command substitution
    # would report that substitution's own (empty) children: written to a file.
    times >"$logs/$name.times"
    echo "-- $name: $((SECONDS - start)) s wall, CPU (user, sys) $(tail -1 "$logs/$name.times")" >>"$logs/$name"
    echo "$rc" >"$logs/$name.rc"
  ) &
  step_of_pid[$!]="$name"
}
failed=()
postgres_started=""
ended() { # ended <name>: prints the step's output; records a failure
  echo "== $1 (ended ${SECONDS} s after npm test started)"
  cat "$logs/$1"
  if [ "$(cat "$logs/$1.rc")" != 0 ]; then echo "FAILED: $1" >&2; failed+=("$1"); fi
}

# With a PostgreSQL pass (TEST_DATABASE_URL, as CI runs), its files run there only; a run without one, and
# `npm run test:full`, run them on PGlite too (docs/decisions/test-suites.md).
on_postgres_only=0
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -z "${PORTAL_TEST_FULL:-}" ]; then on_postgres_only=1; fi
step unit+server env -u TEST_DATABASE_URL PORTAL_TEST_POSTGRES_FILES_ON_POSTGRES_ONLY="$on_postgres_only" npx vitest run --project unit --project server --maxWorkers=2
# Chromium and haproxy (one apt-get run where missing) beside unit + server: the browser step needs them, unit + server not.
step client-build bash -ec 'bash scripts/ensure-system-packages.sh && npx vite build --logLevel warn'
step type-check nice -n 10 npm run --silent typecheck
step lint nice -n 10 bash -ec '
  echo "-- eslint"; npx eslint .
  echo "-- metadata lint"; node bin/portal.js rules lint
  echo "-- metadata format (npm run format fixes it)"; npm run --silent format:check
  echo "-- codegen freshness"; npx tsx codegen/run.ts --check'

while [ "${#step_of_pid[@]}" -gt 0 ]; do
  pid=""
  wait -n -p pid "${!step_of_pid[@]}" || true
  [ -n "$pid" ] || continue
  name="${step_of_pid[$pid]}"
  unset "step_of_pid[$pid]"
  ended "$name"
  case "$name" in
    client-build)
      # The browser suite serves the built client (dist/); without it there is nothing to test.
      if [ "$(cat "$logs/$name.rc")" = 0 ]; then step browser env -u TEST_DATABASE_URL npx vitest run --project e2e; fi ;;
  esac
  case "$name" in
    unit+server|browser)
      # The PostgreSQL pass when the first of the two suites ends: beside the other's tail (unit + server's
      # last files leave a core idle; the browser suite mostly waits), never beside both.
      # Two workers (vitest's default on 2 cores is one).
      if [ -n "${TEST_DATABASE_URL:-}" ] && [ -z "$postgres_started" ]; then
        postgres_started=1
        step server-postgresql npx vitest run --project server-postgres --maxWorkers=2
      fi ;;
  esac
done
times >"$logs/times"
kill "$idle_sampler" 2>/dev/null || true
echo "-- npm test: ${SECONDS} s wall; CPU of all steps (user, sys): $(tail -1 "$logs/times")"
echo "-- idle CPU: $((($(idle_ticks) - idle_start) / 100)) core-s of $(( $(nproc) * SECONDS )); core-s idle per minute: $(cat "$logs/idle" 2>/dev/null)"
if [ "${#failed[@]}" -gt 0 ]; then
  # Again at the very end, where a CI page that keeps only the output's tail shows it: each failed
  # step's failures (vitest's "Failed Tests" section, or the step's last lines).
  for name in "${failed[@]}"; do
    echo "== FAILED: $name (its failures again; the whole output is above)"
    sed -e 's/\x1b\[[0-9;]*m//g' "$logs/$name" | awk '/Failed Tests|Failed Suites/ { on = 1 } on' | grep -v '^\s*$' | head -40 >"$logs/$name.failures"
    if [ -s "$logs/$name.failures" ]; then cat "$logs/$name.failures"; else tail -20 "$logs/$name"; fi
  done
  echo "FAILED: ${failed[*]}" >&2
  exit 1
fi
