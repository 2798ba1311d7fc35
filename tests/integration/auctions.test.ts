import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openingStanding, placeBid, type Standing } from '../../app/domain/auctions/proxy-bidding';
import {
  auctionBids,
  auctionLots,
  buyers,
  orderEvents,
  orderLines,
  orders,
  users,
} from '../../server/marketplace/db/schema';
import { createMarketplace } from '../../server/marketplace/app';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { createMailer, type Mailer } from '../../server/marketplace/mailer';
import { createAuctionBids } from '../../server/marketplace/services/auctions/bids';
import type { SignedInUser } from '../../server/marketplace/context';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { accessToken, ADMIN_TOKEN, apiCaller, readOutbox } from './harness';
import { auctioning } from './support/auctions';
import { testMarketplace, testMarketplaceOn } from './support/ordering';

/**
 * Issue 53, auctions on the tenant API: proxy bids and their refusals, what a buyer sees of other
 * bidders (masked, never a maximum), the watch list, closing and awards through the order code with
 * the buyer's preferences, reserve not met and the second-chance offer, e-mails once.
 */
const started = testMarketplace({ items: 20 });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
const db = () => started().harness.database.db;
const { token, openLot, bid, MINUTE } = auctioning(() => started().call);

describe('bidding on a lot', () => {
  it('keeps the proxy price, masks the bidders and never shows another’s maximum or the reserve', async () => {
    const lotId = await openLot({ startingPrice: 10_000, reservePrice: 50_000 });
    const alex = await token('buyer@example.com');
    const jamie = await token('buyer2@example.com');

    const first = await bid(alex, lotId, 60_000);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The leader's maximum reaches the reserve: the price is lifted to it.
    expect(first.body).toMatchObject({
      currentPrice: 50_000,
      myStatus: 'HIGHEST',
      reserveMet: true,
      myMaximum: 60_000,
    });

    const second = await bid(jamie, lotId, 55_000);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ currentPrice: 55_500, myStatus: 'OUTBID', bidCount: 2, nextMinimum: 56_000 });
    expect(second.body.bids).toEqual([
      { bidder: 2, own: true, amount: 55_500, at: expect.any(String) },
      { bidder: 1, own: false, amount: 50_000, at: expect.any(String) },
    ]);
    const seen = JSON.stringify(second.body);
    expect(seen).not.toContain('60000');
    expect(seen).not.toContain('reservePrice');
    expect(seen).not.toContain('buyerId');

    const low = await bid(jamie, lotId, 55_900);
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ messageCode: 'auctionBidTooLow', params: { minimum: 56_000 } });
    for (const [amount, code] of [
      [56_000.5, 'auctionBidNotWhole'],
      [-1, 'auctionBidNotPositive'],
      [2_000_000_000, 'auctionBidAboveLimit'],
    ] as const)
      expect((await bid(jamie, lotId, amount)).body.messageCode).toBe(code);
    expect((await call('GET', `/auctions/${lotId}`, { token: alex })).body.bidCount).toBe(2);
  });

  it('pages its history newest first, with each bidder’s number and the buyer’s maximum from every bid', async () => {
    const lotId = await openLot({ startingPrice: 10_000, title: 'Lot of many bids' });
    const alex = await token('buyer@example.com');
    const jamie = await token('buyer2@example.com');
    const BIDS = 30;
    for (let i = 0; i < BIDS; i++) {
      const placed = await bid(i % 2 ? jamie : alex, lotId, 20_000 + i * 10_000);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const first = (await call('GET', `/auctions/${lotId}`, { token: alex })).body;
    expect(first.history).toEqual({ page: 1, pageSize: 25, total: BIDS });
    expect(first.bids).toHaveLength(25);
    // Newest first: jamie's last bid, then alex's before it; numbered by their first bids.
    expect(first.bids.slice(0, 2)).toEqual([
      { bidder: 2, own: false, amount: expect.any(Number), at: expect.any(String) },
      { bidder: 1, own: true, amount: expect.any(Number), at: expect.any(String) },
    ]);
    expect(first.myMaximum).toBe(20_000 + (BIDS - 2) * 10_000);
    const last = (await call('GET', `/auctions/${lotId}?historyPage=2`, { token: alex })).body;
    expect(last.history.page).toBe(2);
    expect(last.bids).toHaveLength(BIDS - 25);
    // The oldest bid, alex's first, is the last row of the last page, and still bidder 1.
    expect(last.bids.at(-1)).toMatchObject({ bidder: 1, own: true });
    const amounts = [...first.bids, ...last.bids].map((b: { amount: number }) => b.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // A page that is not a whole number from 1 is refused naming it (the document's limit); one past the last is empty.
    for (const asked of ['x', '0', '1.5', '100001']) {
      const refused = await call('GET', `/auctions/${lotId}?historyPage=${asked}`, { token: alex });
      expect([refused.status, refused.body.message.split(':')[0]], asked).toEqual([400, 'historyPage']);
    }
    expect((await call('GET', `/auctions/${lotId}?historyPage=9`, { token: alex })).body.bids).toEqual([]);
  });

  it('places a replayed bid once', async () => {
    const lotId = await openLot();
    const alex = await token('buyer@example.com');
    const once = await bid(alex, lotId, 20_000, 'bid-key-replayed-1');
    const again = await bid(alex, lotId, 20_000, 'bid-key-replayed-1');
    expect([once.status, again.status]).toEqual([201, 200]);
    expect(again.body.replayed).toBe(true);
    // A replayed key does not make an amount no lot takes a bid: it is refused as without the key.
    for (const [amount, code] of [
      [0, 'auctionBidNotPositive'],
      [1.5, 'auctionBidNotWhole'],
    ] as const) {
      const refused = await bid(alex, lotId, amount, 'bid-key-replayed-1');
      expect([refused.status, refused.body.messageCode]).toEqual([422, code]);
    }
    expect((await db().select().from(auctionBids).where(eq(auctionBids.lotId, lotId))).length).toBe(1);
    // Another buyer's key is not theirs to replay.
    expect((await bid(await token('buyer2@example.com'), lotId, 30_000, 'bid-key-replayed-1')).status).toBe(404);
  });

  it('moves the end by soft close and says the lot was extended', async () => {
    const lotId = await openLot({ endsIn: 60_000 });
    const placed = await bid(await token('buyer@example.com'), lotId, 20_000);
    const endsAt = new Date(placed.body.endsAt as string).getTime();
    expect(endsAt).toBeGreaterThan(Date.now() + 2 * MINUTE - 5_000);
    expect(placed.body).toMatchObject({ extended: true, inSoftClose: true });
  });

  it('takes a new lot’s manifest as lines or as a spreadsheet, one of the two, as its document says', async () => {
    const lot = {
      title: 'Manifest twice',
      warehouseCode: 'MIA',
      startingPrice: 10_000,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
    };
    const lines = [{ model: 'iPhone 13', grade: 'A', quantity: 1 }];
    for (const body of [lot, { ...lot, lines, manifestXlsxBase64: 'UEsDBA==' }]) {
      const refused = await call('POST', '/admin/auctions', { body });
      expect([refused.status, refused.body.message.split(':')[0]]).toEqual([400, 'lines']);
    }
    expect((await call('POST', '/admin/auctions', { body: { ...lot, lines } })).status).toBe(201);
  });

  it('refuses lots not open, and buyers without the authorities, and keeps canceled lots from others', async () => {
    const alex = await token('buyer@example.com');
    const soon = await openLot({ startsIn: 60 * MINUTE, endsIn: 120 * MINUTE });
    expect((await bid(alex, soon, 20_000)).body.messageCode).toBe('auctionLotNotOpen');
    const viewer = await token('viewer@example.com');
    expect((await call('GET', '/auctions', { token: viewer })).body.messageCode).toBe('auctionsNotAllowed');
    expect((await bid(viewer, soon, 20_000)).body.messageCode).toBe('auctionBidNotAllowed');
    const canceled = await openLot();
    expect(
      (await call('POST', `/admin/auctions/${canceled}/cancel`, { body: { reason: 'Stock damaged' } })).status,
    ).toBe(200);
    expect((await call('GET', `/auctions/${canceled}`, { token: alex })).status).toBe(404);
    expect((await bid(alex, canceled, 20_000)).status).toBe(404);
    expect((await bid(alex, 999_999, 20_000)).status).toBe(404);
  });

  it('lists lots by tab with search and paging, and keeps a watch list per user', async () => {
    const alex = await token('buyer@example.com');
    const lotId = await openLot({ title: 'Galaxy S21 findable lot' });
    const found = await call('GET', '/auctions?tab=open&search=findable', { token: alex });
    expect(found.body.lots.map((l: { id: number }) => l.id)).toEqual([lotId]);
    expect(found.body.lots[0]).toMatchObject({
      units: 60,
      gradeMix: { A: 40, B: 20 },
      warehouse: 'Miami',
      seller: 'ACME Wholesale',
    });
    expect((await call('PUT', `/auctions/${lotId}/watch`, { token: alex })).status).toBe(204);
    const watching = await call('GET', '/auctions?tab=watching', { token: alex });
    expect(watching.body.lots.map((l: { id: number }) => l.id)).toContain(lotId);
    const jamie = await token('buyer2@example.com');
    expect((await call('GET', '/auctions?tab=watching', { token: jamie })).body.lots).toEqual([]);
    expect((await call('DELETE', `/auctions/${lotId}/watch`, { token: alex })).status).toBe(204);
    expect((await call('GET', '/auctions?tab=watching', { token: alex })).body.total).toBe(0);
  });
});

