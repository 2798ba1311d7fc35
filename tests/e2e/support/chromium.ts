import fs from 'node:fs';

/** Debian's Chromium, or the browser CHROMIUM_PATH names; Playwright's own download cannot work here. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && fs.existsSync(p!));
}
