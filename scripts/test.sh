#!/usr/bin/env bash
# Runs every test: types, unit and integration (Vitest), then the end-to-end journeys (Playwright in
# Chromium, with JavaScript on and off). Installs Debian's Chromium first when it is missing.
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

echo "== types"
npx tsc --noEmit -p .
echo "== unit and integration tests"
npx vitest run
echo "== build"
npm run build
echo "== end-to-end tests (js and no-js)"
npx playwright test
