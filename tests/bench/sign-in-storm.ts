import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, scratchBenchServer } from './bench-server';

/**
 * A sign-in storm: STORM_BUYERS (100) buyers post the sign-in form at once while one signed-in buyer
 * loads the stock page one request after another. Reports the sign-ins' p50 and p99 (and how many
 * were answered "busy, try again"), and the page's p50 and p99 before and during the storm. The
 * password hashing (scrypt) is what the sign-ins wait for; the page needs none, so its p99 during the
 * storm says whether hashing starves everything else. Run by tests/bench/run.ts;
 * `npx tsx tests/bench/sign-in-storm.ts` runs it alone on a server of its own (`npm run build` first).
 */
const BUYERS = Number(process.env.STORM_BUYERS ?? 100);
const PASSWORD = 'Demo#2026';
const PAGE = '/stock';

interface Percentiles {
  count: number;
  p50: number;
  p99: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

async function signInForm(
  base: string,
  email: string,
): Promise<{ ms: number; status: number; cookie: string | undefined }> {
  const started = performance.now();
  const response = await fetch(`${base}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email, password: PASSWORD, redirectTo: '' }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('__session='))
    ?.split(';')[0];
  return { ms: performance.now() - started, status: response.status, cookie };
}

async function pageOnce(base: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${PAGE}`, { headers: { cookie }, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${PAGE} answered ${response.status}`);
  return performance.now() - started;
}

/** The buyers of the storm, made once per data directory (the admin API hashes each password). */
async function makeBuyers(base: string, dataDir: string): Promise<string[]> {
  const emails = Array.from({ length: BUYERS }, (_, i) => `storm-${i}@example.com`);
  for (const email of emails) {
    const response = await fetch(`${base}/px-api-gateway/admin/users`, {
      method: 'POST',
      headers: adminHeaders(dataDir),
      body: JSON.stringify({ email, password: PASSWORD, isBuyer: true, authorities: ['CAN_BUY_ONLINE'] }),
    });
    if (response.status !== 201 && response.status !== 409)
      throw new Error(`making ${email} answered ${response.status}: ${await response.text()}`);
  }
  return emails;
}

export interface StormResult {
  signIn: Percentiles & { busy: number; failed: number };
  /** The sign-ins that got in, and those told to come back (503 or 429 with Retry-After). */
  signedIn: Percentiles;
  toldToRetry: Percentiles;
  quietPage: Percentiles;
  stormPage: Percentiles;
}

/** The storm against a running server at `base` whose data directory is `dataDir`. */
export async function signInStorm({ base, dataDir }: { base: string; dataDir: string }): Promise<StormResult> {
  const emails = await makeBuyers(base, dataDir);
  const watcher = await signInForm(base, 'buyer@example.com');
  if (!watcher.cookie) throw new Error(`the watching buyer could not sign in: ${watcher.status}`);
  const cookie = watcher.cookie;
  for (let i = 0; i < 10; i++) await pageOnce(base, cookie);
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) quiet.push(await pageOnce(base, cookie));

  let storming = true;
  const during: number[] = [];
  const watching = (async () => {
    while (storming) during.push(await pageOnce(base, cookie));
  })();
  const answers = await Promise.all(emails.map((email) => signInForm(base, email)));
  storming = false;
  await watching;

  const signedIn = answers.filter((a) => a.status === 302 && a.cookie);
  const busy = answers.filter((a) => a.status === 503 || a.status === 429);
  return {
    signIn: {
      ...percentiles(answers.map((a) => a.ms)),
      busy: busy.length,
      failed: answers.length - signedIn.length - busy.length,
    },
    signedIn: percentiles(signedIn.map((a) => a.ms)),
    toldToRetry: percentiles(busy.map((a) => a.ms)),
    quietPage: percentiles(quiet),
    stormPage: percentiles(during),
  };
}

export function printStorm(result: StormResult) {
  const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(9);
  const { signIn, signedIn, toldToRetry, quietPage, stormPage } = result;
  console.log(`\nSign-in storm: ${signIn.count} sign-ins at once while a signed-in buyer loads ${PAGE}`);
  console.log(
    `  sign-in          p50 ${ms(signIn.p50)}  p99 ${ms(signIn.p99)}  (${signIn.count - signIn.busy - signIn.failed} signed in, ${signIn.busy} told to retry, ${signIn.failed} failed)`,
  );
  console.log(`    signed in      p50 ${ms(signedIn.p50)}  p99 ${ms(signedIn.p99)}`);
  if (toldToRetry.count) console.log(`    told to retry  p50 ${ms(toldToRetry.p50)}  p99 ${ms(toldToRetry.p99)}`);
  console.log(`  ${PAGE} quiet     p50 ${ms(quietPage.p50)}  p99 ${ms(quietPage.p99)}  (${quietPage.count} requests)`);
  console.log(`  ${PAGE} in storm  p50 ${ms(stormPage.p50)}  p99 ${ms(stormPage.p99)}  (${stormPage.count} requests)`);
}

/** The storm on the built server with a small catalogue in a data directory of its own (BENCH_PORT). */
export async function signInStormBench() {
  const { base, dataDir, stop } = await scratchBenchServer('bench-storm-', 500);
  try {
    printStorm(await signInStorm({ base, dataDir }));
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  signInStormBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
