import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { returnEvents, returnRequests, returnUnits } from '../../server/marketplace/db/schema';
import { readOutbox, type apiCaller } from './harness';
import { ordering, testMarketplace } from './support/ordering';
import { pdfTextRuns } from './support/pdf-text';
import { returning } from './support/returning';

/**
 * Issue 38, returns by IMEI: the state machine of a request, the credit as one row of the order's
 * ledger, the refusals (window, returned already, in an open request, not shipped), replays, and a
 * unit held by one request at a time by the database's own index.
 */
const started = testMarketplace({ items: 200 });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
const api = ordering(started, 'returns');
const { newReturnsBuyer, shippedOrder, request } = returning(call, api);
const db = () => started().harness.database.db;

describe('a return request from request to credit', () => {
  it('moves REQUESTED → APPROVED (one unit rejected) → RECEIVED → CREDITED, the credit one ledger row the balance follows', async () => {
    expect((await call('POST', '/admin/returns/settings', { body: { restockingFeeRate: 1000 } })).status).toBe(200);
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 3, 1);
    const paid = await api.orderRow(n);
    expect(paid.paymentStatus).toBe('PAID');

    const created = await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[1]! }], { note: 'Two dead' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rma = created.body.rmaNumber as string;
    expect(rma).toMatch(/^RMA-/);

    const approved = await call('POST', `/admin/returns/${rma}/approve`, {
      body: { instructions: 'Ship to dock 4', rejectUnits: [{ unit: imeis[1], reason: 'Works fine' }] },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.units.map((u: { state: string }) => u.state)).toEqual(['APPROVED', 'REJECTED']);
    // A move the status cannot make is refused and changes nothing.
    expect((await call('POST', `/admin/returns/${rma}/credit`, { body: {} })).status).toBe(409);
    expect((await call('POST', `/admin/returns/${rma}/receive`, { body: {} })).status).toBe(200);

    const credited = await call('POST', `/admin/returns/${rma}/credit`, { body: {} });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const line = (await call('GET', `/orders/${n}`, { token })).body.salesOrder.items[0];
    const expected = line.unitPrice - Math.round(line.unitPrice / 10);
    expect(credited.body).toMatchObject({ status: 'CREDITED', credit: expected });
    expect(credited.body.units.map((u: { state: string; credit: number }) => [u.state, u.credit])).toEqual([
      ['CREDITED', expected],
      ['REJECTED', 0],
    ]);
    const ledger = await api.ledgerOf(n);
    expect(ledger.filter((r) => r.kind === 'CREDIT').map((r) => [r.amount, r.provider, r.reference])).toEqual([
      [expected, 'return', rma],
    ]);
    const after = await api.orderRow(n);
    expect(after).toMatchObject({ amountPaid: paid.total + expected, paymentStatus: 'CREDIT_DUE' });
    expect((await call('GET', `/orders/${n}`, { token })).body.salesOrder.payment).toMatchObject({
      creditDue: expected,
    });

    // The order's export shows the credit under what is paid.
    const exported = await started().harness.marketplace.fetch(
      new Request(`http://m/px-api-gateway/orders/${n}/export`, { headers: { authorization: `Bearer ${token}` } }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exported.arrayBuffer());
    const totals: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => totals.push((row.values as unknown[]).slice(6, 8)));
    expect(totals).toContainEqual(['Return credits', expected / 100]);

    // A replayed credit changes nothing.
    expect((await call('POST', `/admin/returns/${rma}/credit`, { body: {} })).status).toBe(409);
    expect((await api.ledgerOf(n)).filter((r) => r.kind === 'CREDIT')).toHaveLength(1);

    const seen = (await call('GET', `/returns/${rma}`, { token })).body;
    expect(seen.history.map((h: { to: string }) => h.to)).toEqual(['REQUESTED', 'APPROVED', 'RECEIVED', 'CREDITED']);
    expect(seen).toMatchObject({ instructions: 'Ship to dock 4', note: 'Two dead', orderNumber: n, credit: expected });
    expect(seen.units[1]).toMatchObject({ imei: imeis[1], rejectReason: 'Works fine', reason: 'Dead on arrival' });
    // The buyer is told of each change.
    const mails = readOutbox(started().harness.outboxDir).filter((m) => m.subject.includes(rma));
    expect(mails.map((m) => m.subject.split(' ').at(-1))).toEqual(['requested', 'approved', 'received', 'credited']);
    // The credit as money, as the ledger row has it (minor units).
    const dollars = (expected / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(mails.at(-1)!.text).toContain(`Credited to order ${n}: ${dollars}.`);
    await call('POST', '/admin/returns/settings', { body: { restockingFeeRate: 0 } });
  });

  it('replaces instead of crediting: no ledger row', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 2);
    const rma = (await request(token, n, [{ imei: imeis[0]! }])).body.rmaNumber;
    for (const step of ['approve', 'receive', 'replace'])
      expect((await call('POST', `/admin/returns/${rma}/${step}`, { body: {} })).status).toBe(200);
    expect((await call('GET', `/returns/${rma}`, { token })).body.status).toBe('REPLACED');
    expect((await api.ledgerOf(n)).filter((r) => r.kind === 'CREDIT')).toEqual([]);
    // Replaced is returned: not asked for again.
    expect((await request(token, n, [{ imei: imeis[0]! }])).body.messageCode).toBe('return.refused.alreadyReturned');
  });
});

