import fs from 'node:fs';

/**
 * The browser the journeys drive: the one CHROMIUM_PATH names, else Debian's headless shell
 * (package chromium-headless-shell), else Debian's Chromium. Playwright's own download cannot work
 * here. The headless shell is the lighter build Playwright itself uses for headless runs: the same
 * Blink and V8 without the browser's own interface, which took the journeys from 10.2 to 6.4
 * minutes (decision 047).
 */
const CHROMIUM_CANDIDATES = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p): p is string => Boolean(p) && fs.existsSync(p!));
}
