#!/usr/bin/env bash
# Runs every test: types, unit and integration (Vitest), then the end-to-end journeys (Playwright in
# Chromium, with JavaScript on and off) in one pass over both stores: with scripts on PostgreSQL with
# two replicas when PostgreSQL is there, without scripts on PGlite. Installs PostgreSQL first when
# missing, and Debian's Chromium beside the checks. Says each phase's seconds and the slowest tests
# (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's seconds, said as it ends and again together at the end (also when a phase fails).
PHASES=()
SUITE_STARTED=$(date +%s)
report_phases() {
  local code=$?
  echo
  echo "== where the time went"
  for line in "${PHASES[@]}"; do echo "  $line"; done
  echo "  total: $(( $(date +%s) - SUITE_STARTED )) s"
  return $code
}
trap report_phases EXIT
phase() {
  local name=$1 started
  shift
  echo "== $name"
  started=$(date +%s)
  "$@" || {
    local code=$?
    PHASES+=("$name: $(( $(date +%s) - started )) s (failed)")
    return $code
  }
  PHASES+=("$name: $(( $(date +%s) - started )) s")
  echo "$name took $(( $(date +%s) - started )) s"
}

# The journeys' browser: CHROMIUM_PATH, else Debian's headless shell (the lighter build Playwright
# uses for headless runs; decision 047), else Debian's Chromium.
find_chromium() {
  for candidate in "${CHROMIUM_PATH:-}" /usr/lib/chromium/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

install_chromium() {
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/lib/chromium/chromium-headless-shell ] \
    && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium headless shell for the end-to-end tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null \
      || echo "chromium-headless-shell could not be installed: the journeys use another Chromium if there is one"
  fi
  if ! find_chromium >/dev/null; then
    echo "No Chromium found. Install it (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
    exit 1
  fi
}

# A real PostgreSQL for its tests and the journeys with scripts, when this machine can run one (Debian, as root).
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
postgres_ready() {
  if setup_postgres; then echo "PostgreSQL test database: ready"; else echo "PostgreSQL not available here: its tests are skipped"; fi
}
phase "set-up: PostgreSQL" postgres_ready

# Only the journeys need Chromium: on a new machine its install (mostly waiting on Debian's mirror)
# runs beside the checks and Vitest, after PostgreSQL's so that the two never hold apt's lock at once.
CHROMIUM_LOG=$(mktemp)
( started=$(date +%s); install_chromium; echo "Chromium ready after $(( $(date +%s) - started )) s, beside the checks" ) >"$CHROMIUM_LOG" 2>&1 &
CHROMIUM_INSTALL=$!
chromium_ready() {
  local code=0
  wait "$CHROMIUM_INSTALL" || code=$?
  cat "$CHROMIUM_LOG"
  rm -f "$CHROMIUM_LOG"
  return $code
}

# The build the tests run is the image's build stage's (scripts/image-proof.sh does it in a copy of
# the project as the Dockerfile says, then proves the runtime stage): the project is built once.
# Without root the proof cannot run its server as nobody, and the project is built in place.
build_and_image_proof() {
  if [ "$(id -u)" = "0" ] && setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null; then
    IMAGE_PROOF_BUILD_TO="$PWD/build" bash scripts/image-proof.sh
  else
    echo "image proof: skipped (it runs the server as nobody through setpriv, which needs root)"
    npm run build
  fi
}

# The checks before the tests use a core each at most (tsc and the image proof's server mostly one),
# so they run side by side on the two cores: each one's output is shown whole when it ends.
side_by_side() {
  local dir names=() pids=() started failed=0 i
  dir=$(mktemp -d)
  started=$(date +%s)
  while [ $# -gt 0 ]; do
    names+=("$1")
    (
      t0=$(date +%s)
      if "$2" >"$dir/${#names[@]}.log" 2>&1; then code=0; else code=$?; fi
      echo $(($(date +%s) - t0)) >"$dir/${#names[@]}.seconds"
      exit $code
    ) &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    local n=$((i + 1)) status=ok
    wait "${pids[$i]}" || { status=failed; failed=1; }
    echo "-- ${names[$i]} ($status)"
    cat "$dir/$n.log"
    local note=''
    [ "$status" = ok ] || note=' (failed)'
    PHASES+=("  ${names[$i]}: $(cat "$dir/$n.seconds" 2>/dev/null || echo '?') s$note")
  done
  rm -rf "$dir"
  echo "the checks before the tests took $(( $(date +%s) - started )) s side by side"
  return $failed
}
format() { npx prettier --check --log-level warn .; }
types() { npx tsc --noEmit -p .; }
lint() { npx eslint .; }
phase "format, lint, types, and the build in the image's build stage with its runtime stage (proved without Docker), side by side" \
  side_by_side "format (Prettier)" format "lint (ESLint)" lint "types" types \
  "the build, in the image's build and runtime stages" build_and_image_proof
# The components' files each get fresh modules; the rest share a fork's modules from file to file
# (`--no-isolate`: a run's 93 s of importing, file after file, went down to about a third).
vitest_runs() {
  local failed=0
  npx vitest run --project components || failed=1
  npx vitest run --project node --no-isolate || failed=1
  return $failed
}
phase "unit, integration and security tests (security runs the built server)" vitest_runs
# One pass of the journeys proves both stores: with PostgreSQL here, the journeys with scripts run
# against each tenant as two replicas on PostgreSQL behind a round-robin proxy (every journey crosses
# replicas) and those without scripts, and on a phone, against one server on PGlite
# (playwright.config.ts). Without PostgreSQL every journey runs on PGlite.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  export E2E_DATABASE_URL="$TEST_DATABASE_URL"
  echo "Journeys with scripts on PostgreSQL with two replicas, without scripts on PGlite"
else
  echo "PostgreSQL not available here: every journey runs on PGlite"
fi
phase "set-up: Chromium (what was left of its install)" chromium_ready
export CHROMIUM_PATH="$(find_chromium)"
phase "end-to-end journeys (js and no-js)" npx playwright test
