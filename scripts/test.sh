#!/usr/bin/env bash
# Runs every test: types, unit and integration (Vitest), then the end-to-end journeys (Playwright in
# Chromium, with JavaScript on and off), on PGlite and again on PostgreSQL with two replicas when
# PostgreSQL is there. Installs Debian's Chromium first when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

find_chromium() {
  for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

if ! find_chromium >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Chromium from Debian for the end-to-end tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$(find_chromium)"

# A real PostgreSQL for its tests and the second end-to-end run, when this machine can run one (Debian, as root).
setup_postgres() {
  [ -n "${TEST_DATABASE_URL:-}" ] && return 0
  [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null || return 1
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "Installing PostgreSQL from Debian for the migration test..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1)
  [ -n "$version" ] || return 1
  pg_ctlcluster "$version" main start 2>/dev/null || pg_ctlcluster "$version" main status >/dev/null || return 1
  su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname='portal_test'\" | grep -q 1 || psql -qc \"CREATE ROLE portal_test LOGIN SUPERUSER PASSWORD 'portal_test'\"" >/dev/null || return 1
  su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname='portal_test'\" | grep -q 1 || createdb -O portal_test portal_test" >/dev/null || return 1
  export TEST_DATABASE_URL=postgres://portal_test:portal_test@127.0.0.1:5432/portal_test
}
if setup_postgres; then echo "PostgreSQL test database: ready"; else echo "PostgreSQL not available here: its migration test is skipped"; fi

echo "== types"
npx tsc --noEmit -p .
echo "== build"
npm run build
echo "== the image's runtime stage, proved without Docker"
if [ "$(id -u)" = "0" ] && setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null; then
  bash scripts/image-proof.sh
else
  echo "image proof: skipped (it runs the server as nobody through setpriv, which needs root)"
fi
echo "== unit, integration and security tests (security runs the built server)"
npx vitest run
echo "== end-to-end tests (js and no-js)"
npx playwright test
# The journeys again on PostgreSQL, each tenant as two replicas behind a round-robin proxy, so that
# every journey crosses replicas. What this pass proves is the database and the replicas: it runs the
# journeys with scripts that write (sign-in and sessions, cart, offers, checkout, orders, returns...)
# and leaves to the first pass the accessibility and width checks, which read the same markup, and
# the journeys that only read pages (texts, shell, search, phone widths, the accessibility check's
# own test). Everything on PostgreSQL: E2E_PG_PROJECTS=all.
READ_ONLY_JOURNEYS='/(accessibility-check|export|home|i18n|phone|pseudo-locale|shell|stock-search|tutorial|version)\.spec\.ts$'
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== end-to-end tests on PostgreSQL with two replicas"
  started=$(date +%s)
  # --project takes several names: it goes after the files, as --project=js, or it swallows them.
  selection=($(ls tests/e2e/*.spec.ts | grep -Ev "$READ_ONLY_JOURNEYS") --project=js)
  [ "${E2E_PG_PROJECTS:-}" = "all" ] && selection=()
  E2E_DATABASE_URL="$TEST_DATABASE_URL" E2E_SKIP_AXE=1 npx playwright test "${selection[@]}"
  echo "end-to-end tests on PostgreSQL took $(( $(date +%s) - started )) s"
else
  echo "PostgreSQL not available here: the end-to-end tests on PostgreSQL are skipped"
fi
