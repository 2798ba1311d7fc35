import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The version a build carries: package version plus the commit (or BUILD_ID), so that every deploy
 * differs and signed-in browsers on an older build are asked to refresh.
 */
export function appVersion() {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  let build = process.env.BUILD_ID ?? '';
  if (!build) {
    try {
      build = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      build = '';
    }
  }
  return build ? `${version}+${build}` : version;
}
