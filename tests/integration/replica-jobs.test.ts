import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { createMarketplace, type Marketplace } from '../../server/marketplace/app';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import {
  dailyReportDeliveries,
  jobLeases,
  offerHistory,
  stockItems,
  users,
  warehouses,
} from '../../server/marketplace/db/schema';
import { isSeeded, seedDemoData } from '../../server/marketplace/db/seed';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { createMailer } from '../../server/marketplace/mailer';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { accessToken, ADMIN_TOKEN, apiCaller, readOutbox } from './harness';
import { scratchPostgres } from '../support/scratch-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;

interface Replica {
  database: Database;
  marketplace: Marketplace;
  call: ReturnType<typeof apiCaller>;
  outboxDir: string;
}

/** One portal replica's marketplace: its own connections to the shared database and its own disk. */
async function startReplica(url: string): Promise<Replica> {
  const database = await openDatabase({ databaseUrl: url });
  await database.exclusive(async () => {
    if (!(await isSeeded(database.db))) await seedDemoData(database.db, { items: 300 });
  });
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-outbox-'));
  const marketplace = await createMarketplace({
    database,
    config: loadTenantConfig(),
    mailer: createMailer({ from: 'test@localhost', outboxDir }),
    adminToken: ADMIN_TOKEN,
  });
  return { database, marketplace, call: apiCaller(marketplace), outboxDir };
}

/**
 * Two replicas (two marketplaces, each on its own connections to one PostgreSQL database) asked to
 * run the same jobs at the same instant do the work once.
 */
