#!/usr/bin/env bash
# The whole test suite: types, lint, unit and integration tests (PGlite, and PostgreSQL when it is
# reachable; required under CI), then the browser tests in Debian's Chromium (installed when missing),
# including the cluster test behind Debian's nginx (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
rm -f .test-results/*.json

source scripts/ensure-debian-package.sh

ensure_postgres() {
  local url="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
  if node scripts/pg-ping.mjs "$url"; then export TEST_POSTGRES_URL="$url"; return; fi
  if [ "$(id -u)" -eq 0 ] && command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
    if node scripts/pg-ping.mjs "$url"; then export TEST_POSTGRES_URL="$url"; return; fi
  fi
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL is not reachable at $url and CI requires the integration suite to run on it." >&2
    exit 1
  fi
  echo "PostgreSQL is not reachable: integration tests run on PGlite only."
}

ensure_postgres

# Each phase's wall time and how busy the cores were meanwhile (from /proc/stat: a phase near 100% is
# bound by CPU, one well under it by waiting), printed at the end; docs/performance.md keeps the figures.
timings=()
suite_started=$SECONDS
cpu_ticks() { # busy and total ticks of all cores so far
  awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total }' /proc/stat 2>/dev/null || echo "0 0"
}
phase_start() {
  phase_started=$SECONDS
  read -r phase_busy phase_total < <(cpu_ticks)
}
phase_end() { # name
  local busy total
  read -r busy total < <(cpu_ticks)
  local pct="?"
  [ $((total - phase_total)) -gt 0 ] && pct=$(((busy - phase_busy) * 100 / (total - phase_total)))
  timings+=("$1: $((SECONDS - phase_started)) s (cores ${pct}% busy)")
}

# The portal is built once per run, here, into a private folder: the JavaScript budget test
# (apps/web/server/js-budget.test.ts, through PORTAL_TEST_DIST) and both browser stacks (the shared one
# and the cluster's, through E2E_PORTAL_DIST) read that build instead of each making its own.
portal_dist="$(mktemp -d "${TMPDIR:-/tmp}/careers-portal-XXXXXX")"
logs="$(mktemp -d "${TMPDIR:-/tmp}/careers-test-logs-XXXXXX")"
trap 'rm -rf "$portal_dist" "$logs"' EXIT

# Debian's packages the browser phase needs, installed when missing. Only the browser tests use them, so
# the install (minutes on a fresh machine: one index update, one install) runs in the background while the
# checks and the unit tests run, and the browser phase waits for it:
# - Chromium, for every browser test;
# - nginx (only the binary: the tests give it their own configuration on loopback ports), for the cluster
#   test (e2e/tests/cluster.test.ts) and the rendered template's test;
# - SpamAssassin, which scores every e-mail (e2e/tests/emails-rendered.test.ts).
packages_log="$logs/packages"
ensure_debian_packages /usr/bin/chromium chromium /usr/sbin/nginx nginx /usr/bin/spamassassin spamassassin \
  </dev/null >"$packages_log" 2>&1 &
packages_pid=$!

# Types: one `tsc -b` over the workspaces' project references (docs/decisions/0469). Each workspace is checked
# once, and the ones that import it (e2e imports the services, the portal's server and the packages) read its
# declarations instead of checking its sources again. The declarations and each project's incremental state
# go to node_modules/.cache/tsc, outside the repository's tracked files: a second run checks what changed.
typecheck() {
  npx tsc -b packages/contracts packages/server-kit packages/test-support services/identity services/candidate \
    apps/web e2e
}
build_portal() {
  # As npm start and the browser suite build it: a production build whatever the shell's NODE_ENV.
  env -u NODE_ENV NO_COLOR=1 npm run build --silent --workspace apps/web -- --outDir "$portal_dist" --emptyOutDir
}

# Type checks, lint and the portal build do not depend on each other: they run side by side (each is
# mostly one core's work), and each one's output is printed whole once it ends.
echo "== typecheck, lint and the portal build (side by side)"
phase_start
declare -A pids=()
for job in typecheck lint build_portal; do
  case $job in
    typecheck) typecheck >"$logs/$job" 2>&1 & ;;
    lint) npm run lint --silent >"$logs/$job" 2>&1 & ;;
    build_portal) build_portal >"$logs/$job" 2>&1 & ;;
  esac
  pids[$job]=$!
done
checks_failed=0
for job in typecheck lint build_portal; do
  rc=0
  wait "${pids[$job]}" || rc=$?
  echo "-- $job: $([ $rc -eq 0 ] && echo ok || echo "FAILED (exit $rc)")"
  # The build prints Vite's table of every chunk; only a failed build's output is of interest here.
  if [ $rc -ne 0 ] || [ "$job" != build_portal ]; then cat "$logs/$job"; fi
  [ $rc -eq 0 ] || checks_failed=1
done
echo "typecheck + lint + portal build: $((SECONDS - phase_started)) s"
phase_end "typecheck + lint + portal build"
[ $checks_failed -eq 0 ] || exit 1
export PORTAL_TEST_DIST="$portal_dist" E2E_PORTAL_DIST="$portal_dist"

status=0
echo "== unit and integration tests"
phase_start
npx vitest run --reporter=default --reporter=json --outputFile=.test-results/unit.json || status=$?
phase_end "unit and integration tests"
echo "== browser tests (Chromium)"
phase_start
packages_rc=0
wait "$packages_pid" || packages_rc=$?
cat "$packages_log"
if [ $packages_rc -ne 0 ]; then
  echo "Installing Debian's packages for the browser tests failed (exit $packages_rc)." >&2
  exit 1
fi
echo "packages ready after $((SECONDS - suite_started)) s (waited $((SECONDS - phase_started)) s)"
npx vitest run --root e2e --reporter=default --reporter=json --outputFile=../.test-results/e2e.json || status=$?
phase_end "browser tests"

echo "== time per phase"
printf '%s\n' "${timings[@]}" "whole suite: $((SECONDS - suite_started)) s"
node scripts/summarize-tests.mjs .test-results/unit.json .test-results/e2e.json || status=$?
exit $status