describe('what a request refuses', () => {
  it('names the units outside the window, already returned, in an open request, or not shipped, and makes nothing', async () => {
    const token = await newReturnsBuyer();
    const old = await shippedOrder(token, 1, 3, { daysAgo: 20 });
    const late = await request(token, old.n, [{ imei: old.imeis[0]! }]);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      messageCode: 'return.refused.outsideWindow',
      message: `Outside the 14-day return window: ${old.imeis[0]}`,
    });

    const fresh = await shippedOrder(token, 2, 4);
    const first = await request(token, fresh.n, [{ imei: fresh.imeis[0]! }]);
    expect(first.status).toBe(201);
    const open = await request(token, fresh.n, [{ imei: fresh.imeis[0]! }, { imei: fresh.imeis[1]! }]);
    expect(open.body).toMatchObject({ messageCode: 'return.refused.inOpenRequest', params: { units: fresh.imeis[0] } });
    const stranger = await request(token, fresh.n, [{ imei: old.imeis[0]! }]);
    expect(stranger.body).toMatchObject({ messageCode: 'return.refused.notShipped', params: { units: old.imeis[0] } });
    const [order] = await db()
      .select({ id: returnRequests.orderId })
      .from(returnRequests)
      .where(eq(returnRequests.rmaNumber, first.body.rmaNumber));
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, order!.id))).toHaveLength(1);

    // A rejected unit can be asked for again.
    expect(
      (await call('POST', `/admin/returns/${first.body.rmaNumber}/reject`, { body: { reason: 'No fault found' } }))
        .status,
    ).toBe(200);
    expect((await request(token, fresh.n, [{ imei: fresh.imeis[0]! }])).status).toBe(201);
  });

  it('refuses an unknown reason, too many units and a long note before anything is written', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 5);
    expect((await request(token, n, [{ imei: imeis[0]! }], { reasonCode: 'NOPE' })).body.messageCode).toBe(
      'unknownReason',
    );
    expect(
      (
        await request(
          token,
          n,
          Array.from({ length: 51 }, () => ({ imei: imeis[0]! })),
        )
      ).status,
    ).toBe(400);
    expect((await request(token, n, [{ imei: imeis[0]! }], { note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[0]! }])).body.messageCode).toBe(
      'return.refused.notShipped',
    );
  });

  it('answers a replayed submission with the request it made', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 6);
    const [a, b] = [
      await request(token, n, [{ imei: imeis[0]! }], { key: 'replayed-key-1' }),
      await request(token, n, [{ imei: imeis[0]! }], { key: 'replayed-key-1' }),
    ];
    expect(a.body.rmaNumber).toBe(b.body.rmaNumber);
    expect(b.body.created).toBe(false);
  });

  it('keeps a unit in one open request by the database index, whatever the code checks', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 7);
    const rma = (await request(token, n, [{ imei: imeis[0]! }])).body.rmaNumber;
    const [unit] = await db().select().from(returnUnits).where(eq(returnUnits.imei, imeis[0]!));
    const { id: _id, ...copy } = unit!;
    await expect(db().insert(returnUnits).values(copy)).rejects.toThrow();
    await expect(
      db()
        .insert(returnUnits)
        .values({ ...copy, state: 'REJECTED' }),
    ).resolves.toBeDefined();
    expect(rma).toBeTruthy();
  });
});

describe('goods shipped without IMEIs', () => {
  it('returns by line and quantity, the line slots held like IMEIs', async () => {
    const token = await newReturnsBuyer();
    const { n, itemNumberWarehouse } = await shippedOrder(token, 3, 8, { imeis: false });
    const able = (await call('GET', `/returns/orders/${n}`, { token })).body;
    expect(able.units.map((u: { key: string }) => u.key)).toEqual([1, 2, 3].map((i) => `${itemNumberWarehouse}#${i}`));
    expect(able.reasons).toHaveLength(6);
    expect((await request(token, n, [{ itemNumberWarehouse, quantity: 2 }])).status).toBe(201);
    const again = await request(token, n, [{ itemNumberWarehouse, quantity: 2 }]);
    expect(again.body.messageCode).toBe('return.refused.inOpenRequest');
    expect((await request(token, n, [{ itemNumberWarehouse, quantity: 1 }])).status).toBe(201);
  });
});

