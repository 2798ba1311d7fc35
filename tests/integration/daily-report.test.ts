import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { dailyReportDeliveries, stockItems, tenantSettings, users } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;

const outboxFor = (email: string) =>
  fs.readdirSync(harness.outboxDir).filter((f) => f.includes(email.replace('@', '@')));

async function subscriber(email: string, authorities: string[], subscribe = true) {
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  await call('PUT', '/user/notification-preference', { token, body: { stockReportNotification: subscribe } });
  return token;
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 200 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('the daily report', () => {
  it('goes to subscribers with the authority, with the changes since their last report, and only when there are some', async () => {
    await subscriber('daily@example.com', ['CAN_SUBSCRIBE_DAILY_REPORT']);
    await subscriber('noauth@example.com', []);
    await subscriber('unsubscribed@example.com', ['CAN_SUBSCRIBE_DAILY_REPORT'], false);
    const [item] = await harness.database.db
      .select({
        inw: stockItems.itemNumberWarehouse,
        price: stockItems.listPrice,
        quantity: stockItems.quantityAvailable,
      })
      .from(stockItems)
      .where(
        and(eq(stockItems.participantId, 'acme'), gt(stockItems.quantityAvailable, 0), isNotNull(stockItems.listPrice)),
      )
      .limit(1);
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item!.inw, listPrice: item!.price! - 10 } });

    const first = await call('POST', '/admin/reports/daily');
    expect(first.body).toMatchObject({ subscribers: 1, sent: 1, rows: 1 });
    expect(outboxFor('daily@example.com')).toHaveLength(1);
    expect(outboxFor('noauth@example.com')).toHaveLength(0);
    expect(outboxFor('unsubscribed@example.com')).toHaveLength(0);

    const second = await call('POST', '/admin/reports/daily');
    expect(second.body).toMatchObject({ subscribers: 1, sent: 0, skipped: 1 });
    expect(outboxFor('daily@example.com')).toHaveLength(1);
  });

  it('runs on its schedule once a day, after the configured hour', async () => {
    const run = (at: string) => call('POST', `/admin/jobs/daily-report?at=${at}`);
    const mails = () => outboxFor('daily2@example.com').length;
    await subscriber('daily2@example.com', ['CAN_SUBSCRIBE_DAILY_REPORT']);
    const [item] = await harness.database.db
      .select({ inw: stockItems.itemNumberWarehouse, quantity: stockItems.quantityAvailable })
      .from(stockItems)
      .where(eq(stockItems.participantId, 'acme'))
      .limit(1);
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item!.inw, quantityAvailable: item!.quantity + 50 },
    });
    // A moment after now on a day's run at or after 06:00 UTC, so the stock change is in its window.
    const at = new Date(Date.now() + 60_000);
    if (at.getUTCHours() < 6) at.setUTCHours(6, 0, 0, 0);
    const day = at.toISOString().slice(0, 10);
    await run(`${day}T05:59:00Z`);
    expect(mails()).toBe(0);
    await run(at.toISOString());
    expect(mails()).toBe(1);
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item!.inw, quantityAvailable: item!.quantity + 80 },
    });
    await run(new Date(at.getTime() + 60_000).toISOString());
    expect(mails()).toBe(1);
  });

  it('finishes a run cut short on its next try, without a second report that day to whoever it reached', async () => {
    const mails = (email: string) => outboxFor(email).length;
    await subscriber('reached-first@example.com', ['CAN_SUBSCRIBE_DAILY_REPORT']);
    await subscriber('left-over@example.com', ['CAN_SUBSCRIBE_DAILY_REPORT']);
    const idOf = async (email: string) =>
      (await harness.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    // What a replica killed mid-run leaves: the first subscriber's report of the day recorded (and
    // sent), the day not marked done. The other subscriber's last report is from the day before.
    await harness.database.db.delete(tenantSettings).where(eq(tenantSettings.key, 'daily-report-last-run'));
    await harness.database.db.insert(dailyReportDeliveries).values([
      {
        userId: await idOf('reached-first@example.com'),
        sentAt: new Date(),
        coveredFrom: new Date(Date.now() - 3600_000),
        rows: 1,
      },
      {
        userId: await idOf('left-over@example.com'),
        sentAt: new Date(Date.now() - 25 * 3600_000),
        coveredFrom: new Date(Date.now() - 49 * 3600_000),
        rows: 1,
      },
    ]);
    const [item] = await harness.database.db
      .select({ inw: stockItems.itemNumberWarehouse, quantity: stockItems.quantityAvailable })
      .from(stockItems)
      .where(eq(stockItems.participantId, 'acme'))
      .limit(1);
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item!.inw, quantityAvailable: item!.quantity + 120 },
    });
    const at = new Date(Date.now() + 1_000);
    if (at.getUTCHours() < 6) at.setUTCHours(6, 0, 0, 0);

    await call('POST', `/admin/jobs/daily-report?at=${at.toISOString()}`);
    expect(mails('left-over@example.com')).toBe(1);
    expect(mails('reached-first@example.com')).toBe(0);
  });
});
