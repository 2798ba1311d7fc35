import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { recreateDatabase } from './scratch-postgres';
import { freePort, startServer, type RunningServer } from '../security/server';

/**
 * A tenant served the way a scaled-out deployment serves it: N replicas of the built server on one
 * PostgreSQL database, behind a round-robin proxy that sends every request to the next replica in
 * turn (no stickiness), so a buyer's consecutive requests cross replicas.
 *
 *   const cluster = await startCluster({ databaseUrl: 'postgres://…/e2e_demo', port: 3401, dataDir: 'data-e2e' });
 *   await fetch(`${cluster.url}/readyz`);
 *   await cluster.replicas[0]!.kill('SIGKILL');   // the proxy skips it until…
 *   await cluster.replicas[0]!.restart();         // …it is ready again
 *   await cluster.stop();
 *
 * The CLI (tests/support/cluster-cli.ts) starts one for Playwright's webServer.
 */
export interface ClusterOptions {
  /** The cluster's own database; it is dropped and created afresh. */
  databaseUrl: string;
  /** Where the database is dropped and created from; by default the same server's `postgres` database. */
  adminUrl?: string;
  replicas?: number;
  /** The proxy's port (the replicas take free ports of their own). */
  port: number;
  /** More environment for every replica (TENANT_CONFIG, SEED_ITEMS, …). */
  env?: Record<string, string>;
  /**
   * The replicas' shared DATA_DIR, emptied first. With DATABASE_URL it holds only the outbox; the
   * cluster writes its ADMIN_TOKEN to `admin-token` there, where tests read a single server's.
   */
  dataDir: string;
  /** Pass what the replicas write (once started) on to this process's stdout and stderr. */
  forwardOutput?: boolean;
}

export interface Replica {
  url: string;
  /** The running process's id; undefined while it is down. */
  readonly pid: number | undefined;
  /** Sends the signal and waits until the process has exited; the proxy skips it from now on. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port with the same environment and waits until it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address. */
  url: string;
  replicas: Replica[];
  /** Stops the proxy and every replica (the database stays, for a look after a failure). */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  await recreateDatabase(options.databaseUrl, options.adminUrl);
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const adminToken = options.env?.ADMIN_TOKEN ?? randomBytes(32).toString('base64url');
  fs.writeFileSync(path.join(options.dataDir, 'admin-token'), adminToken, { mode: 0o600 });
  const env = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DEMO_DATA: 'on',
    ...options.env,
    ADMIN_TOKEN: adminToken,
    DATABASE_URL: options.databaseUrl,
  };

  const started = await Promise.allSettled(
    Array.from({ length: options.replicas ?? 2 }, async () => replica(env, options, await freePort())),
  );
  const replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(replicas.map((r) => r.kill('SIGKILL')));
    throw failed.reason;
  }
  const proxy = await startProxy(options.port, replicas).catch(async (error) => {
    await Promise.all(replicas.map((r) => r.kill('SIGKILL')));
    throw error;
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    replicas,
    async stop() {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
      await Promise.all(replicas.map((r) => r.kill('SIGTERM')));
    },
  };
}

interface ProxiedReplica extends Replica {
  port: number;
  readonly up: boolean;
}

async function replica(
  env: Record<string, string>,
  { dataDir, forwardOutput }: ClusterOptions,
  port: number,
): Promise<ProxiedReplica> {
  const start = async () => {
    const started = await startServer(env, { dataDir, port });
    if (forwardOutput) {
      started.process.stdout!.on('data', (chunk) => process.stdout.write(chunk));
      started.process.stderr!.on('data', (chunk) => process.stderr.write(chunk));
    }
    return started;
  };
  let server: RunningServer | undefined = await start();
  const self: ProxiedReplica = {
    url: server.url,
    port,
    get pid() {
      return server?.process.pid;
    },
    get up() {
      return server !== undefined && server.process.exitCode === null && server.process.signalCode === null;
    },
    async kill(signal = 'SIGTERM') {
      const running = server;
      server = undefined;
      await running?.stop(signal);
    },
    async restart() {
      await self.kill('SIGTERM');
      server = await start();
    },
  };
  return self;
}

/** Headers of one connection, not of the message: a proxy does not pass them on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

/** The proxy's answer header naming the replica (its index) that answered. */
export const SERVED_BY = 'x-served-by';

/**
 * Every request goes to the next replica that is up, its body streamed both ways; the Host header,
 * Set-Cookie and redirects pass unchanged, and the client's address and protocol go on in
 * X-Forwarded-For and X-Forwarded-Proto (the replicas heed them only if TRUST_PROXY says so). The
 * answer names its replica in X-Served-By.
 */
function startProxy(port: number, replicas: ProxiedReplica[]): Promise<http.Server> {
  // A connection per request: a kept-alive one may be closed by the replica just as a request is sent
  // on it, and a request with a body cannot be sent again (a POST then failed as a 502 under load).
  const agent = new http.Agent({ keepAlive: false });
  let next = 0;
  const nextUp = () => {
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[next++ % replicas.length]!;
      if (r.up) return r;
    }
    return undefined;
  };

  function forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const target = nextUp();
    if (!target) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no replica is up');
      return;
    }
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...withoutHopByHop(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
          ...withoutHopByHop(answer.headers),
          [SERVED_BY]: String(replicas.indexOf(target)),
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      // A replica may answer before it has read the whole body and then close the connection: the
      // rest of the body is read and dropped, so the client's kept-alive connection stays usable.
      req.unpipe(upstream);
      req.resume();
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('the replica did not answer');
      else if (!res.writableFinished) res.destroy();
    });
    req.pipe(upstream);
  }

  const server = http.createServer((req, res) => forward(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
