import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, startServer, type RunningServer } from './server';

/**
 * The built server with no NODE_ENV is production: nothing of the working tree or the data directory
 * is served, no dev websocket in the CSP, no stack traces, and its secrets are owner-only files.
 */

// A data directory inside the project root, where a dev server that serves the working tree would
// hand its files out (as `./data` is by default).
const relative = `data-security-${Math.random().toString(36).slice(2, 10)}`;
const dataDir = path.resolve(relative);
let server: RunningServer;
/** The server's peak resident memory (VmHWM) once its first start, demo data included, was ready. */
let firstStartPeakMb: number;

beforeAll(async () => {
  // As `npm start` does on a new machine: the README's catalogue size.
  server = await startServer({ SEED_ITEMS: '3000' }, { dataDir, fresh: true });
  firstStartPeakMb =
    Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))![1]) / 1024;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('npm start serves the build, not the working tree', () => {
  it.each([
    `/${relative}/session-secret`,
    `/${relative}/admin-token`,
    `/${relative}/pglite/global/pg_filenode.map`,
    '/app/.server/env.ts',
    '/server/index.ts',
    '/package.json',
    '/build/server/index.js',
    '/build/node/index.js',
    '/.gitignore',
  ])('GET %s is not served (a 404 when signed in, the way to sign-in otherwise)', async (pathname) => {
    const secrets = ['session-secret', 'admin-token'].map((f) => fs.readFileSync(path.join(dataDir, f), 'utf8').trim());
    const anonymous = await fetch(server.url + pathname, { redirect: 'manual' });
    expect(anonymous.status).not.toBe(200);
    const anonymousBody = await anonymous.text();
    for (const secret of secrets) expect(anonymousBody).not.toContain(secret);
    const client = new Client(server.url);
    const buyer = await createBuyer(server);
    await client.signIn(buyer.email, buyer.password);
    const response = await client.request(pathname);
    expect(response.status).toBe(404);
    const body = await response.text();
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/getEnv|createRequestHandler|"name": "buyer-portal"/);
  });

  it('the built client assets are served', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(server.url + asset)).status).toBe(200);
  });

  it('the CSP allows no dev websocket', async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('connect-src');
    expect(csp).not.toMatch(/ws:/);
  });

  it('an error answer shows no stack trace', async () => {
    for (const pathname of ['/_root.data?index', '/?index']) {
      const response = await fetch(server.url + pathname, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'x',
      });
      // A broken body was a 500 with a stack in dev mode; it is now refused as a 400, and either way says nothing of the code.
      expect(response.status).toBeGreaterThanOrEqual(400);
      const body = await response.text();
      expect(body).not.toMatch(/"stack"|\n\s+at |node:internal|undici/);
    }
  });

  it('a client error is logged as a warning with its message, not as an error', async () => {
    const client = new Client(server.url);
    const response = await client.post('/dashboard', { intent: 'x' }, { origin: server.url });
    expect(response.status).toBe(405);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('/dashboard'));
    expect(lines.join('\n')).not.toContain('[object Object]');
    const entries = lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: number; status?: number; message?: string }];
      } catch {
        return [];
      }
    });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 40, status: 405, message: expect.stringContaining('action') }),
    );
  });

  it('the first start, demo data included, stays under 400 MB resident', () => {
    expect(firstStartPeakMb).toBeLessThan(400);
  });

  it('the data directory is owner-only, the session secret and admin token are 0600', () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'session-secret'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'admin-token'))).toBe(0o600);
  });
});

describe('npm start runs the server the way scripts/serve.sh sets it up', () => {
  it('with its memory settings, and node itself as the process that gets the signals', () => {
    const pid = server.process.pid!;
    expect(fs.readlinkSync(`/proc/${pid}/exe`)).toMatch(/node$/);
    const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_TRIM_THRESHOLD_=131072');
    expect(environment).toContain('MALLOC_TOP_PAD_=524288');
    expect(environment.find((entry) => entry.startsWith('NODE_OPTIONS='))).toMatch(
      /^NODE_OPTIONS=--max-semi-space-size=8\b/,
    );
  });

  it("with SERVER_NODE_FLAGS on node's own command line, before the entry (Vitest's --liftoff-only, decision 055)", () => {
    const commandLine = fs.readFileSync(`/proc/${server.process.pid!}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(process.env.SERVER_NODE_FLAGS).toBe('--liftoff-only');
    expect(commandLine).toEqual(['node', '--liftoff-only', 'build/node/index.js']);
  });
});

describe('secrets that already exist with looser modes', () => {
  it('are made owner-only at start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-modes-'));
    fs.writeFileSync(path.join(dir, 'session-secret'), 'x'.repeat(43), { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'admin-token'), 'y'.repeat(43), { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'session-secret'), 0o644);
    fs.chmodSync(path.join(dir, 'admin-token'), 0o666);
    const loose = await startServer({}, { dataDir: dir });
    try {
      expect(mode(path.join(dir, 'session-secret'))).toBe(0o600);
      expect(mode(path.join(dir, 'admin-token'))).toBe(0o600);
    } finally {
      await loose.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
