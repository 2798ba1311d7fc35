import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import client from 'prom-client';
import type { PoolStats } from '../marketplace/db/client';
import type { JobOutcome } from '../marketplace/jobs/runner';

/**
 * Prometheus metrics: request durations by route, background job runs and failures, the database
 * pool, and Node's own (memory, event loop, GC). Served by `metricsHandler`, which answers only with
 * METRICS_TOKEN as a bearer token, or on METRICS_PORT, a listener of its own, never openly on the
 * public port.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route (the Remix route id, or the API path with its values left out).',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const jobRuns = new client.Counter({
  name: 'job_runs_total',
  help: 'Background job runs by outcome: ok, failed, or skipped (another replica held the lease).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const jobDuration = new client.Histogram({
  name: 'job_duration_seconds',
  help: 'Time a background job ran on this replica.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export function recordJobRun(job: string, outcome: JobOutcome, ms: number) {
  jobRuns.inc({ job, outcome });
  if (outcome !== 'skipped') jobDuration.observe({ job }, ms / 1000);
}

/** Gauges of the database pool, read when Prometheus scrapes; PGlite has one connection and no pool. */
export function watchDatabasePool(kind: string, stats: () => PoolStats | null) {
  const gauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const current = stats();
        if (current) this.set({ kind }, pick(current));
      },
    });
  gauge('db_pool_connections', 'Connections the pool holds.', (s) => s.total);
  gauge('db_pool_idle_connections', 'Connections of the pool not in use.', (s) => s.idle);
  gauge('db_pool_waiting_requests', 'Queries waiting for a connection.', (s) => s.waiting);
}

/** Gauges of the password hashing's queue (../marketplace/services/hashing-queue), read when Prometheus scrapes. */
export function watchPasswordHashing(
  stats: () => { running: number; waiting: number; peakRunning: number; refused: number },
) {
  const gauge = (name: string, help: string, pick: (s: ReturnType<typeof stats>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(stats()));
      },
    });
  gauge('password_hashes_running', 'Password hashes running now.', (s) => s.running);
  gauge('password_hashes_waiting', 'Password hashes waiting for a turn.', (s) => s.waiting);
  gauge(
    'password_hashes_peak_running',
    'The most password hashes that ever ran at once in this process.',
    (s) => s.peakRunning,
  );
  gauge(
    'password_hashes_refused',
    'Password checks refused because the waiting line was full (answered 503), since the start.',
    (s) => s.refused,
  );
}

interface RouteLike {
  path?: string;
  parentId?: string;
  index?: boolean;
}

interface RoutePattern {
  id: string;
  pattern: RegExp;
  score: number;
}

/**
 * Names a page request by the Remix route that answers it (`routes/_app.orders.$orderNumber`), so
 * that order numbers and other values do not become labels of their own.
 */
export function routeNamer(routes: Record<string, RouteLike>) {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const parents = new Set(Object.values(routes).map((route) => route.parentId));
  // Layouts answer no path of their own: the leaf under them names the page.
  const patterns: RoutePattern[] = Object.entries(routes)
    .filter(([id, route]) => !parents.has(id) && (route.path !== undefined || route.index))
    .map(([id]) => {
      const segments = fullPath(id).split('/').filter(Boolean);
      const source = segments
        .map((s) => (s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      const score = segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10), 0);
      return { id, pattern: new RegExp(`^/${source}/?$`, 'i'), score };
    })
    .sort((a, b) => b.score - a.score);
  return (path: string): string | undefined => patterns.find((p) => p.pattern.test(path))?.id;
}

/** The tenant API's path with its values (numbers, ids, tokens) left out: `/px-api-gateway/orders/:value`. */
export function apiRouteName(path: string): string {
  return path
    .split('/')
    .map((segment) => (/\d/.test(segment) || segment.length > 40 ? ':value' : segment))
    .slice(0, 5)
    .join('/');
}

const OWN_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** Times every request; the route is named when the answer is done. */
export function timeRequests(nameRoute: () => ((path: string) => string | undefined) | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const path = req.path;
      let route: string;
      if (OWN_ROUTES.has(path)) route = path;
      else if (path.startsWith('/px-api-gateway/')) route = apiRouteName(path);
      else if (path.startsWith('/assets/')) route = 'assets';
      else route = nameRoute()?.(path) ?? 'other';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requestDuration.observe({ route, method: req.method, status: String(res.statusCode) }, seconds);
    });
    next();
  };
}

/** GET /metrics: with a token, only for `Authorization: Bearer <token>`; the token compared in constant time. */
export function metricsHandler(token?: string) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (req: Request, res: Response) => {
    if (expected) {
      const given = Buffer.from(req.get('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.status(401).set('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized.');
        return;
      }
    }
    res
      .set('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  };
}
