import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_ORDER_SETTINGS,
  ORDER_LIST_FIELDS,
  statusStyle,
  type OrderListField,
} from '../../app/domain/orders/settings';
import { marketplaceTexts, orderLines, orders } from '../../server/marketplace/db/schema';
import { readOrderSettings } from '../../server/marketplace/services/orders/order-settings';
import { writeSetting } from '../../server/marketplace/services/shared/settings';
import type { OrderListItem } from '../../app/domain/orders/list-cells';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { createOrderListService } from '../../server/marketplace/services/orders/order-list';
import { loader as ordersLoader } from '../../app/routes/_app.orders._index/route';
import { loader as exportLoader } from '../../app/routes/orders_.export';
import { accessToken, apiCaller, portalContext, startTestMarketplace } from './harness';
import { demoBuyerSession } from './support/signed-in';
import { answerData } from '../support/route-answer';

/**
 * The orders list of spec 3 §2.5 against the marketplace on PGlite: pages of 50 that never overlap,
 * a sort on every field in both directions, a search over item descriptions, order numbers and
 * references, nothing of another buyer's, strict parameters, the export, and ten thousand orders.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
type History = {
  created: number;
  first: { phonexOrderNumber: string; refOrderNumber: string | null; status: string; descriptions: string[] }[];
};
let tokenA: string;
let tokenB: string;
let historyA: History;
let historyB: History;
const ORDERS_A = 120;

async function buyerWithHistory(email: string, count: number) {
  await call('POST', '/admin/users', {
    body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'] },
  });
  const made = await call('POST', '/admin/order-history', { body: { email, count } });
  expect(made.status).toBe(201);
  return { token: await accessToken(call, email, DEMO_PASSWORD), history: made.body as History };
}

const list = async (token: string, query = '') => {
  const response = await call('GET', `/orders${query ? `?${query}` : ''}`, { token });
  return response as {
    status: number;
    body: { items: OrderListItem[]; total: number; page: number; pageSize: number };
  };
};

/** Every order of a query, page by page. */
async function everyPage(token: string, query: string) {
  const first = await list(token, query);
  const all = [...first.body.items];
  for (let page = 2; page <= Math.ceil(first.body.total / 50); page++)
    all.push(...(await list(token, `${query}&page=${page}`)).body.items);
  return all;
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 300 });
  call = apiCaller(harness.marketplace);
  ({ token: tokenA, history: historyA } = await buyerWithHistory('orders-a@example.com', ORDERS_A));
  ({ token: tokenB, history: historyB } = await buyerWithHistory('orders-b@example.com', 5));
}, 60_000);
afterAll(() => harness.close());

const statusRank = (codes: { code: string }[]) => (code: string) => codes.findIndex((s) => s.code === code);
const fulfilment = statusRank(DEFAULT_ORDER_SETTINGS.fulfillmentSettings.statuses);
const payment = statusRank(DEFAULT_ORDER_SETTINGS.paymentSettings.statuses);
/** The value a field sorts by. */
const keyOf = (field: OrderListField, item: OrderListItem): string | number => {
  switch (field) {
    case 'fulfillmentStatus':
      return fulfilment(item.fulfillmentStatus);
    case 'paymentStatus':
      return payment(item.paymentStatus);
    case 'refOrderNumber':
      return item.refOrderNumber ?? item.phonexOrderNumber;
    case 'createDate':
    case 'updateDate':
      return Date.parse(item[field]);
    default:
      return item[field] as string | number;
  }
};
const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

