import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMarketplace } from '../integration/harness';
import { tenantApiDocumentText } from '../../server/marketplace/contract/openapi';
import { runContract } from './suite';

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
