/**
 * What the load cases on two replicas share (tests/bench/buyers.ts, tests/bench/bidders.ts): a
 * cluster of the built server on its own PostgreSQL database, latencies and errors per step, the
 * replicas' peak RSS, the admin API, and the report's table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import { Client } from '../security/server';

export class StepError extends Error {}

/** Latencies and errors per step, as every simulated buyer's requests add to them. */
export class Tally<Step extends string> {
  samples: Map<Step, number[]>;
  errors: Map<Step, number>;
  firstErrors: string[] = [];

  constructor(readonly steps: readonly Step[]) {
    this.samples = new Map(steps.map((s) => [s, []]));
    this.errors = new Map(steps.map((s) => [s, 0]));
  }

  /** Times one request of a step; a status not among the expected ones is an error of that step. */
  async timed(step: Step, expected: number | number[], request: () => Promise<Response>): Promise<Response> {
    const started = performance.now();
    let response: Response;
    try {
      response = await request();
      await response.clone().arrayBuffer();
    } catch (error) {
      this.fail(step, String(error));
      throw new StepError(step);
    }
    this.samples.get(step)!.push(performance.now() - started);
    if (!([] as number[]).concat(expected).includes(response.status)) {
      this.fail(
        step,
        `${response.status} ${response.headers.get('location') ?? ''} ${(await response.text()).slice(0, 200)}`,
      );
      throw new StepError(step);
    }
    return response;
  }

  private fail(step: Step, what: string) {
    this.errors.set(step, this.errors.get(step)! + 1);
    if (this.firstErrors.length < 5) this.firstErrors.push(`${step}: ${what}`);
  }

  /** Prints requests, requests a second, p50, p99 and errors per step, and answers the errors in all. */
  report(elapsedSeconds: number): number {
    console.log(
      'step'.padEnd(30),
      'requests'.padStart(9),
      'req/s'.padStart(7),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
    );
    let errors = 0;
    for (const step of this.steps) {
      const sorted = this.samples.get(step)!.sort((a, b) => a - b);
      errors += this.errors.get(step)!;
      console.log(
        step.padEnd(30),
        String(sorted.length).padStart(9),
        (sorted.length / elapsedSeconds).toFixed(1).padStart(7),
        percentile(sorted, 0.5).toFixed(0).padStart(8),
        percentile(sorted, 0.99).toFixed(0).padStart(8),
        String(this.errors.get(step)).padStart(7),
      );
    }
    console.log(
      `errors: ${errors} (goal 0): ${errors === 0 ? 'held' : 'short'}${this.firstErrors.length ? `; first: ${this.firstErrors.join(' | ')}` : ''}`,
    );
    return errors;
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

/** Peak resident set of the replicas: VmRSS sampled during the run, VmHWM (since start-up, seeding included) at the end. */
export function rssSampler(cluster: Cluster) {
  const peaks = cluster.replicas.map(() => 0);
  const read = (pid: number | undefined, field: string) => {
    try {
      return (
        Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
        1024
      );
    } catch {
      return 0;
    }
  };
  const timer = setInterval(
    () => cluster.replicas.forEach((r, i) => (peaks[i] = Math.max(peaks[i]!, read(r.pid, 'VmRSS')))),
    250,
  );
  return {
    /** Stops sampling and prints each replica's peaks. */
    stop() {
      clearInterval(timer);
      cluster.replicas.forEach((r, i) =>
        console.log(
          `replica ${i + 1} peak RSS`.padEnd(30),
          `${peaks[i]!.toFixed(0)} MB under load (VmRSS sampled), ${read(r.pid, 'VmHWM').toFixed(0)} MB since start (VmHWM)`,
        ),
      );
    },
  };
}

export async function adminCall(base: string, token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${base}/px-api-gateway${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function onDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on two replicas on PostgreSQL (`BENCH_DATABASE_URL` or `TEST_DATABASE_URL`, in a
 * database `<name>_bench_<suffix>` beside it) and stops them after; answers false when no
 * PostgreSQL is configured.
 */
export async function onTwoReplicas(
  label: string,
  suffix: string,
  options: { port: number; items: string },
  work: (run: { cluster: Cluster; adminToken: string; databaseUrl: string }) => Promise<void>,
): Promise<boolean> {
  const configured = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!configured) {
    console.log(`\n${label}: skipped (no PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL).`);
    return false;
  }
  const databaseUrl = Object.assign(new URL(configured), {
    pathname: `${new URL(configured).pathname}_bench_${suffix}`,
  }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${suffix}-`));
  console.log(
    `\n${label}: starting 2 replicas on ${new URL(databaseUrl).pathname.slice(1)} (${options.items} items)...`,
  );
  const cluster = await startCluster({
    databaseUrl,
    adminUrl: configured,
    port: options.port,
    dataDir,
    // As for the bench's own server: BENCH_SERVER_LOG shows what the replicas log (warnings and errors).
    forwardOutput: Boolean(process.env.BENCH_SERVER_LOG),
    env: { SEED_ITEMS: options.items, AUTH_RATE_LIMIT: '100000', AUTH_ACCOUNT_LIMIT: '100000', LOG_LEVEL: 'warn' },
  });
  try {
    const adminToken = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    await work({ cluster, adminToken, databaseUrl });
    return true;
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A buyer signed in to the portal (the form without scripts); a sign-in the hashing queue turns away (503) is tried again as its answer asks. */
export async function signedIn(base: string, email: string, password: string): Promise<Client> {
  const client = new Client(base);
  for (let attempt = 1; ; attempt++) {
    const answer = await client.post('/?index', { intent: 'sign-in', email, password, redirectTo: '' });
    if (answer.status === 302) return client;
    if (answer.status !== 503 || attempt === 5) throw new Error(`${email} could not sign in: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
  }
}