describe('orders list', () => {
  it('pages 50 at a time, newest update first, with pages that never overlap', async () => {
    const first = await list(tokenA);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: ORDERS_A, page: 1, pageSize: 50 });
    expect(first.body.items).toHaveLength(50);
    const third = await list(tokenA, 'page=3');
    expect(third.body.items).toHaveLength(20);
    // A page past the last is the last.
    const beyond = await list(tokenA, 'page=99');
    expect(beyond.body.page).toBe(3);
    expect(beyond.body.items.map((o) => o.phonexOrderNumber)).toEqual(third.body.items.map((o) => o.phonexOrderNumber));
    const all = await everyPage(tokenA, 'sort=updateDate&dir=desc');
    expect(new Set(all.map((o) => o.phonexOrderNumber)).size).toBe(ORDERS_A);
    const dates = all.map((o) => Date.parse(o.updateDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(all.map((o) => o.phonexOrderNumber)).toEqual((await everyPage(tokenA, '')).map((o) => o.phonexOrderNumber));
  });

  it.each(
    ORDER_LIST_FIELDS.flatMap(
      (field) =>
        [
          [field, 'asc'],
          [field, 'desc'],
        ] as const,
    ),
  )('sorts on %s %s over all pages', async (field, dir) => {
    const all = await everyPage(tokenA, `sort=${field}&dir=${dir}`);
    expect(all).toHaveLength(ORDERS_A);
    const keys = all.map((o) => keyOf(field, o));
    for (let i = 1; i < keys.length; i++) {
      const order = compare(keys[i - 1]!, keys[i]!);
      expect(dir === 'asc' ? order <= 0 : order >= 0, `${field} ${dir} at ${i}: ${keys[i - 1]} then ${keys[i]}`).toBe(
        true,
      );
    }
    expect(new Set(all.map((o) => o.phonexOrderNumber)).size).toBe(ORDERS_A);
  });

  it('answers each order as the list shows it: warehouse label, statuses, quantities, shipped share, total in minor units', async () => {
    const all = await everyPage(tokenA, '');
    const byStatus = (status: string) => all.find((o) => o.fulfillmentStatus === status)!;
    expect(byStatus('SHIPPED').shippedPercent).toBe(100);
    expect(byStatus('INVOICED').shippedPercent).toBe(100);
    expect(byStatus('CANCELED').shippedPercent).toBe(0);
    expect(byStatus('ON_HOLD').shippedPercent).toBe(0);
    const partial = byStatus('PARTIALLY_SHIPPED').shippedPercent;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(100);
    for (const order of all) {
      expect(order.warehouse).not.toBe('');
      expect(order.warehouse).not.toBe(order.warehouseCode);
      expect(Number.isInteger(order.total)).toBe(true);
      // A canceled order owes nothing: its charges are 0, as when the buyer or the seller cancels.
      if (order.fulfillmentStatus === 'CANCELED') expect(order.total).toBe(0);
      else expect(order.total).toBeGreaterThan(0);
      expect(order.totalOrderedQuantity).toBeGreaterThan(0);
      expect(typeof order.pxnsOrder).toBe('boolean');
    }
    expect(new Set(all.map((o) => o.fulfillmentStatus)).size).toBe(7);
    expect(new Set(all.map((o) => o.paymentStatus)).size).toBeGreaterThanOrEqual(5);
  });

  it('says a canceled order owes nothing, not that it is unpaid, with its units canceled: in new data, in data from before, and in a tenant list of statuses that predates it', async () => {
    const db = harness.database.db;
    const canceled = (await everyPage(tokenA, 'status=CANCELED')).map((o) => o.paymentStatus);
    expect(canceled).toContain('NOTHING_DUE');
    expect(
      canceled.every((status) => status === 'NOTHING_DUE' || status === 'REFUNDED'),
      canceled.join(),
    ).toBe(true);

    // Migration 0030 on an order and texts as they were before it (the operator's own German word kept).
    const number = historyA.first.find((o) => o.status === 'CANCELED')!.phonexOrderNumber;
    await db.execute(sql`update orders set payment_status = 'UNPAID' where phonex_order_number = ${number}`);
    await db.execute(sql`update order_lines set canceled_quantity = 0
      where order_id = (select id from orders where phonex_order_number = ${number})`);
    await db.execute(sql`insert into marketplace_texts (kind, ref, field, language, text) values
      ('payment-status', 'UNPAID', 'label', 'fr', 'Non payée'), ('payment-status', 'UNPAID', 'label', 'de', 'Offen'),
      ('payment-status', 'NOTHING_DUE', 'label', 'de', 'Erledigt')`);
    const migration = fs.readFileSync('server/marketplace/db/migrations/0030_payment_nothing_due.sql', 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [row] = await db
      .select({ status: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.phonexOrderNumber, number));
    expect(row!.status).toBe('NOTHING_DUE');
    const lines = await db
      .select({ quantity: orderLines.quantity, canceled: orderLines.canceledQuantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.phonexOrderNumber, number));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((l) => l.canceled)).toEqual(lines.map((l) => l.quantity));
    const labels = await db
      .select({ language: marketplaceTexts.language, text: marketplaceTexts.text })
      .from(marketplaceTexts)
      .where(and(eq(marketplaceTexts.kind, 'payment-status'), eq(marketplaceTexts.ref, 'NOTHING_DUE')));
    expect(Object.fromEntries(labels.map((l) => [l.language, l.text]))).toEqual({ fr: 'Rien à payer', de: 'Erledigt' });

    // A tenant's own statuses, written before NOTHING_DUE was one, keep their words and gain its default.
    await writeSetting(db, 'order-settings', {
      paymentSettings: { statuses: [{ code: 'UNPAID', label: 'Open', colorClass: 'info' }] },
    });
    try {
      const { statuses } = (await readOrderSettings(db)).paymentSettings;
      expect(statuses.slice(0, 2)).toEqual([
        { code: 'UNPAID', label: 'Open', colorClass: 'info' },
        { code: 'AWAITING_PAYMENT', label: 'Awaiting Payment', colorClass: 'info' },
      ]);
      expect(statusStyle(statuses, 'NOTHING_DUE')).toEqual({
        code: 'NOTHING_DUE',
        label: 'Nothing Due',
        colorClass: 'neutral',
      });
    } finally {
      await writeSetting(db, 'order-settings', {});
    }
  });

  it('searches item descriptions without regard to case, and order numbers and references', async () => {
    const description = historyA.first[5]!.descriptions[1]!;
    const expected = historyA.first
      .filter((o) => o.descriptions.some((d) => d.toLowerCase().includes(description.toLowerCase())))
      .map((o) => o.phonexOrderNumber);
    expect(expected.length).toBeGreaterThan(0);
    for (const text of [description, description.toUpperCase(), description.toLowerCase()]) {
      const found = await everyPage(tokenA, `search=${encodeURIComponent(text)}`);
      expect(found.map((o) => o.phonexOrderNumber).sort()).toEqual(expected.sort());
    }
    const one = historyA.first[7]!;
    const byNumber = (await list(tokenA, `search=${one.phonexOrderNumber}`)).body.items.map((o) => o.phonexOrderNumber);
    expect(byNumber).toContain(one.phonexOrderNumber);
    // A piece of a number finds every number holding it ('-8' and '-80' to '-89').
    expect(byNumber.sort()).toEqual(
      historyA.first
        .map((o) => o.phonexOrderNumber)
        .filter((n) => n.includes(one.phonexOrderNumber))
        .sort(),
    );
    const referenced = historyA.first.find((o) => o.refOrderNumber)!;
    expect(
      (await list(tokenA, `search=${referenced.refOrderNumber!.toLowerCase()}`)).body.items.map(
        (o) => o.refOrderNumber,
      ),
    ).toEqual([referenced.refOrderNumber]);
    // Wildcards are taken literally.
    for (const text of ['%', '_', '\\', "'; drop table orders; --"])
      expect((await list(tokenA, `search=${encodeURIComponent(text)}`)).body.total, text).toBe(0);
    expect((await list(tokenA, 'search=no-such-item-anywhere')).body).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('narrows to a fulfilment status and a span of creation, with the search, the sort and the pages', async () => {
    const all = await everyPage(tokenA, 'sort=createDate&dir=asc');
    expect(all).toHaveLength(ORDERS_A);
    const shipped = all.filter((o) => o.fulfillmentStatus === 'SHIPPED');
    expect(shipped.length).toBeGreaterThan(0);
    const byStatus = await list(tokenA, 'status=SHIPPED&sort=createDate&dir=asc');
    expect(byStatus.body.total).toBe(shipped.length);
    expect(byStatus.body.items.map((o) => o.phonexOrderNumber)).toEqual(shipped.map((o) => o.phonexOrderNumber));
    // From the 10th order's creation (included) to the 70th's (excluded): 60 orders over two pages.
    const span = `createdFrom=${encodeURIComponent(all[10]!.createDate)}&createdBefore=${encodeURIComponent(all[70]!.createDate)}`;
    const first = await list(tokenA, `${span}&sort=createDate&dir=asc`);
    expect(first.body.total).toBe(60);
    const inSpan = await everyPage(tokenA, `${span}&sort=createDate&dir=asc`);
    expect(inSpan.map((o) => o.phonexOrderNumber)).toEqual(all.slice(10, 70).map((o) => o.phonexOrderNumber));
    // Both filters and a search at once: what each would keep.
    const description = all[30]!.phonexOrderNumber;
    const together = await list(tokenA, `${span}&status=${all[30]!.fulfillmentStatus}&search=${description}`);
    expect(together.body.items.map((o) => o.phonexOrderNumber)).toContain(description);
    for (const order of together.body.items) expect(order.fulfillmentStatus).toBe(all[30]!.fulfillmentStatus);
    expect((await list(tokenA, 'status=NO_SUCH_STATUS')).body).toMatchObject({ items: [], total: 0 });
    for (const query of ['status=shipped', 'status=A%27B', 'createdFrom=yesterday', 'createdBefore=2026-01-01'])
      expect((await list(tokenA, query)).status, query).toBe(400);
  });

  it("never shows another buyer's orders", async () => {
    const numbersA = new Set((await everyPage(tokenA, '')).map((o) => o.phonexOrderNumber));
    const listB = (await list(tokenB)).body;
    expect(listB.total).toBe(5);
    for (const order of listB.items) expect(numbersA.has(order.phonexOrderNumber)).toBe(false);
    for (const order of historyB.first)
      expect((await list(tokenA, `search=${order.phonexOrderNumber}`)).body.total).toBe(0);
    expect((await list(tokenB, `search=${historyA.first[0]!.phonexOrderNumber}`)).body.total).toBe(0);
    // The demo buyer's own past is there too, and not in theirs.
    const demo = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
    const demoList = (await list(demo)).body;
    expect(demoList.total).toBeGreaterThanOrEqual(12);
    for (const order of demoList.items) expect(numbersA.has(order.phonexOrderNumber)).toBe(false);
  });

  it("sets the buyer's own reference on an order (the list's editable cell), e-mails the buyer, and refuses what the cell's type refuses", async () => {
    const order = historyB.first[0]!.phonexOrderNumber;
    const put = (token: string, refOrderNumber: string) =>
      harness.marketplace.fetch(
        new Request(`http://m/px-api-gateway/orders/${order}/reference`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ refOrderNumber }),
        }),
      );
    const mails = () => fs.readdirSync(harness.outboxDir).length;
    const before = mails();
    const saved = await put(tokenB, ' PO-B 1 ');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ status: 'SUCCESS', phonexOrderNumber: order, refOrderNumber: 'PO-B 1' });
    expect(mails()).toBe(before + 1);
    expect((await list(tokenB, `search=PO-B 1`)).body.items.map((o) => o.phonexOrderNumber)).toEqual([order]);
    expect((await put(tokenB, '<PO>')).status).toBe(422);
    // Another buyer's order is not found, and stays as it was.
    expect((await put(tokenA, 'PO-A')).status).toBe(404);
    expect((await list(tokenB, `search=PO-B 1`)).body.total).toBe(1);
  });

  it('refuses parameters out of range with a 400, never a 500, and needs a signed-in buyer', async () => {
    for (const query of [
      'page=-1',
      'page=0',
      'page=abc',
      'page=1.5',
      'page=9999999',
      'sort=evil',
      'sort=__proto__',
      'dir=up',
      `search=${'x'.repeat(10_000)}`,
      'page=1&page=2&sort=total&sort=evil',
    ]) {
      const response = await list(tokenA, query);
      expect(response.status, query).toBe(400);
      expect((response.body as unknown as { messageCode: string }).messageCode, query).toBe('validationFailed');
    }
    for (const query of ['', 'sort=total', 'dir=asc', `search=${'x'.repeat(200)}`, 'unknown=1'])
      expect((await list(tokenA, query)).status, query).toBe(200);
    expect((await call('GET', '/orders')).status).toBe(401);
    expect((await call('GET', '/orders/export')).status).toBe(401);
  });

  it('exports every matching order with the configured columns, in the list order', async () => {
    const description = historyA.first[3]!.descriptions[0]!;
    const query = `sort=total&dir=asc&search=${encodeURIComponent(description)}`;
    const response = await harness.marketplace.fetch(
      new Request(`http://m/px-api-gateway/orders/export?${query}`, { headers: { authorization: `Bearer ${tokenA}` } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Orders');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Order #',
      'Reference',
      'Created',
      'Updated',
      'Warehouse',
      'Fulfillment Status',
      'Payment Status',
      'Ordered Quantity',
      'Shipped',
      'Total',
    ]);
    const listed = await everyPage(tokenA, query);
    expect(sheet.rowCount).toBe(listed.length + 1);
    listed.forEach((order, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(order.phonexOrderNumber);
      expect(row.getCell(5).value).toBe(order.warehouse);
      expect(row.getCell(6).value).toBe(
        DEFAULT_ORDER_SETTINGS.fulfillmentSettings.statuses.find((s) => s.code === order.fulfillmentStatus)!.label,
      );
      expect(row.getCell(8).value).toBe(order.totalOrderedQuantity);
      expect(row.getCell(9).numFmt).toBe('0.0%');
      expect(row.getCell(9).value).toBeCloseTo(order.shippedPercent / 100, 3);
      expect(row.getCell(10).value).toBe(order.total / 100);
      expect(row.getCell(3).value).toBeInstanceOf(Date);
    });
    const bad = await harness.marketplace.fetch(
      new Request('http://m/px-api-gateway/orders/export?sort=evil', {
        headers: { authorization: `Bearer ${tokenA}` },
      }),
    );
    expect(bad.status).toBe(400);
  });
});

