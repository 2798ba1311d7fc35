import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seededDatabase } from './seeded-database';

/** The built server, started as `npm start` and the Docker image start it. */
const ENTRY = path.resolve('build/node/index.js');
const SERVE = path.resolve('scripts/serve.sh');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** What the process wrote, for assertions on start-up messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

let portsTaken = 0;

/**
 * A port free now, from a range of this test worker's own below the kernel's ephemeral ports: two
 * workers asking at once cannot both get one port (a server that failed to listen on it could take
 * the other worker's server, ready on it, for its own).
 */
export async function freePort(): Promise<number> {
  // TEST_PORT_BASE gives the run 50 ports of its own from there, 10 a worker (a machine shared by several runs).
  const given = Number(process.env.TEST_PORT_BASE ?? 0);
  const size = given ? 10 : 500;
  const range = given
    ? given + (Number(process.env.VITEST_POOL_ID ?? 0) % 5) * 10
    : 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 24) * 500;
  for (let tries = 0; tries < size; tries++) {
    const port = range + (portsTaken++ % size);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port in this worker's range");
}

/**
 * Starts the built server on a free port (or the one given) with a data directory of its own (or the
 * one given) and waits until it is ready. The environment is the README's defaults plus `env` (and the suite's PASSWORD_HASH_COST and SERVER_NODE_FLAGS); no NODE_ENV is set,
 * so what is tested is what a tenant gets. Under Vitest a new PGlite database is loaded from the suite's
 * migrated copy (PGLITE_TEMPLATE_DIR, as an operator of many tenants may set it) instead of running
 * initdb and every migration again, which took 5 s and more of each start, and a new data directory
 * gets the run's copy of the database a first start with these settings seeds (./seeded-database.ts);
 * `fresh` starts as `npm start` does on a new machine.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    dataDir?: string;
    port?: number;
    fresh?: boolean;
    /** The server outlives this test file: its own process group, its output in this file. */
    detachedLog?: string;
  } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(ENTRY)) throw new Error('build/node/index.js is missing: run `npm run build` first');
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-security-'));
  const template = options.fresh ? {} : { PGLITE_TEMPLATE_DIR: process.env.PGLITE_TEMPLATE_DIR };
  const childEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_ITEMS: '200',
    LOG_LEVEL: 'warn',
    MARKETPLACE_JOBS: 'off',
    // Under Vitest the suite's password hash cost (decision 049); the bench's servers keep the default.
    ...(process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {}),
    // Under Vitest, PGlite's WebAssembly in V8's baseline compiler only (decision 055).
    ...(process.env.SERVER_NODE_FLAGS ? { SERVER_NODE_FLAGS: process.env.SERVER_NODE_FLAGS } : {}),
    ...template,
    ...env,
  };
  const seeded =
    options.fresh || fs.existsSync(path.join(dataDir, 'pglite')) ? undefined : await seededDatabase(childEnv);
  if (seeded) fs.cpSync(seeded, path.join(dataDir, 'pglite'), { recursive: true });
  const log = options.detachedLog ? fs.openSync(options.detachedLog, 'a') : null;
  const child = spawn('sh', [SERVE], {
    env: childEnv as NodeJS.ProcessEnv,
    stdio: log === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
    detached: log !== null,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  if (log !== null) {
    fs.closeSync(log);
    child.unref();
  }
  const outputNow = () => (options.detachedLog ? fs.readFileSync(options.detachedLog, 'utf8') : output);
  let stopping = false;
  // A server that dies under a test says why, in the test's output.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The server on port ${port} exited by itself (${code ?? signal}):\n${outputNow()}`);
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: two test files may start servers at once on a two-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${outputNow()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stopping = true;
      child.kill('SIGKILL');
      throw new Error(`server did not get ready:\n${outputNow()}`);
    }
    // Often enough that a restart is not kept waiting (the fault tests restart their server 16 times).
    await new Promise((r) => setTimeout(r, 40));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: outputNow,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Where a test reaches a server: its address, and its data directory for the admin token. */
export type ServerAddress = Pick<RunningServer, 'url' | 'port' | 'dataDir'>;

/** A minimal cookie jar for one browser-like client. */
export class Client {
  private cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** A request as a browser would send it (same origin), without following redirects. */
  async request(
    pathname: string,
    init: RequestInit & { form?: Record<string, string> | URLSearchParams } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    let body = init.body;
    if (init.form) {
      body = init.form instanceof URLSearchParams ? init.form : new URLSearchParams(init.form);
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
    }
    const response = await fetch(new URL(pathname, this.base), { ...init, body, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(pathname: string, form: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}) {
    return this.request(pathname, { method: 'POST', form, headers });
  }

  async signIn(email: string, password: string): Promise<Response> {
    const response = await this.post('/?index', { intent: 'sign-in', email, password, redirectTo: '' });
    if (response.status !== 302 || !this.cookies.has('__session')) {
      throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
    }
    return response;
  }
}

export const DEMO_PASSWORD = 'Demo#2026';

/** The admin token the server keeps in its data directory (the CLI's way in). */
export function adminToken(server: ServerAddress): string {
  return fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
}

/** Creates a buyer of its own through the admin API, so tests never share state. */
export async function createBuyer(
  server: ServerAddress,
  authorities: string[] = ['CAN_BUY_ONLINE', 'CAN_SET_STOCKLIST_ALERT', 'CAN_SUBSCRIBE_DAILY_REPORT'],
) {
  const email = `sec-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await fetch(`${server.url}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken(server) },
    body: JSON.stringify({
      email,
      password: DEMO_PASSWORD,
      firstName: 'Sam',
      lastName: 'Probe',
      isBuyer: true,
      authorities,
    }),
  });
  if (response.status !== 201) throw new Error(`creating a buyer failed: ${response.status} ${await response.text()}`);
  return { email, password: DEMO_PASSWORD };
}

/** One tenant API call as a buyer (with the admin token, for the admin routes); the status and the parsed answer. */
export async function apiCall(server: ServerAddress, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/px-api-gateway${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-admin-token': adminToken(server),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

export interface SignedInBuyer {
  email: string;
  /** Signed in to the portal. */
  client: Client;
  /** An access token of the tenant API. */
  token: string;
}

/** A new buyer, signed in to the portal and to the tenant API. */
export async function signedInBuyer(server: ServerAddress): Promise<SignedInBuyer> {
  const { email, password } = await createBuyer(server);
  const client = new Client(server.url);
  await client.signIn(email, password);
  const signIn = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { client, email, token: ((await signIn.json()) as { accessToken: string }).accessToken };
}
