import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../app/.server/api/client';
import { identityApi } from '../../app/.server/api/identity';
import { clearSettingsCache, getTenantConfig, getUserInfo } from '../../app/.server/api/settings';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { restoreFetchClassesAfterAll } from '../support/restore-fetch-classes';
import { portalContext, standardRequest, startTestMarketplace } from './harness';

restoreFetchClassesAfterAll();
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let server: ReturnType<typeof serve>;
let httpBase: string;

beforeAll(async () => {
  harness = await startTestMarketplace();
  server = serve({ fetch: harness.marketplace.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  httpBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await harness.close();
});

describe('the portal reaches the tenant API', () => {
  const paths = () => [
    ['in-process', portalContext(harness.marketplace.fetch)] as const,
    ['over HTTP', portalContext((request) => fetch(request), httpBase, standardRequest)] as const,
  ];

  it.each([0, 1])('the same way in-process and over HTTP (%i)', async (index) => {
    clearSettingsCache();
    const [, context] = paths()[index]!;
    const config = await getTenantConfig(context);
    expect(config.tenantName).toBe('ACME Wholesale Devices');
    const result = await identityApi.signIn(context, 'buyer@example.com', DEMO_PASSWORD);
    if (result.status !== 'SIGNED_IN') throw new Error('expected tokens');
    const info = await getUserInfo(context, result.accessToken);
    expect(info.username).toBe('buyer@example.com');
    await expect(identityApi.signIn(context, 'buyer@example.com', 'wrong')).rejects.toMatchObject({
      status: 401,
      messageCode: 'NotAuthorizedException',
    });
  });

  it('maps an unreachable tenant API to a 503 failure', async () => {
    const context = portalContext((request) => fetch(request), 'http://127.0.0.1:9', standardRequest);
    const failure = await identityApi.signIn(context, 'a@b.co', 'x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(503);
  });
});
