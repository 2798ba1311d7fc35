import './memory-tuning';
import path from 'node:path';
import { payPalApproveOrigin } from './marketplace/services/payments/paypal';
import { fileURLToPath } from 'node:url';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import express from 'express';
import onHeaders from 'on-headers';
import pino from 'pino';
import { builtServer, getEnv } from '../app/.server/env';
import { notePath, requireNormalPath } from './http/paths';
import { memoryLimitStore } from './http/limit-store';
import { postgresLimitStore } from './http/postgres-limit-store';
import { authLimits } from './http/rate-limits';
import { deviceTokens } from './http/device-tokens';
import {
  metricsHandler,
  recordJobRun,
  routeNamer,
  timeRequests,
  watchDatabasePool,
  watchPasswordHashing,
} from './http/metrics';
import { hashingQueue } from './marketplace/services/identity/passwords';
import { builtFiles } from './http/built-files';
import { remixHandler } from './http/remix';
import { installStringBodies } from './http/string-bodies';
import { inProcessRequest } from './http/in-process-request';
import {
  cspNonce,
  noStore,
  refuseCrossOrigin,
  secureCookies,
  securityHeaders,
  tenantContentSources,
} from './http/security';
import { getTenantConfig } from '../app/.server/api/settings';
import { sessionSetCookie } from '../app/.server/request-session';
import { contentSources } from '../app/domain/content-sources';
import {
  clientErrorStatus,
  closeWhenBodyUnread,
  refuseLegacyDataRequests,
  refuseUndecodableUrls,
} from './http/bad-requests';
import { startEmbeddedMarketplace, type EmbeddedMarketplace } from './marketplace/embedded';

const env = getEnv();
// What loads from here on (the Remix build's own copy of env.ts, React) sees the same mode: the
// built server is production unless NODE_ENV says otherwise.
process.env.NODE_ENV = env.NODE_ENV;
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'buyer-portal' } });
/** The Vite dev middleware exists only under `npm run dev` (tsx), never in the built server. */
const dev = !builtServer;
if (dev) {
  process.stderr.write(
    `\n*** DEVELOPMENT SERVER (npm run dev): Vite serves source modules and errors show stack traces. ` +
      `Listening on ${env.HOST}${['127.0.0.1', 'localhost', '::1'].includes(env.HOST) ? '' : ' (NOT loopback: anyone who can reach it sees the source)'}. ` +
      `Never expose it; use \`npm start\` for anything else. ***\n\n`,
  );
  logger.warn({ host: env.HOST }, 'development server: not for production');
} else if (env.NODE_ENV !== 'production') {
  logger.warn(
    { NODE_ENV: env.NODE_ENV },
    'the built server runs with NODE_ENV other than production: errors show stack traces',
  );
}

const embedded: EmbeddedMarketplace | null = env.TENANT_API_URL
  ? null
  : await startEmbeddedMarketplace(env, logger, recordJobRun);
const tenantApi = embedded ? embedded.marketplace.fetch : (request: Request) => fetch(request);
const tenantRequest = embedded ? inProcessRequest : undefined;
const tenantApiBase = env.TENANT_API_URL ?? 'http://embedded-marketplace';