describe('closing a lot', () => {
  it('awards the winner an order at the winning price with the buyer’s preferences, once, and mails won and lost once', async () => {
    const lotId = await openLot({ startingPrice: 10_000 });
    const alex = await token('buyer@example.com');
    const jamie = await token('buyer2@example.com');
    await bid(alex, lotId, 30_000);
    await bid(jamie, lotId, 25_000);

    const closed = await call('POST', `/admin/auctions/${lotId}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'CLOSED', outcome: 'SOLD', currentPrice: 25_500 });
    // Closing again (another replica, a retry) changes nothing.
    expect((await call('POST', `/admin/auctions/${lotId}/close`)).status).toBe(409);

    const made = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, `auction-lot-${lotId}`));
    expect(made).toHaveLength(1);
    const [order] = made;
    expect(order!.subtotal).toBe(25_500);
    expect(order!.shipping).not.toBeNull();
    expect(order!.paymentMethodCode).not.toBeNull();
    expect(order!.total).toBeGreaterThanOrEqual(25_500);
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(event!.detail).toMatchObject({ auctionLotId: lotId, withPreferences: true });

    const page = await call('GET', `/auctions/${lotId}`, { token: alex });
    expect(page.body).toMatchObject({ myStatus: 'WON', orderNumber: order!.phonexOrderNumber });
    // The order links back to the lot it was awarded from.
    const details = await call('GET', `/orders/${order!.phonexOrderNumber}`, { token: alex });
    expect(details.status).toBe(200);
    expect((details.body as { salesOrder: { auctionLot: unknown } }).salesOrder.auctionLot).toEqual({
      id: lotId,
      title: expect.stringContaining('Mixed iPhone lot'),
    });
    expect((await call('GET', `/auctions/${lotId}`, { token: jamie })).body).toMatchObject({
      myStatus: 'LOST',
      orderNumber: null,
    });

    const mails = readOutbox(started().harness.outboxDir).filter((m) => m.subject.includes('Mixed iPhone lot'));
    const won = mails.filter((m) => m.to === 'buyer@example.com' && m.subject.includes('you won'));
    expect(won).toHaveLength(1);
    // The winning price as money (25,500 minor units), the lot named once.
    expect(won[0]!.text).toContain(`You won “${closed.body.title}” at $255.00.`);
    expect(mails.filter((m) => m.to === 'buyer2@example.com' && m.subject.includes('has ended'))).toHaveLength(1);
    expect(mails.filter((m) => m.to === 'buyer@example.com' && m.subject.includes('outbid'))).toHaveLength(0);

    const summary = await call('GET', '/auctions/summary', { token: alex });
    expect(summary.body.totals.won).toBeGreaterThanOrEqual(1);
    expect(summary.body.lots.find((l: { id: number }) => l.id === lotId)).toMatchObject({
      orderNumber: order!.phonexOrderNumber,
    });
  });

  it('charges an awarded lot’s freight for its devices, and the order page re-prices it counting them', async () => {
    // 60 devices (the lot's manifest) in one line of quantity 1: freight is the method's base and 60 per-unit rates.
    const lotId = await openLot({ startingPrice: 10_000, title: 'Lot of sixty' });
    const alex = await token('buyer@example.com');
    await bid(alex, lotId, 20_000);
    await call('POST', `/admin/auctions/${lotId}/close`);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, `auction-lot-${lotId}`));
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    // The line says what its one unit holds, in the tenant's words (it said "Lot of sixty (60)").
    expect(line).toMatchObject({
      quantity: 1,
      devicesPerUnit: 60,
      unitPrice: 10_000,
      description: 'Lot of sixty (devices: 60)',
    });
    // Standard shipping (the buyer's preference): 25.00 + 60 × 0.50.
    expect(order!.freight).toBe(25_00 + 60 * 50);

    const path = `/orders/${order!.phonexOrderNumber}`;
    const details = (await call('GET', path, { token: alex })).body;
    expect(details.salesOrder.charges.freight).toBe(55_00);
    const selection = details.salesOrder.selection;
    const address = details.orderOptions.shippingAddresses.find(
      (a: { id: number }) => a.id === selection.shippingAddressId,
    );
    expect(address.freights).toMatchObject({ ACME_STANDARD_SHIPPING: 55_00, ACME_EXPRESS_SHIPPING: 40_00 + 60 * 1_20 });
    const express = { ...selection, shippingMethodCode: 'ACME_EXPRESS_SHIPPING', insured: false, insuredAmount: null };
    const changed = await call('PUT', `${path}/draft`, {
      token: alex,
      body: { change: { kind: 'rows', rows: ['shippingMethod'], selection: express } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call('GET', path, { token: alex })).body.preview.charges.freight).toBe(112_00);
    const saved = await call('PUT', path, { token: alex, body: { version: order!.version, action: 'SAVE' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.freight).toBe(112_00);
  });

  it('leaves an order on hold without choices for a buyer with no preferences', async () => {
    const lotId = await openLot();
    await bid(await token('buyer2@example.com'), lotId, 20_000);
    await call('POST', `/admin/auctions/${lotId}/close`);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, `auction-lot-${lotId}`));
    expect(order).toMatchObject({ status: 'ON_HOLD', shipping: null, subtotal: 10_000, total: 10_000 });
  });

  it('sells nothing below the reserve, and the highest bidder may take the second-chance offer at the reserve', async () => {
    const lotId = await openLot({ startingPrice: 10_000, reservePrice: 90_000 });
    const alex = await token('buyer@example.com');
    const jamie = await token('buyer2@example.com');
    await bid(alex, lotId, 40_000);
    await bid(jamie, lotId, 30_000);
    expect((await call('GET', `/auctions/${lotId}`, { token: alex })).body).toMatchObject({
      reserveMet: false,
      myStatus: 'RESERVE_NOT_MET',
    });
    const closed = await call('POST', `/admin/auctions/${lotId}/close`);
    expect(closed.body).toMatchObject({ outcome: 'RESERVE_NOT_MET', orderId: null });
    expect(
      (await call('POST', `/auctions/${lotId}/second-chance`, { token: alex, body: { accept: true } })).status,
    ).toBe(404);
    expect((await call('POST', `/admin/auctions/${lotId}/second-chance`)).status).toBe(200);
    // Only the highest bidder is offered it.
    expect(
      (await call('POST', `/auctions/${lotId}/second-chance`, { token: jamie, body: { accept: true } })).status,
    ).toBe(404);
    const accepted = await call('POST', `/auctions/${lotId}/second-chance`, { token: alex, body: { accept: true } });
    expect(accepted.body).toEqual({ state: 'ACCEPTED', replayed: false });
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, `auction-lot-${lotId}`));
    expect(order!.subtotal).toBe(90_000);
    expect(
      (await call('POST', `/auctions/${lotId}/second-chance`, { token: alex, body: { accept: false } })).body,
    ).toEqual({
      state: 'ACCEPTED',
      replayed: true,
    });
  });
});

/** A second replica of this file's marketplace: its own marketplace on the same database, with this mailer. */
/** A lot's photo as the tenant API streams it (not JSON). */
const photoAt = (marketplace: { fetch: (r: Request) => Promise<Response> }, token: string, lotId: number, id: number) =>
  marketplace.fetch(
    new Request(`http://m/px-api-gateway/auctions/${lotId}/photos/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );

const replicaWith = (mailer: Mailer) =>
  createMarketplace({
    database: started().harness.database,
    config: started().harness.marketplace.deps.config,
    mailer,
    adminToken: ADMIN_TOKEN,
  });

describe('auction e-mails', () => {
  it('go only to users who keep them on (the default), each once when two replicas run the job at once', async () => {
    const { harness } = started();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-outbox-'));
    const replica = await replicaWith(createMailer({ from: 'test@localhost', outboxDir }));
    try {
      const [quiet, keen] = await Promise.all(
        ['quiet', 'keen'].map(async (name) => {
          const email = `${name}-${Date.now()}@example.com`;
          const authorities = ['CAN_BUY_ONLINE', 'CAN_VIEW_AUCTION_SUMMARY'];
          await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities } });
          return { email, token: await token(email) };
        }),
      );
      const preference = '/user/notification-preference';
      expect((await call('GET', preference, { token: keen!.token })).body.auctionEmails).toBe(true);
      const off = await call('PUT', preference, { token: quiet!.token, body: { auctionEmails: false } });
      expect(off.body).toMatchObject({ auctionEmails: false, offerAnswerEmails: true });

      const title = `Mail lot ${Date.now()}`;
      const lotId = await openLot({ title, endsIn: 5 * MINUTE });
      for (const who of [quiet!, keen!])
        expect((await call('PUT', `/auctions/${lotId}/watch`, { token: who.token })).status).toBe(204);
      await bid(quiet!.token, lotId, 20_000);
      await bid(keen!.token, lotId, 30_000);
      await bid(quiet!.token, lotId, 40_000);
      // The job re-reads the lots ending soon at every tick, on every replica: twice on both at once.
      for (let tick = 0; tick < 2; tick++)
        await Promise.all([harness.marketplace.deps.jobs.runNow('auctions'), replica.deps.jobs.runNow('auctions')]);
      await Promise.all([
        call('POST', `/admin/auctions/${lotId}/close`),
        apiCaller(replica)('POST', `/admin/auctions/${lotId}/close`),
      ]);

      const subjects = (email: string) =>
        [...readOutbox(harness.outboxDir), ...readOutbox(outboxDir)]
          .filter((m) => m.to === email && m.subject.includes(title))
          .map((m) => m.subject.replace(title, 'LOT'))
          .sort();
      await expect
        .poll(() => subjects(keen!.email))
        .toEqual([
          'ACME Wholesale Devices: LOT ends soon',
          'ACME Wholesale Devices: LOT has ended',
          'ACME Wholesale Devices: you were outbid on LOT',
        ]);
      expect(subjects(quiet!.email)).toEqual([]);
      // The amounts are money: keen's $300.00 beaten by quiet's $400.00 maximum, not 100 times that.
      const outbid = readOutbox(harness.outboxDir).find((m) => m.to === keen!.email && m.subject.includes('outbid'));
      expect(outbid?.text).toMatch(/The current bid is \$3\d\d\.\d\d; the next minimum bid is \$3\d\d\.\d\d\./);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('a closed lot whose e-mails did not go', () => {
  it('gets its won and lost e-mails from the next run of the job, once', async () => {
    // The replica that closes the lot cannot send: as after a kill between the close and its e-mails.
    const down = await replicaWith({
      send: () => Promise.reject(new Error('mailer down')),
    });
    const title = `Unmailed lot ${Date.now()}`;
    const lotId = await openLot({ title });
    await bid(await token('buyer@example.com'), lotId, 30_000);
    await bid(await token('buyer2@example.com'), lotId, 20_000);
    expect((await apiCaller(down)('POST', `/admin/auctions/${lotId}/close`)).body.outcome).toBe('SOLD');
    const [closed] = await db().select().from(auctionLots).where(eq(auctionLots.id, lotId));
    expect(closed!.outcomeMailedAt).toBeNull();

    for (let run = 0; run < 2; run++) await started().harness.marketplace.deps.jobs.runNow('auctions');
    const mails = readOutbox(started().harness.outboxDir).filter((m) => m.subject.includes(title));
    expect(mails.map((m) => `${m.to} ${m.subject.replace(title, 'LOT')}`).sort()).toEqual([
      'buyer2@example.com ACME Wholesale Devices: LOT has ended',
      'buyer@example.com ACME Wholesale Devices: you won LOT',
    ]);
    const [mailed] = await db().select().from(auctionLots).where(eq(auctionLots.id, lotId));
    expect(mailed!.outcomeMailedAt).not.toBeNull();
  });
});

describe('the demo auctions', () => {
  it('hold open, soft-closing, below-reserve and coming lots, and a lot buyer@example.com won becomes its order', async () => {
    const alex = await token('buyer@example.com');
    const open = (await call('GET', '/auctions?tab=open', { token: alex })).body.lots as {
      title: string;
      inSoftClose: boolean;
      reserveMet: boolean | null;
      extended: boolean;
    }[];
    expect(open.some((l) => l.inSoftClose && l.extended)).toBe(true);
    expect(open.some((l) => l.reserveMet === false)).toBe(true);
    expect((await call('GET', '/auctions?tab=soon', { token: alex })).body.total).toBeGreaterThanOrEqual(2);
    await started().harness.marketplace.deps.jobs.runNow('auctions');
    const [won] = await db().select().from(auctionLots).where(like(auctionLots.title, '% 1004 %'));
    expect(won).toMatchObject({ status: 'CLOSED', outcome: 'SOLD' });
    const [order] = await db().select().from(orders).where(eq(orders.id, won!.orderId!));
    const [buyer] = await db().select().from(users).where(eq(users.email, 'buyer@example.com'));
    expect(order).toMatchObject({ buyerId: buyer!.buyerId, subtotal: won!.currentPrice });
    expect(order!.shipping).not.toBeNull();

    // Two lots have the seller's photos: small JPEGs.
    const [pictured] = await db().select().from(auctionLots).where(like(auctionLots.title, '% 1001 %'));
    const { photos } = (await call('GET', `/auctions/${pictured!.id}`, { token: alex })).body as { photos: number[] };
    expect(photos).toHaveLength(2);
    const photo = await photoAt(started().harness.marketplace, alex, pictured!.id, photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await photo.arrayBuffer()).byteLength).toBeLessThan(8 * 1024);
  });
});

describe('a lot’s photo asked of another tenant', () => {
  const second = testMarketplace({ items: 20, config: loadTenantConfig('config/tenants/second.json') });

  it('is not there for its buyers, and this tenant’s token is not taken there', async () => {
    const png = fs.readFileSync('tests/fixtures/photos/unit.png');
    const lotId = await openLot({ photos: [png] });
    const alex = await token('buyer@example.com');
    const [photoId] = (await call('GET', `/auctions/${lotId}`, { token: alex })).body.photos as number[];
    expect((await photoAt(started().harness.marketplace, alex, lotId, photoId!)).status).toBe(200);
    const theirs = await accessToken(second().call, 'buyer@example.com', DEMO_PASSWORD);
    expect((await photoAt(second().harness.marketplace, theirs, lotId, photoId!)).status).toBe(404);
    expect((await photoAt(second().harness.marketplace, alex, lotId, photoId!)).status).toBe(401);
  });
});

/** 50 bidders at once on one lot, on PGlite (this file's marketplace) and, with TEST_DATABASE_URL, on PostgreSQL with its pool. */
const adminUrl = process.env.TEST_DATABASE_URL;
for (const kind of ['PGlite', 'PostgreSQL'] as const) {
  describe.skipIf(kind === 'PostgreSQL' && !adminUrl)(`50 bidders at once on ${kind}`, () => {
    const store = kind === 'PGlite' ? started : testMarketplaceOn(kind, adminUrl, 'auction_bidders', { items: 10 });

    it('give one order of bids, one leader and no price above the leader’s maximum', async () => {
      const { harness, call: storeCall } = store();
      const base = auctioning(() => storeCall);
      const lotId = await base.openLot({ startingPrice: 1_000 });
      const database = harness.database.db;
      const [template] = await database.select().from(users).where(eq(users.email, 'buyer@example.com'));
      const bidders: SignedInUser[] = [];
      for (let i = 0; i < 50; i++) {
        const [buyer] = await database
          .insert(buyers)
          .values({ name: `Bidder company ${i}` })
          .returning();
        const [user] = await database
          .insert(users)
          .values({
            email: `bidder${i}-${lotId}@example.com`,
            passwordHash: template!.passwordHash,
            firstName: 'B',
            lastName: `${i}`,
            buyerId: buyer!.id,
          })
          .returning();
        bidders.push({
          id: user!.id,
          email: user!.email,
          firstName: 'B',
          lastName: `${i}`,
          isBuyer: true,
          buyerId: buyer!.id,
          authorities: ['CAN_BUY_ONLINE'],
          sessionId: `s${i}`,
        });
      }
      const service = createAuctionBids(harness.marketplace.deps);
      // Each bids its own maximum; many are refused once the price has passed them.
      const maximums = bidders.map((_, i) => 1_000 + ((i * 7919) % 50) * 300);
      const outcomes = await Promise.allSettled(bidders.map((user, i) => service.place(user, lotId, maximums[i]!)));
      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      for (const o of outcomes)
        if (o.status === 'rejected') expect((o.reason as { messageCode: string }).messageCode).toBe('auctionBidTooLow');

      const bids = await database
        .select()
        .from(auctionBids)
        .where(eq(auctionBids.lotId, lotId))
        .orderBy(auctionBids.id);
      expect(bids).toHaveLength(accepted);
      // Replayed one by one in the order they were recorded, the bids give exactly the lot's standing.
      let standing: Standing = openingStanding(1_000);
      for (const row of bids) {
        const result = placeBid(
          standing,
          row.buyerId,
          row.maximum,
          harness.marketplace.deps.config.marketplace.auctions.increments,
        );
        expect(result.accepted).toBe(true);
        if (result.accepted) standing = result.standing;
        expect(row.priceAfter).toBe(standing.price);
      }
      const [lot] = await database.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      expect(lot).toMatchObject({
        bidCount: accepted,
        currentPrice: standing.price,
        leaderBuyerId: standing.leader!.bidderId,
        leaderMaximum: Math.max(...maximums),
      });
      expect(lot!.currentPrice!).toBeLessThanOrEqual(lot!.leaderMaximum!);
    });
  });
}
