import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The admin API's headers for the server on `dataDir` (its generated admin token). */
export function adminHeaders(dataDir: string) {
  return {
    'content-type': 'application/json',
    'x-admin-token': fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim(),
  };
}

/**
 * The production server on the bench's data, started as `npm start` starts it (scripts/serve.sh).
 * Its background jobs are off: the offer review would answer the last run's 10,000 imported offers
 * in the middle of the timed cases (the bench times it on its own).
 */
export function startBenchServer({
  port,
  dataDir,
  log = false,
  env = {},
}: {
  port: number;
  dataDir: string;
  log?: boolean;
  env?: Record<string, string>;
}) {
  return spawn('sh', ['scripts/serve.sh'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      MARKETPLACE_JOBS: 'off',
      ...env,
    },
    stdio: ['ignore', log ? 'inherit' : 'ignore', 'inherit'],
  });
}

export async function waitReady(base: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/**
 * A bench script run alone: its own server on its own data (`BENCH_PORT`, a data directory given by
 * `dataVariable` or `fallbackDir`), seeded with `items` on the first run, and ready. The caller kills it.
 */
export async function standaloneBenchServer({
  port,
  dataVariable,
  fallbackDir,
  items,
}: {
  port: number;
  dataVariable: string;
  fallbackDir: string;
  items: number;
}) {
  const base = `http://127.0.0.1:${Number(process.env.BENCH_PORT ?? port)}`;
  const dataDir = path.resolve(process.env[dataVariable] ?? fallbackDir);
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
    execFileSync('npx', ['tsx', 'server/marketplace/cli.ts', 'seed', '--items', String(items), '--reset'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: 'inherit',
    });
  }
  const server = startBenchServer({ port: Number(new URL(base).port), dataDir });
  try {
    await waitReady(base);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { base, dataDir, server };
}

/**
 * A bench on a server of its own (`BENCH_PORT`), on a new data directory a first start seeds with
 * `items`, ready; `stop` ends it and removes its data.
 */
export async function scratchBenchServer(prefix: string, items: number) {
  const port = Number(process.env.BENCH_PORT ?? 3199);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = startBenchServer({ port, dataDir, env: { SEED_ITEMS: String(items) } });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, server, stop };
}

/** The portal's session cookie of a buyer signed in through the sign-in form. */
export async function portalSessionCookie(base: string, email: string, password: string) {
  const portal = await fetch(`${base}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email, password }),
  });
  return portal.headers
    .getSetCookie()
    .find((c) => c.startsWith('__session='))!
    .split(';')[0]!;
}