describe('a past of orders made at a given time (what picture tests show)', () => {
  it('numbers them SO-{stamp}-{n}, dates them back from the given moment (7 hours an order) and keeps to the given warehouses', async () => {
    const email = 'orders-fixed@example.com';
    await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_VIEW_ORDER'] } });
    const now = '2026-03-02T12:00:00.000Z';
    const made = await call('POST', '/admin/order-history', {
      body: { email, count: 3, now, stamp: 'PICTURES0', warehouses: ['FRA', 'NST-DE'] },
    });
    expect(made.status).toBe(201);
    const token = await accessToken(call, email, DEMO_PASSWORD);
    const shown = (await list(token, 'sort=createDate&dir=desc')).body.items;
    expect(shown.map((o) => [o.phonexOrderNumber, o.createDate, o.warehouseCode])).toEqual([
      ['SO-PICTURES0-1', '2026-03-02T05:00:00.000Z', 'FRA'],
      ['SO-PICTURES0-2', '2026-03-01T22:00:00.000Z', 'NST-DE'],
      ['SO-PICTURES0-3', '2026-03-01T15:00:00.000Z', 'FRA'],
    ]);
    const refused = await call('POST', '/admin/order-history', { body: { email, count: 1, stamp: 'so-1' } });
    expect(refused.status).toBe(400);
    const again = await call('POST', '/admin/order-history', { body: { email, count: 1, stamp: 'PICTURES0' } });
    expect(again.status).toBe(409);
  });
});