describe.skipIf(!serverUrl)('jobs on two replicas of one PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    scratch = await scratchPostgres(serverUrl!, 'replica_jobs');
    [a, b] = await Promise.all([startReplica(scratch.url), startReplica(scratch.url)]);
  });
  afterAll(async () => {
    for (const replica of [a, b]) {
      await replica?.database.close();
      if (replica) fs.rmSync(replica.outboxDir, { recursive: true, force: true });
    }
    await scratch?.drop();
  });

  /** How many reports each of these addresses received, on either replica's outbox. */
  function reportsTo(emails: string[]) {
    const mails = [...readOutbox(a.outboxDir), ...readOutbox(b.outboxDir)].filter((mail) =>
      mail.attachments.some((name) => name.endsWith('.xlsx')),
    );
    return emails.map((email) => mails.filter((mail) => mail.to.includes(email)).length);
  }

  async function changeStock(shift: number) {
    const items = await a.database.db
      .select({ inw: stockItems.itemNumberWarehouse, quantity: stockItems.quantityAvailable })
      .from(stockItems)
      .where(and(eq(stockItems.participantId, 'acme'), gt(stockItems.quantityAvailable, 0)))
      .orderBy(stockItems.id)
      .limit(2);
    for (const item of items)
      await a.call('POST', '/admin/stock', {
        body: { itemNumberWarehouse: item.inw, quantityAvailable: item.quantity + shift },
      });
  }

  it('sends one daily report per subscriber, whether both run the report or the daily job at once', async () => {
    const emails = ['report-1@example.com', 'report-2@example.com', 'report-3@example.com'];
    for (const email of emails) {
      await a.call('POST', '/admin/users', {
        body: { email, password: DEMO_PASSWORD, authorities: ['CAN_SUBSCRIBE_DAILY_REPORT'] },
      });
      const token = await accessToken(b.call, email, DEMO_PASSWORD);
      await b.call('PUT', '/user/notification-preference', { token, body: { stockReportNotification: true } });
    }
    await changeStock(40);

    // The report itself, on both at once (no job lease in the way): each subscriber's window is taken once.
    const [first, second] = await Promise.all([
      a.call('POST', '/admin/reports/daily'),
      b.call('POST', '/admin/reports/daily'),
    ]);
    expect(first.body.sent + second.body.sent).toBe(first.body.subscribers);
    expect(reportsTo(emails)).toEqual([1, 1, 1]);

    // The next day's job, on both at once: one run of it reaches each subscriber once more.
    await changeStock(60);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    tomorrow.setUTCHours(23, 0, 0, 0);
    await Promise.all([
      a.marketplace.deps.jobs.runNow('daily-report', tomorrow),
      b.marketplace.deps.jobs.runNow('daily-report', tomorrow),
    ]);
    expect(reportsTo(emails)).toEqual([2, 2, 2]);

    const subscriberIds = (
      await a.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))
    ).map((u) => u.id);
    // A run that comes a moment after the other's may still record an empty window (no e-mail).
    const deliveries = await a.database.db
      .select()
      .from(dailyReportDeliveries)
      .where(and(inArray(dailyReportDeliveries.userId, subscriberIds), gt(dailyReportDeliveries.rows, 0)));
    expect(deliveries).toHaveLength(6);
  });

  it('moves each offer once, whether both run the review itself or the review job at once', async () => {
    const items = await a.database.db
      .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
      .from(stockItems)
      .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
      .where(
        and(
          eq(stockItems.participantId, 'acme'),
          gt(stockItems.quantityAvailable, 20),
          isNotNull(stockItems.listPrice),
          eq(stockItems.incrementSize, 1),
          eq(warehouses.acceptingOffers, true),
        ),
      )
      .orderBy(stockItems.id)
      .limit(24);
    expect(items).toHaveLength(24);
    const buyer = await accessToken(a.call, 'buyer@example.com', DEMO_PASSWORD);
    const shares = [0.95, 0.8, 0.3];
    const place = async (item: (typeof items)[number], i: number) => {
      const offerPrice = Math.max(1, Math.floor(item.listPrice! * shares[i % shares.length]!));
      const placed = await a.call('POST', '/stocklist/offer', {
        token: buyer,
        body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice },
      });
      expect(placed.body.offerStatus).toBe('PENDING_ACCEPTANCE');
      return placed.body.offerId as number;
    };
    const movesOf = async (ids: number[], actor: string) => {
      const rows = await a.database.db
        .select({ offerId: offerHistory.offerId })
        .from(offerHistory)
        .where(and(inArray(offerHistory.offerId, ids), eq(offerHistory.actor, actor)));
      return ids.map((id) => rows.filter((row) => row.offerId === id).length);
    };

    // A batch to answer and a batch of countered offers to expire, by the job on both replicas at once.
    const toAnswer: number[] = [];
    for (const [i, item] of items.slice(0, 6).entries()) toAnswer.push(await place(item, i));
    const toExpire: number[] = [];
    for (const [i, item] of items.slice(6, 12).entries()) {
      const id = await place(item, i);
      await a.call('POST', `/admin/offers/${id}/review`, {
        body: { action: 'counter', price: item.listPrice, validHours: 1 },
      });
      toExpire.push(id);
    }
    const later = new Date(Date.now() + 3 * 3600_000);
    await Promise.all([
      a.marketplace.deps.jobs.runNow('offer-review', later),
      b.marketplace.deps.jobs.runNow('offer-review', later),
    ]);
    expect(await movesOf(toAnswer, 'seller:rules')).toEqual(toAnswer.map(() => 1));
    expect(await movesOf(toExpire, 'market:expiry')).toEqual(toExpire.map(() => 1));

    // The review itself on both at once (no job lease in the way): the row locks let each offer move once.
    const direct: number[] = [];
    for (const [i, item] of items.slice(12).entries()) direct.push(await place(item, i));
    const review = (replica: Replica) => replica.marketplace.deps.offers.runReview(later, { automatic: true });
    const [fromA, fromB] = await Promise.all([review(a), review(b)]);
    expect(fromA.answered + fromB.answered).toBe(direct.length);
    expect(await movesOf(direct, 'seller:rules')).toEqual(direct.map(() => 1));
  });

  it("takes over a job whose holder died once that holder's lease expires", async () => {
    await a.database.db
      .insert(jobLeases)
      .values({
        name: 'draft-cleanup',
        holder: 'a replica killed mid-run',
        lockedUntil: sql`now() + interval '1 second'`,
      })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder: 'a replica killed mid-run', lockedUntil: sql`now() + interval '1 second'` },
      });
    const [dead] = await a.database.db.select().from(jobLeases).where(eq(jobLeases.name, 'draft-cleanup'));
    await b.marketplace.deps.jobs.runNow('draft-cleanup');
    const [after] = await a.database.db.select().from(jobLeases).where(eq(jobLeases.name, 'draft-cleanup'));
    expect(after).toMatchObject({ holder: null, lastError: null });
    expect(after!.lastStartedAt!.getTime()).toBeGreaterThanOrEqual(dead!.lockedUntil.getTime());
    expect(after!.lastFinishedAt).not.toBeNull();
  });
});
