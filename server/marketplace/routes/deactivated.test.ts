import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplace, type Marketplace } from '../app';
import { openDatabase, type Database } from '../db/client';
import { seedDemoData } from '../db/seed';
import { createMailer } from '../mailer';
import { loadTenantConfig } from '../tenant-config';

let database: Database;
let marketplace: Marketplace;
let dir: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await seedDemoData(database.db, { items: 20 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deactivated-'));
  marketplace = await createMarketplace({
    database,
    config: loadTenantConfig('tests/fixtures/deactivated-tenant.json'),
    mailer: createMailer({ from: 'test@localhost', outboxDir: dir }),
    adminToken: 'admin',
  });
}, 60_000);

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, route: string, body?: unknown, token?: string) =>
  marketplace.fetch(
    new Request(`http://m/px-api-gateway${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

describe('a deactivated tenant', () => {
  it('still answers the public config and i18n calls', async () => {
    const config = await call('GET', '/saas-config');
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ deactivated: true, tenantName: 'Closed Devices Ltd' });
    expect((await call('GET', '/saas-i18n?lang=en')).status).toBe(200);
  });

  it('refuses sign-in, refresh and password reset with a clear error', async () => {
    for (const [route, body] of [
      ['/identity/sign-in', { email: 'buyer@example.com', password: 'Demo#2026' }],
      ['/identity/refresh', { refreshToken: 'anything' }],
      ['/identity/forgot-password', { email: 'buyer@example.com' }],
    ] as const) {
      const response = await call('POST', route, body);
      expect(response.status, route).toBe(503);
      expect(await response.json(), route).toMatchObject({ statusCode: 503, messageCode: 'tenantDeactivated' });
    }
  });

  it('refuses every signed-in route, even with a valid token', async () => {
    const outcome = await marketplace.deps.identity.signIn('buyer@example.com', 'Demo#2026');
    if (outcome.status !== 'SIGNED_IN') throw new Error('the demo buyer should sign in directly');
    for (const [method, route] of [
      ['GET', '/user-info'],
      ['GET', '/stocklist/participants'],
      ['GET', '/stocklist/offers'],
      ['POST', '/stocklist/offer'],
      ['GET', '/cart/items'],
      ['GET', '/proof-of-export/documents'],
    ] as const) {
      const response = await call(
        method,
        route,
        method === 'POST' ? { itemNumberWarehouse: 'x', offerQuantity: 1, offerPrice: 1 } : undefined,
        outcome.accessToken,
      );
      expect(response.status, route).toBe(503);
      expect(await response.json(), route).toMatchObject({ messageCode: 'tenantDeactivated' });
    }
  });
});
