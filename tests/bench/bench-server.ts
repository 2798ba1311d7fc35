import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The admin API's headers for the server on `dataDir` (its generated admin token). */
export function adminHeaders(dataDir: string) {
  return { 'content-type': 'application/json', 'x-admin-token': fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim() };
}

/**
 * The production server on the bench's data, started as `npm start` starts it (scripts/serve.sh).
 * Its background jobs are off: the offer review would answer the last run's 10,000 imported offers
 * in the middle of the timed cases (the bench times it on its own).
 */
export function startBenchServer({ port, dataDir, log = false }: { port: number; dataDir: string; log?: boolean }) {
  return spawn('sh', ['scripts/serve.sh'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000', MARKETPLACE_JOBS: 'off' },
    stdio: ['ignore', log ? 'inherit' : 'ignore', 'inherit'],
  });
}

export async function waitReady(base: string) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}