const app = express();
app.disable('x-powered-by');
// Remix and the marketplace read the URL themselves; Express's own parse of every query string into
// req.query (qs, nested objects) was unused work on each filtered page.
app.set('query parser', false);
// Only the proxies TRUST_PROXY names may say who the client is (X-Forwarded-For) and whether it came
// over TLS (X-Forwarded-Proto); by default none.
app.set('trust proxy', env.TRUST_PROXY);
// First, so that every refusal below that leaves a body unread closes its connection.
app.use(closeWhenBodyUnread);
// While the server stops, each answer ends its connection: a proxy sends its next request to a
// replica that stays, not down a keep-alive connection about to close.
let stopping = false;
app.use((_req, res, next) => {
  onHeaders(res, () => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  next();
});
app.use(refuseUndecodableUrls);
// One spelling of every path, worked out first (the limits decide by it).
app.use(notePath);
let nameRoute: ((path: string) => string | undefined) | undefined;
app.use(timeRequests(() => nameRoute));
if (embedded) watchDatabasePool(embedded.database.kind, () => embedded.database.poolStats());
if (embedded) watchPasswordHashing(hashingQueue.stats);
if (env.METRICS_TOKEN) app.get('/metrics', metricsHandler(env.METRICS_TOKEN));

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
const security = {
  dev,
  secureCookies: env.SECURE_COOKIES,
  formActionOrigins: env.PAYMENT_PROVIDER === 'paypal' ? [payPalApproveOrigin(env.PAYPAL_API_BASE)] : [],
};
// The CSP names the hosts the tenant's configuration uses (kept with the configuration, read again when it changes).
const configContext = { tenantApi, tenantRequest, tenantApiBase, cspNonce: '', logger } satisfies AppLoadContext;
app.use(tenantContentSources(() => getTenantConfig(configContext).then(contentSources)));
app.use(cspNonce, securityHeaders(security), secureCookies(security));
app.use(refuseCrossOrigin(security));
// Sign-in and password reset, by address and by account, on the path's normal spelling; before the
// check below so that a refused odd spelling answers 429 like the normal one.
// Replicas on one PostgreSQL count together; one process (PGlite) counts in memory.
const limitStore =
  embedded?.database.kind === 'postgres'
    ? postgresLimitStore(embedded.database.db, (error) => logger.warn({ err: error }, 'rate limit sweep failed'))
    : memoryLimitStore();
app.use(
  authLimits({
    perAddress: env.AUTH_RATE_LIMIT,
    perAccount: env.AUTH_ACCOUNT_LIMIT,
    store: limitStore,
    devices: deviceTokens(env.SESSION_SECRETS[0]),
    onStoreError: (error) => logger.warn({ err: error }, 'rate limit count not settled'),
  }),
);
// Nothing downstream sees an odd path (`//`, `/./`, `%2e`): GET is redirected, the rest refused.
app.use(requireNormalPath);

const here = path.dirname(fileURLToPath(import.meta.url));
let build!: ServerBuild | (() => Promise<ServerBuild>);
if (!dev) {
  // Only the built client assets (which include public/) are served; nothing else of the project.
  const clientDir = path.join(here, '../client');
  const fileOptions = { dotfiles: 'deny', index: false, redirect: false } as const;
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { ...fileOptions, immutable: true, maxAge: '1y' }));
  app.use(builtFiles(clientDir, { ...fileOptions, maxAge: '1h' }));
  build = (await import(path.join(here, '../server/index.js'))) as ServerBuild;
  nameRoute = routeNamer(build.routes);
}

// Pages, data and API answers are not stored (the static files above keep their own caching).
app.use(noStore);

if (embedded) {
  const marketplaceListener = getRequestListener(embedded.marketplace.fetch);
  app.use((req, res, next) => (req.path.startsWith('/px-api-gateway/') ? marketplaceListener(req, res) : next()));
}
// After getRequestListener, which puts its own Response in place.
installStringBodies();

if (dev) {
  const { devOnlyFiles } = await import('./http/dev-files');
  app.use(devOnlyFiles(path.resolve(env.DATA_DIR)));
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
}

app.use(refuseLegacyDataRequests);
app.all(
  '*',
  remixHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res): AppLoadContext => ({
      tenantApi,
      tenantRequest,
      tenantApiBase,
      cspNonce: String(res.locals.cspNonce),
      logger: logger.child({ path: req.path }),
    }),
    // The buyer's session, saved once on the way out when a loader or action changed or ended it.
    setCookies: sessionSetCookie,
  }),
);

app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  const status = clientErrorStatus(error);
  if (status === 500) logger.error({ err: error }, 'unhandled error');
  if (!res.headersSent)
    res
      .status(status)
      .type('text/plain')
      .send(status === 500 ? 'Something went wrong.' : 'Bad request.');
});

const server = app.listen(env.PORT, env.HOST, () => {
  const url = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  logger.info({ url, tenantApi: env.TENANT_API_URL ?? 'embedded' }, 'buyer portal listening');
  if (embedded?.demoAccounts.length) {
    const accounts = embedded.demoAccounts.map((a) => `  ${a.email.padEnd(24)} ${a.password.padEnd(12)} ${a.who}`);
    process.stdout.write(`\nBuyer portal: ${url}\nDemo sign-in accounts:\n${accounts.join('\n')}\n\n`);
  }
});

const metricsServer = env.METRICS_PORT
  ? express()
      .get('/metrics', metricsHandler())
      .listen(env.METRICS_PORT, env.METRICS_HOST, () =>
        logger.info({ host: env.METRICS_HOST, port: env.METRICS_PORT }, 'metrics listening'),
      )
  : null;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // No new connections; the requests under way are answered, with the database still open (a restarted
  // replica used to cut them off: the proxy answered 502 and handlers hit a closed pool). Cut off
  // after 8 s, inside `docker stop`'s 10.
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cutOff = setTimeout(() => server.closeAllConnections(), 8_000);
  cutOff.unref();
  await drained;
  clearTimeout(cutOff);
  metricsServer?.close();
  await embedded?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