describe('ten thousand orders for one buyer', () => {
  it('makes them in one bulk insert, and pages, sorts and searches them on the index in milliseconds', async () => {
    await call('POST', '/admin/users', {
      body: { email: 'orders-10k@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
    });
    const made = await call('POST', '/admin/order-history', {
      body: { email: 'orders-10k@example.com', count: 10_000 },
    });
    expect(made.body.created).toBe(10_000);
    const token = await accessToken(call, 'orders-10k@example.com', DEMO_PASSWORD);
    // How fast is the bench's to say (npm run bench); here, that every page of 10,000 answers right.
    const first = (await list(token, '')).body;
    const sorted = (await list(token, 'sort=shippedPercent&dir=desc&page=7')).body;
    const searched = (await list(token, `search=${encodeURIComponent(made.body.first[0].descriptions[0])}`)).body;
    const deep = (await list(token, 'page=200')).body;
    expect(first.total).toBe(10_000);
    expect(first.items).toHaveLength(50);
    expect(sorted.items).toHaveLength(50);
    expect(deep.items).toHaveLength(50);
    expect(searched.total).toBeGreaterThan(0);

    const service = createOrderListService({ db: harness.database.db });
    const [user] = await harness.database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.email, 'orders-10k@example.com'),
    });
    const plan = await service.explain(
      {
        id: user!.id,
        email: user!.email,
        firstName: '',
        lastName: '',
        isBuyer: true,
        buyerId: user!.buyerId,
        authorities: [],
        sessionId: '00000000-0000-4000-8000-000000000000',
      },
      { page: 1, sort: 'updateDate', dir: 'desc', search: '' },
    );
    expect(plan).toContain('orders_buyer_updated_idx');
    // The page's rows (o) come off the index; the count (c) may read the table when the buyer owns most of it.
    expect(plan).not.toMatch(/Seq Scan on orders o/);
    // The sorts on the line sums and the total read the buyer's orders in order off their own index.
    for (const [sort, index] of [
      ['shippedPercent', 'orders_buyer_shipped_idx'],
      ['total', 'orders_buyer_total_idx'],
      ['totalOrderedQuantity', 'orders_buyer_ordered_idx'],
    ] as const) {
      const sortedPlan = await service.explain(
        {
          id: user!.id,
          email: user!.email,
          firstName: '',
          lastName: '',
          isBuyer: true,
          buyerId: user!.buyerId,
          authorities: [],
          sessionId: '00000000-0000-4000-8000-000000000000',
        },
        { page: 7, sort, dir: 'desc', search: '' },
      );
      expect(sortedPlan).toContain(index);
      expect(sortedPlan).not.toMatch(/Seq Scan on order_lines|Sort Key/);
    }
  }, 120_000);
});

