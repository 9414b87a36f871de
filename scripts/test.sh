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

ensure_debian_package /usr/bin/chromium chromium
# The cluster browser test (e2e/tests/cluster.test.ts) runs Debian's nginx (only the binary: the test
# gives it its own configuration on loopback ports) in front of the instances.
ensure_debian_package /usr/sbin/nginx nginx
ensure_postgres

echo "== typecheck"
npm run typecheck --silent
echo "== lint"
npm run lint --silent

status=0
echo "== unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile=.test-results/unit.json || status=$?
echo "== browser tests (Chromium)"
npx vitest run --root e2e --reporter=default --reporter=json --outputFile=../.test-results/e2e.json || status=$?

node scripts/summarize-tests.mjs .test-results/unit.json .test-results/e2e.json || status=$?
exit $status