describe('cancel, list and search', () => {
  it('cancels while REQUESTED once, and not after approval', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 2, 9);
    const rma = (await request(token, n, [{ imei: imeis[0]! }])).body.rmaNumber;
    expect((await call('POST', `/returns/${rma}/cancel`, { token })).body).toEqual({
      rmaNumber: rma,
      status: 'CANCELED',
    });
    expect((await call('POST', `/returns/${rma}/cancel`, { token })).body).toEqual({
      rmaNumber: rma,
      status: 'CANCELED',
    });
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.rmaNumber, rma));
    expect(
      await db()
        .select()
        .from(returnEvents)
        .where(and(eq(returnEvents.requestId, row!.id), eq(returnEvents.toStatus, 'CANCELED'))),
    ).toHaveLength(1);
    const second = (await request(token, n, [{ imei: imeis[0]! }])).body.rmaNumber;
    await call('POST', `/admin/returns/${second}/approve`, { body: {} });
    expect((await call('POST', `/returns/${second}/cancel`, { token })).status).toBe(409);
  });

  it("lists the buyer's own requests, searched by RMA, order or IMEI and sorted", async () => {
    const token = await newReturnsBuyer();
    const a = await shippedOrder(token, 1, 10);
    const b = await shippedOrder(token, 2, 11);
    const ra = (await request(token, a.n, [{ imei: a.imeis[0]! }])).body.rmaNumber;
    const rb = (await request(token, b.n, [{ imei: b.imeis[0]! }, { imei: b.imeis[1]! }])).body.rmaNumber;
    const list = (query = '') => call('GET', `/returns${query}`, { token }).then((r) => r.body);
    expect((await list()).rows.map((r: { rmaNumber: string; units: number }) => [r.rmaNumber, r.units])).toEqual([
      [rb, 2],
      [ra, 1],
    ]);
    expect((await list('?sort=units&dir=asc')).rows.map((r: { units: number }) => r.units)).toEqual([1, 2]);
    expect((await list(`?search=${b.imeis[1]}`)).rows.map((r: { rmaNumber: string }) => r.rmaNumber)).toEqual([rb]);
    expect((await list(`?search=${a.n}`)).rows.map((r: { rmaNumber: string }) => r.rmaNumber)).toEqual([ra]);
    expect((await list(`?search=${ra}`)).total).toBe(1);
    expect((await list('?sort=nope')).statusCode).toBe(400);
    // A refused query names its field, as every other route's refusal does.
    expect((await list('?dir=')).message).toMatch(/^dir: /);
    expect((await list('?page=0')).message).toMatch(/^page: /);
  });

  it('refuses a buyer without the returns authority', async () => {
    const token = await api.newBuyer();
    expect((await call('GET', '/returns', { token })).body.messageCode).toBe('returnsNotAllowed');
  });
});

describe('the packing slip', () => {
  it("is a PDF naming the RMA number and the IMEIs going back; another buyer's is not found", async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 2, 12);
    const rma = (await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[1]! }], { reasonCode: 'LOCKED' })).body
      .rmaNumber as string;
    await call('POST', `/admin/returns/${rma}/approve`, {
      body: { instructions: 'Dock 4', rejectUnits: [{ unit: imeis[1], reason: 'Fine' }] },
    });
    const slip = (who: string) =>
      started().harness.marketplace.fetch(
        new Request(`http://m/px-api-gateway/returns/${rma}/packing-slip`, {
          headers: { authorization: `Bearer ${who}` },
        }),
      );
    const answer = await slip(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = pdfTextRuns(Buffer.from(await answer.arrayBuffer())).join('\n');
    expect(text).toContain(rma);
    expect(text).toContain(imeis[0]);
    expect(text).toContain('Dock 4');
    // The reason whole, its em dash included (issue 52 read "Locked  iCloud"): it is WinAnsi's 0x97,
    // which a reader taking the strings as Latin-1 shows as an invisible control character.
    expect(text.replace(/\s+/g, ' ')).toContain('Locked — iCloud, FRP or MDM');
    // The rejected unit does not go in the box.
    expect(text).not.toContain(imeis[1]);
    expect((await slip(await newReturnsBuyer())).status).toBe(404);
  });
});

describe('the returns export', () => {
  it("holds every request the search matches, in the list's order, with localised statuses and credits in currency", async () => {
    const token = await newReturnsBuyer();
    const a = await shippedOrder(token, 1, 13);
    const b = await shippedOrder(token, 2, 14);
    const ra = (await request(token, a.n, [{ imei: a.imeis[0]! }])).body.rmaNumber;
    const rb = (await request(token, b.n, [{ imei: b.imeis[0]! }, { imei: b.imeis[1]! }])).body.rmaNumber;
    for (const step of ['approve', 'receive', 'credit'])
      await call('POST', `/admin/returns/${ra}/${step}`, { body: {} });
    const file = (query: string) =>
      started().harness.marketplace.fetch(
        new Request(`http://m/px-api-gateway/returns/export${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    const rowsOf = async (response: Response) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const all = await file('?sort=rmaNumber&dir=asc');
    expect(all.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await rowsOf(all);
    expect(rows[0]).toEqual(['RMA #', 'Order', 'Created', 'Status', 'Units', 'Credit']);
    const credit = (await call('GET', `/returns/${ra}`, { token })).body.credit as number;
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual(
      [
        [ra, a.n, 'Credited', 1, credit / 100],
        [rb, b.n, 'Requested', 2, 0],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect((await rowsOf(await file(`?search=${b.imeis[1]}`))).slice(1).map((r) => r[0])).toEqual([rb]);
  });
});