describe('the orders page (portal loader)', () => {
  /** A transport to the test marketplace that answers 500 for the paths given. */
  const failing = (paths: RegExp) => (request: Request) =>
    paths.test(new URL(request.url).pathname)
      ? Promise.resolve(Response.json({ message: 'down' }, { status: 500 }))
      : harness.marketplace.fetch(request);
  const load = async (transport: (request: Request) => Promise<Response>, search = '') => {
    const context = portalContext(transport);
    const { cookie } = await demoBuyerSession(context);
    return answerData<{
      query: unknown;
      page: { total: number; items: OrderListItem[] };
      columns: { field: string }[];
    }>(
      await ordersLoader({
        request: new Request(`http://portal/orders${search}`, { headers: { cookie } }),
        context,
        params: {},
      }),
    );
  };

  it('reads the list in the URL state, bad values as the defaults', async () => {
    const data = await load(harness.marketplace.fetch, '?page=-1&sort=evil&dir=up&status=evil&from=2026-02-30');
    expect(data.query).toEqual({ page: 1, sort: 'updateDate', dir: 'desc', search: '', status: '', from: '', to: '' });
    expect(data.page.total).toBeGreaterThanOrEqual(12);
    expect(data.columns.map((c: { field: string }) => c.field)).toEqual(
      DEFAULT_ORDER_SETTINGS.buyerSalesOrderListPageSettings.columns.map((c) => c.field),
    );
    // The demo buyer's past: every status of it is there.
    const statuses = new Set(data.page.items.map((o: OrderListItem) => o.fulfillmentStatus));
    for (const status of ['ON_HOLD', 'SHIPPED', 'INVOICED', 'PARTIALLY_SHIPPED', 'CANCELED'])
      expect(statuses).toContain(status);
  });

  it('shows an empty list when the orders cannot be fetched (spec 3 §8), the default columns when the settings cannot', async () => {
    const noOrders = await load(failing(/^\/px-api-gateway\/orders$/));
    expect(noOrders.page).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    const noSettings = await load(failing(/^\/px-api-gateway\/order\/settings$/));
    expect(noSettings.page.total).toBeGreaterThanOrEqual(12);
    expect(noSettings.columns).toEqual(DEFAULT_ORDER_SETTINGS.buyerSalesOrderListPageSettings.columns);
  });

  it('streams the export through, and goes back to the list with a message when it fails', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const { cookie } = await demoBuyerSession(context);
    const file = (await exportLoader({
      request: new Request('http://portal/orders/export?sort=total', { headers: { cookie } }),
      context,
      params: {},
    })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(13);

    const down = portalContext(failing(/^\/px-api-gateway\/orders\/export$/));
    const failed = (await exportLoader({
      request: new Request('http://portal/orders/export?search=abc&sort=total', { headers: { cookie } }),
      context: down,
      params: {},
    })) as Response;
    expect(failed.status).toBe(302);
    expect(failed.headers.get('location')).toBe('/orders?search=abc&sort=total&dir=asc');
  });
});
