import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST } from '../../server/marketplace/services/identity/passwords';
import { createBuyer, DEMO_PASSWORD, startServer, type RunningServer } from './server';

/**
 * Many sign-ins at once: the password hashing runs a few at a time (one on two cores), a bounded
 * line waits, and the rest are answered at once with 503 and Retry-After (the sign-in form says so)
 * instead of piling up on libuv's threadpool, where pages wait behind them.
 */

const TOKEN = 'q'.repeat(40);
const AT_ONCE = 60;
let server: RunningServer;

beforeAll(async () => {
  // Hashes at the default cost, what a tenant's server makes (the suite's others hash at the lowest).
  server = await startServer({
    METRICS_TOKEN: TOKEN,
    AUTH_RATE_LIMIT: '100000',
    AUTH_ACCOUNT_LIMIT: '100000',
    PASSWORD_HASH_COST: String(DEFAULT_PASSWORD_HASH_COST),
  });
}, 120_000);
afterAll(() => server?.stop());

async function timedAnswer(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    ms: performance.now() - started,
  };
}

describe('the password hashing queue', () => {
  it('runs at most a few hashes at once and answers the excess promptly with 503 and Retry-After', async () => {
    const { email } = await createBuyer(server);
    const api = () =>
      timedAnswer(() =>
        fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        }),
      );
    const form = () =>
      timedAnswer(() =>
        fetch(`${server.url}/?index`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ intent: 'sign-in', email, password: DEMO_PASSWORD, redirectTo: '' }).toString(),
        }),
      );
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => (i % 3 === 0 ? form() : api())));

    const ok = answers.filter((a) => a.status === 200 || a.status === 302);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length).toBe(AT_ONCE);
    expect(ok.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // refused at once, not after waiting their turn: the slowest refusal beats the slowest sign-in
    expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(Math.max(...ok.map((a) => a.ms)));
    expect(busy.some((a) => a.body.includes('"messageCode":"tooManySignIns"'))).toBe(true);
    // the sign-in form says what happened
    expect(busy.some((a) => a.body.includes('Too many people are signing in right now'))).toBe(true);

    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const peak = Number(/^password_hashes_peak_running (\d+)/m.exec(metrics)?.[1]);
    expect(peak).toBeGreaterThanOrEqual(1);
    expect(peak).toBeLessThanOrEqual(Math.max(1, Math.min(4, availableParallelism() - 1)));
    expect(Number(/^password_hashes_refused (\d+)/m.exec(metrics)?.[1])).toBe(busy.length);
  }, 120_000);
});
