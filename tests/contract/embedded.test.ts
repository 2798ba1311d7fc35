import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMarketplace } from '../integration/harness';
import { tenantApiDocument, tenantApiDocumentText } from '../../server/marketplace/contract/openapi';
import { runContract } from './suite';

/** Served but not part of the tenant API's contract, and why. */
const UNDESCRIBED = new Set([
  // The document itself.
  'GET /px-api-gateway/openapi.json',
  // The embedded sandbox payment provider's pages, which the buyer's browser visits (a real tenant links its PSP).
  'GET /px-api-gateway/payment-sandbox/theme.css',
  'GET /px-api-gateway/payment-sandbox/{}',
  'POST /px-api-gateway/payment-sandbox/{}',
]);

describe('the embedded marketplace keeps the tenant API contract', () => {
  let market: Awaited<ReturnType<typeof startTestMarketplace>>;
  beforeAll(async () => {
    market = await startTestMarketplace();
  }, 120_000);
  afterAll(() => market.close());

  it('answers every read the portal makes as the portal parses it, and errors in the error shape', async () => {
    const checks = await runContract({
      base: 'http://marketplace',
      fetch: (request) => market.marketplace.fetch(request),
    });
    expect(checks.filter((c) => c.outcome !== 'passed')).toEqual([]);
    expect(checks.length).toBeGreaterThan(40);
  }, 120_000);

  it('describes in its OpenAPI document every route it serves', () => {
    // A route's shape, its parameters' names and patterns left out: `:lotId{[0-9]{1,12}}` and `{lotId}` alike.
    const shape = (method: string, path: string) =>
      `${method.toUpperCase()} ${path.replace(/:\w+(\{(?:[^{}]|\{[^{}]*\})*\})?|\{\w+\}/g, '{}').replace(/(.)\/$/, '$1')}`;
    const described = new Set(
      Object.entries(tenantApiDocument().paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => shape(method, path)),
      ),
    );
    const served = market.marketplace.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => shape(route.method, route.path));
    expect([...new Set(served)].filter((route) => !described.has(route) && !UNDESCRIBED.has(route))).toEqual([]);
    expect([...UNDESCRIBED].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('serves its OpenAPI document without sign-in, cached and revalidated by its etag', async () => {
    const url = 'http://marketplace/px-api-gateway/openapi.json';
    const first = await market.marketplace.fetch(new Request(url));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await first.text()).toBe(tenantApiDocumentText());
    const again = await market.marketplace.fetch(
      new Request(url, { headers: { 'if-none-match': first.headers.get('etag')! } }),
    );
    expect(again.status).toBe(304);
  });
});
