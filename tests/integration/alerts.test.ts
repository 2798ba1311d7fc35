import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;

async function anItem(skip: number) {
  const rows = await harness.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      quantity: stockItems.quantityAvailable,
      increment: stockItems.incrementSize,
    })
    .from(stockItems)
    .where(
      and(eq(stockItems.participantId, 'acme'), gt(stockItems.quantityAvailable, 5), eq(stockItems.incrementSize, 1)),
    )
    .orderBy(stockItems.id);
  return rows[skip]!;
}

const mailsTo = (email: string) =>
  fs
    .readdirSync(harness.outboxDir)
    .map((f) => fs.readFileSync(path.join(harness.outboxDir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => new RegExp(`^To: ${email}$`, 'mi').test(text));

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 300 });
  call = apiCaller(harness.marketplace);
  await call('POST', '/admin/users', {
    body: { email: 'alerts@example.com', password: DEMO_PASSWORD, authorities: ['CAN_SET_STOCKLIST_ALERT'] },
  });
  buyer = await accessToken(call, 'alerts@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('stock alerts through the tenant API', () => {
  it('creates, lists, updates and deletes an alert with the quantity rules', async () => {
    const item = await anItem(0);
    // Zero is what the dialog turns into 1 for the buyer to see; the API refuses it rather than guess.
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: buyer,
          body: { itemNumberWarehouse: item.inw, quantity: 0 },
        })
      ).status,
    ).toBe(400);
    const created = await call('POST', '/stocklist/alert/item', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, quantity: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ itemNumberWarehouse: item.inw, quantity: 1, incrementSize: 1 });
    const updated = await call('PUT', `/stocklist/alert/item/${item.inw}`, { token: buyer, body: { quantity: 40 } });
    expect(updated.body.quantity).toBe(40);
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body[item.inw]).toMatchObject({
      quantity: 40,
    });
    expect((await call('DELETE', `/stocklist/alert/item/${item.inw}`, { token: buyer })).status).toBe(204);
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body).toEqual({});
  });

  it('refuses unknown items, bad numbers, another buyer, buyers without the authority and pxns sellers', async () => {
    const item = await anItem(1);
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: buyer,
          body: { itemNumberWarehouse: 'NOPE', quantity: 5 },
        })
      ).status,
    ).toBe(404);
    const [network] = await harness.database.db
      .select({ inw: stockItems.itemNumberWarehouse })
      .from(stockItems)
      .where(eq(stockItems.participantId, 'pxn-bluewave'))
      .limit(1);
    // An item of another participant is not found among the tenant's own stock.
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: buyer,
          body: { itemNumberWarehouse: network!.inw, quantity: 5 },
        })
      ).status,
    ).toBe(404);
    for (const quantity of [-1, 2.5, 1e12, '5']) {
      expect(
        (
          await call('POST', '/stocklist/alert/item', {
            token: buyer,
            body: { itemNumberWarehouse: item.inw, quantity },
          })
        ).status,
      ).toBe(400);
    }
    await call('POST', '/stocklist/alert/item', { token: buyer, body: { itemNumberWarehouse: item.inw, quantity: 5 } });
    const viewer = await accessToken(call, 'viewer@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/stocklist/alert/items', { token: viewer })).body.messageCode).toBe('cannotSetAlerts');
    const seller = await accessToken(call, 'seller@example.com', DEMO_PASSWORD);
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: seller,
          body: { itemNumberWarehouse: item.inw, quantity: 5 },
        })
      ).body.messageCode,
    ).toMatch(/cannotSetAlerts|sellerCannotSetAlerts/);
    await call('POST', '/admin/users', {
      body: { email: 'alerts2@example.com', password: DEMO_PASSWORD, authorities: ['CAN_SET_STOCKLIST_ALERT'] },
    });
    const other = await accessToken(call, 'alerts2@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/stocklist/alert/items', { token: other })).body).toEqual({});
    expect(
      (await call('PUT', `/stocklist/alert/item/${item.inw}`, { token: other, body: { quantity: 9 } })).status,
    ).toBe(404);
    expect((await call('DELETE', `/stocklist/alert/item/${item.inw}`, { token: other })).status).toBe(404);
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body[item.inw].quantity).toBe(5);
  });

  it('e-mails the buyer once the seller adds as many units as the alert asks, counting from the low point', async () => {
    const item = await anItem(2);
    await call('POST', '/stocklist/alert/item', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, quantity: 10 },
    });
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item.inw, quantityAvailable: item.quantity + 9 },
    });
    expect(mailsTo('alerts@example.com')).toHaveLength(0);
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 0 } });
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 10 } });
    const mails = mailsTo('alerts@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/10 units of .* were added to the stock list/);
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 15 } });
    expect(mailsTo('alerts@example.com')).toHaveLength(1);
  });
});
