import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import express from 'express';
import onHeaders from 'on-headers';
import pino from 'pino';
import { getEnv } from '../app/.server/env';
import { cspNonce, refuseCrossOrigin, securityHeaders } from './http/security';
import { strictAuthLimit } from './http/rate-limits';
import { clientErrorStatus, refuseUndecodableUrls } from './http/bad-requests';
import { startEmbeddedMarketplace, type EmbeddedMarketplace } from './marketplace/embedded';

const env = getEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'buyer-portal' } });
const production = env.NODE_ENV === 'production';

const embedded: EmbeddedMarketplace | null = env.TENANT_API_URL ? null : await startEmbeddedMarketplace(env, logger);
const tenantApi = embedded ? embedded.marketplace.fetch : (request: Request) => fetch(request);
const tenantApiBase = env.TENANT_API_URL ?? 'http://embedded-marketplace';

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', 'loopback, linklocal, uniquelocal');

app.use(refuseUndecodableUrls);
app.get('/healthz', (_req, res) => res.json({ status: 'ok', version: APP_VERSION }));
app.get('/readyz', async (_req, res) => {
  try {
    const response = await tenantApi(new Request(new URL('/px-api-gateway/saas-config', tenantApiBase)));
    if (!response.ok) throw new Error(`tenant API answered ${response.status}`);
    res.json({ status: 'ready' });
  } catch (error) {
    logger.warn({ err: error }, 'not ready');
    res.status(503).json({ status: 'unavailable' });
  }
});

app.use(compression());
// Remix flushes after every chunk it streams when the response can flush, which makes gzip emit a
// block per chunk (a 2 MB cart page went out as 500 KB instead of 100 KB). Pages here do not defer,
// so they stream whole and compress as one.
app.use((_req, res, next) => {
  delete (res as { flush?: unknown }).flush;
  next();
});
app.use(cspNonce, securityHeaders);
app.use(refuseCrossOrigin);

const authLimit = strictAuthLimit(env.AUTH_RATE_LIMIT);
app.use(['/px-api-gateway/identity', '/reset-password'], authLimit);
app.post('/', authLimit);

if (embedded) {
  const marketplaceListener = getRequestListener(embedded.marketplace.fetch);
  app.use((req, res, next) => (req.path.startsWith('/px-api-gateway/') ? marketplaceListener(req, res) : next()));
}

const here = path.dirname(fileURLToPath(import.meta.url));
let build: ServerBuild | (() => Promise<ServerBuild>);
if (production) {
  const clientDir = path.join(here, '../client');
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(clientDir, { maxAge: '1h' }));
  build = (await import(path.join(here, '../server/index.js'))) as ServerBuild;
} else {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
}

app.all(
  '*',
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res): AppLoadContext => {
      const context: AppLoadContext = {
        tenantApi,
        tenantApiBase,
        cspNonce: String(res.locals.cspNonce),
        logger: logger.child({ path: req.path }),
      };
      // A loader that refreshed the tokens leaves the new session here; send it unless the response set its own.
      onHeaders(res, () => {
        const pending = context.pendingSessionCookie;
        if (!pending) return;
        const current = res.getHeader('set-cookie');
        const cookies = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
        if (!cookies.some((c) => c.startsWith('__session='))) res.setHeader('set-cookie', [...cookies, pending]);
      });
      return context;
    },
  }),
);

app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  const status = clientErrorStatus(error);
  if (status === 500) logger.error({ err: error }, 'unhandled error');
  if (!res.headersSent) res.status(status).type('text/plain').send(status === 500 ? 'Something went wrong.' : 'Bad request.');
});

const server = app.listen(env.PORT, env.HOST, () => {
  const url = `http://localhost:${env.PORT}`;
  logger.info({ url, tenantApi: env.TENANT_API_URL ?? 'embedded' }, 'buyer portal listening');
  if (embedded) {
    const accounts = embedded.demoAccounts.map((a) => `  ${a.email.padEnd(24)} ${a.password.padEnd(12)} ${a.who}`);
    process.stdout.write(`\nBuyer portal: ${url}\nDemo sign-in accounts:\n${accounts.join('\n')}\n\n`);
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeAllConnections();
  await embedded?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
