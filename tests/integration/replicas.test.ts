import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplace, type Marketplace } from '../../server/marketplace/app';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { participants, stockItems } from '../../server/marketplace/db/schema';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { createMailer } from '../../server/marketplace/mailer';
import { PARTICIPANT_HEADER } from '../../server/marketplace/services/stock/network';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { scratchPostgres } from '../support/scratch-postgres';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Two marketplaces on one PostgreSQL database, as two replicas of the portal run them. */
describe.skipIf(!adminUrl)('two replicas on one PostgreSQL database', () => {
  const databases: Database[] = [];
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let a: Marketplace;
  let b: Marketplace;

  beforeAll(async () => {
    scratch = await scratchPostgres(adminUrl!, 'replicas');
    const databaseUrl = scratch.url;
    databases.push(...(await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })])));
    await seedDemoData(databases[0]!.db, { items: 100 });
    // Started together, as a deployment starts its replicas.
    [a, b] = await Promise.all(
      databases.map((database) =>
        createMarketplace({
          database,
          config: loadTenantConfig(),
          mailer: createMailer({ from: 'test@localhost', outboxDir: '/tmp/replicas-test-outbox' }),
        }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await scratch?.drop();
  });

  const call = (on: Marketplace, path: string, init: RequestInit = {}) =>
    on.fetch(new Request(`http://m/px-api-gateway${path}`, init));

  async function signIn(on: Marketplace): Promise<string> {
    const response = await call(on, '/identity/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', password: DEMO_PASSWORD }),
    });
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  it('signs in on one and is known on the other (one token key, whoever started first)', async () => {
    const fromA = await call(b, '/user-info', { headers: { authorization: `Bearer ${await signIn(a)}` } });
    expect(fromA.status).toBe(200);
    const fromB = await call(a, '/user-info', { headers: { authorization: `Bearer ${await signIn(b)}` } });
    expect(fromB.status).toBe(200);
  });

  it('shows on one the stock change written through the other, on its next request', async () => {
    const { db } = databases[0]!;
    const [item] = await db
      .select({
        key: stockItems.itemNumberWarehouse,
        participantId: stockItems.participantId,
        quantity: stockItems.quantityAvailable,
      })
      .from(stockItems)
      .innerJoin(participants, eq(participants.id, stockItems.participantId))
      .where(and(eq(participants.isOwn, true), gt(stockItems.quantityAvailable, 0)))
      .orderBy(stockItems.id)
      .limit(1);
    const token = await signIn(b);
    const quantityOnB = async () => {
      const response = await call(b, `/stocklist/items/${encodeURIComponent(item!.key)}`, {
        headers: { authorization: `Bearer ${token}`, [PARTICIPANT_HEADER]: item!.participantId },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { quantityAvailable: number }).quantityAvailable;
    };
    expect(await quantityOnB()).toBe(item!.quantity);
    await a.deps.stockChanges.apply(
      [{ participantId: item!.participantId, itemNumberWarehouse: item!.key, quantityDelta: 3 }],
      'replica test',
    );
    expect(await quantityOnB()).toBe(item!.quantity + 3);
  });
});
