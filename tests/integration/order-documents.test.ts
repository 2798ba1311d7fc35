import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadOrderExports } from '../../app/.server/api/order-documents';
import { loader as orderExportLoader } from '../../app/routes/orders_.$orderNumber_.export';
import { loader as manifestLoader } from '../../app/routes/orders_.$orderNumber_.manifest';
import { loader as invoiceLoader } from '../../app/routes/orders_.$orderNumber_.invoices.$invoiceNumber';
import { orderInvoices, orders, users } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { DEMO_CATALOGUE } from '../../server/marketplace/services/checkout/checkout-catalogue';
import { createOrderDocuments } from '../../server/marketplace/services/orders/order-documents';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import type { SignedInUser } from '../../server/marketplace/context';
import { accessToken, apiCaller, portalContext, startTestMarketplace } from './harness';
import { pdfTextRuns } from './support/pdf-text';
import { demoBuyerSession } from './support/signed-in';

/**
 * An order's documents through the tenant API and the portal: the manifest summary, the order and
 * the manifest as spreadsheets, the invoices as PDF, each only to the buyer whose order it is.
 * The demo buyer's seeded orders went through the seller's operations, so each kind is there.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;
let viewer: string;
const demo: Record<'SHIP' | 'INVC' | 'PART' | 'CANC' | 'PAID', string> = {
  SHIP: '',
  INVC: '',
  PART: '',
  CANC: '',
  PAID: '',
};

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 200 });
  call = apiCaller(harness.marketplace);
  buyer = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
  viewer = await accessToken(call, 'viewer@example.com', DEMO_PASSWORD);
  for (const o of (await call('GET', '/admin/orders?email=buyer@example.com')).body as {
    phonexOrderNumber: string;
  }[]) {
    const kind = /-(SHIP|INVC|PART|CANC|PAID)$/.exec(o.phonexOrderNumber)?.[1] as keyof typeof demo | undefined;
    if (kind) demo[kind] = o.phonexOrderNumber;
  }
});
afterAll(() => harness.close());

async function file(route: string, token = buyer) {
  const response = await harness.marketplace.fetch(
    new Request(`http://m/px-api-gateway${route}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function sheetRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: { values: unknown[]; numFmt: (string | undefined)[] }[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push({
      values: (row.values as unknown[]).slice(1),
      numFmt: Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).numFmt),
    });
  });
  return { name: sheet.name, rows };
}

const details = async (number: string) => (await call('GET', `/admin/orders/${number}`)).body;

describe('manifest summary', () => {
  it('says whether there are IMEIs and lists the invoice and tracking numbers', async () => {
    const shipped = await call('GET', `/orders/${demo.SHIP}/manifest-summary`, { token: buyer });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual({
      imeiAvailable: true,
      invoiceNumbers: [],
      trackingNumbers: [expect.stringMatching(/A1$/), expect.stringMatching(/A2$/)],
    });
    const invoiced = (await call('GET', `/orders/${demo.INVC}/manifest-summary`, { token: buyer })).body;
    expect(invoiced.invoiceNumbers).toEqual([`INV-${demo.INVC.slice(3)}-1`, `INV-${demo.INVC.slice(3)}-2`]);
    expect((await call('GET', `/orders/${demo.PAID}/manifest-summary`, { token: buyer })).body).toEqual({
      imeiAvailable: false,
      invoiceNumbers: [],
      trackingNumbers: [],
    });
  });
});

describe('order export', () => {
  it('is a spreadsheet with the header block, the lines and the totals in the tenant currency', async () => {
    const number = demo.PART;
    const answer = await file(`/orders/${number}/export`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="order-${number}.xlsx"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { name, rows } = await sheetRows(answer.body);
    expect(name).toBe('Order');
    const { order, lines } = await details(number);
    const field = (label: string) => rows.find((r) => r.values[0] === label)?.values[1];
    expect(rows[0]!.values[0]).toBe(`Order # ${number}`);
    expect(field('Order Number')).toBe(number);
    expect(field('Fulfillment Status')).toBe('Partially Shipped');
    expect(field('Payment Status')).toBe('Unpaid');
    expect(field('Shipping Method')).toBe('ACME Standard Shipping');
    expect(field('Payment Method')).toBe('Net 30 terms');
    expect(field('Shipping Address')).toContain('1200 Commerce St');
    expect(field('Billing Address')).toContain('Dallas, TX 75202');
    // The country named in the tenant's language, not its code.
    expect(field('Billing Address')).toMatch(/\nUnited States$/);
    expect(field('Tracking Numbers')).toMatch(/C1$/);
    // In the tenant's zone (Chicago for the demo), named.
    expect(String(field('Created'))).toMatch(/ C[SD]T$/);

    const header = rows.findIndex((r) => r.values[0] === 'Item #');
    expect(rows[header]!.values).toEqual([
      'Item #',
      'Description',
      'Ordered',
      'Canceled',
      'Shipped',
      'Unit Price',
      'Price',
    ]);
    const lineRows = rows.slice(header + 1, header + 1 + lines.length);
    expect(lineRows.map((r) => r.values)).toEqual(
      lines.map(
        (l: {
          itemNumber: string;
          description: string;
          quantity: number;
          canceledQuantity: number;
          shippedQuantity: number;
          unitPrice: number;
        }) => [
          l.itemNumber,
          l.description,
          l.quantity,
          l.canceledQuantity,
          l.shippedQuantity,
          l.unitPrice / 100,
          ((l.quantity - l.canceledQuantity) * l.unitPrice) / 100,
        ],
      ),
    );
    expect(lineRows[0]!.numFmt[5]).toBe('"$"#,##0.00');
    const total = rows.find((r) => r.values[5] === 'Total')!;
    expect(total.values[6]).toBe(order.total / 100);
    expect(rows.find((r) => r.values[5] === 'Subtotal')!.values[6]).toBe(order.subtotal / 100);
    expect(rows.find((r) => r.values[5] === 'Paid')!.values[6]).toBe(0);
    expect(rows.find((r) => r.values[5] === 'Balance due')!.values[6]).toBe(order.total / 100);
  });

  it('shows what the ledger says was paid and what is left (issue 34)', async () => {
    const number = demo.INVC;
    const { order } = await details(number);
    const { rows } = await sheetRows((await file(`/orders/${number}/export`)).body);
    expect(rows.find((r) => r.values[0] === 'Payment Status')!.values[1]).toBe('Partially Paid');
    expect(rows.find((r) => r.values[5] === 'Paid')!.values[6]).toBe(order.amountPaid / 100);
    expect(rows.find((r) => r.values[5] === 'Balance due')!.values[6]).toBe((order.total - order.amountPaid) / 100);
    expect(order.amountPaid).toBeGreaterThan(0);
  });

  it('shows canceled units and a zero total for a canceled order', async () => {
    const { rows } = await sheetRows((await file(`/orders/${demo.CANC}/export`)).body);
    const header = rows.findIndex((r) => r.values[0] === 'Item #');
    expect(rows[header + 1]!.values.slice(2, 5)).toEqual([expect.any(Number), expect.any(Number), 0]);
    expect(rows[header + 1]!.values[2]).toBe(rows[header + 1]!.values[3]);
    expect(rows.find((r) => r.values[5] === 'Total')!.values[6]).toBe(0);
  });
});

describe('manifest export', () => {
  it('has one row per IMEI with its tracking number and item', async () => {
    const answer = await file(`/orders/${demo.SHIP}/manifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="manifest-${demo.SHIP}.xlsx"`);
    const { rows } = await sheetRows(answer.body);
    expect(rows[0]!.values).toEqual(['Tracking Number', 'Item #', 'Description', 'IMEI']);
    const { shipments, lines } = await details(demo.SHIP);
    const expected = shipments.flatMap(
      (s: { trackingNumber: string; lines: { itemNumberWarehouse: string; imeis: string[] }[] }) =>
        s.lines.flatMap((l) => {
          const line = lines.find(
            (x: { itemNumberWarehouse: string }) => x.itemNumberWarehouse === l.itemNumberWarehouse,
          );
          return l.imeis.map((imei) => [s.trackingNumber, line.itemNumber, line.description, imei]);
        }),
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(rows.slice(1).map((r) => r.values)).toEqual(expected);
  });

  it('is not found when no unit has an IMEI', async () => {
    expect((await file(`/orders/${demo.PAID}/manifest`)).status).toBe(404);
  });
});

describe('invoice export', () => {
  it('is a PDF that names the invoice, its lines and its amount in the tenant currency', async () => {
    const [{ invoiceNumber }] = (
      await call('GET', `/orders/${demo.INVC}/manifest-summary`, { token: buyer })
    ).body.invoiceNumbers.map((n: string) => ({ invoiceNumber: n }));
    const answer = await file(`/orders/${demo.INVC}/invoices/${invoiceNumber}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoiceNumber}.pdf"`);
    expect(answer.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [invoice] = await harness.database.db
      .select()
      .from(orderInvoices)
      .where(eq(orderInvoices.invoiceNumber, invoiceNumber));
    const amount = `$${(invoice!.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    // The served file is compressed; its text reads the same once inflated.
    const runs = pdfTextRuns(answer.body);
    expect(runs).toEqual(
      expect.arrayContaining([
        'INVOICE',
        'Invoice Number',
        invoiceNumber,
        'ACME Wholesale Devices',
        'Total',
        amount,
        `Item # ${invoice!.lines[0]!.itemNumber}`,
      ]),
    );
    expect(runs.join('\n')).toContain('1200 Commerce St');
    expect(runs).toContain('United States');

    // Issue 51: every charge on its own line, the due date, the seller's address and the full wire instructions.
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, demo.INVC));
    const money = (minor: number) =>
      `${minor < 0 ? '-' : ''}$${(Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(invoice!.charges).toMatchObject({ freight: order!.freight, tax: order!.tax, paymentFee: order!.paymentFee });
    expect(runs).toEqual(
      expect.arrayContaining([
        'Freight',
        money(order!.freight),
        order!.taxDescription,
        money(order!.tax),
        'Payment Fee',
        money(order!.paymentFee),
      ]),
    );
    expect(runs).not.toContain('Freight, fees and tax');
    // The day in the tenant's zone, as the invoice says it: in UTC it is another day for some hours of each day.
    const due = new Date(invoice!.invoicedAt.getTime() + 30 * 86_400_000).toLocaleDateString('en-US', {
      dateStyle: 'long',
      timeZone: harness.marketplace.deps.config.timeZone,
    });
    expect(runs).toEqual(expect.arrayContaining(['Due Date', due]));
    const text = runs.join('\n');
    for (const part of [
      'ACME Devices Inc.',
      '1200 Biscayne Boulevard, Suite 400',
      'Wire instructions',
      'First Harbor Bank, 100 SE 2nd Street, Miami, FL 33131',
      '0012 3456 789',
      'Routing number (ABA)',
      '063100277',
      'SWIFT/BIC',
      'FHBKUS33',
      demo.INVC,
    ])
      expect(text).toContain(part);

    // Uncompressed, the invoice number is there as it is drawn.
    const [user] = await harness.database.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    const signedIn: SignedInUser = {
      id: user!.id,
      email: user!.email,
      firstName: '',
      lastName: '',
      isBuyer: true,
      buyerId: user!.buyerId,
      authorities: [],
      sessionId: '00000000-0000-4000-8000-000000000000',
    };
    const plain = await createOrderDocuments(harness.marketplace.deps).invoicePdf(signedIn, demo.INVC, invoiceNumber, {
      compress: false,
    });
    expect(plain.body.toString('latin1')).not.toMatch(/FlateDecode/);
    expect(pdfTextRuns(plain.body)).toContain(invoiceNumber);
  });

  it('writes a line’s quantity as the pages do: 1,200, not 1200', async () => {
    const [{ invoiceNumber }] = (
      await call('GET', `/orders/${demo.INVC}/manifest-summary`, { token: buyer })
    ).body.invoiceNumbers.map((n: string) => ({ invoiceNumber: n }));
    const where = eq(orderInvoices.invoiceNumber, invoiceNumber);
    const [invoice] = await harness.database.db.select().from(orderInvoices).where(where);
    const lines = invoice!.lines;
    await harness.database.db
      .update(orderInvoices)
      .set({ lines: [{ ...lines[0]!, quantity: 1200 }, ...lines.slice(1)] })
      .where(where);
    try {
      const runs = pdfTextRuns((await file(`/orders/${demo.INVC}/invoices/${invoiceNumber}`)).body);
      expect(runs).toContain('1,200');
      expect(runs).not.toContain('1200');
    } finally {
      await harness.database.db.update(orderInvoices).set({ lines }).where(where);
    }
  });

  it('prints money as a French tenant does, in its words', async () => {
    const french = await startTestMarketplace({ items: 60, config: loadTenantConfig('config/tenants/second.json') });
    try {
      const frCall = apiCaller(french.marketplace);
      const token = await accessToken(frCall, 'buyer@example.com', DEMO_PASSWORD);
      const list = (await frCall('GET', '/admin/orders?email=buyer@example.com')).body as {
        phonexOrderNumber: string;
      }[];
      const number = list.find((o) => o.phonexOrderNumber.endsWith('-INVC'))!.phonexOrderNumber;
      const [invoice] = await french.database.db
        .select({ invoiceNumber: orderInvoices.invoiceNumber, amount: orderInvoices.amount })
        .from(orderInvoices)
        .innerJoin(orders, eq(orders.id, orderInvoices.orderId))
        .where(eq(orders.phonexOrderNumber, number))
        .limit(1);
      const response = await french.marketplace.fetch(
        new Request(`http://m/px-api-gateway/orders/${number}/invoices/${invoice!.invoiceNumber}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      const runs = pdfTextRuns(Buffer.from(await response.arrayBuffer()));
      expect(runs).toEqual(expect.arrayContaining(['FACTURE', 'Numéro de facture', 'Refurb Europe SAS']));
      // To the cent (issue 51: euros were shown rounded to whole euros).
      const grouped = (invoice!.amount / 100)
        .toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .replace(/\s/g, '\u00A0');
      expect(runs).toContain(`${grouped}\u00A0€`);

      // Picked up: the opening hours in French, the country named in French.
      const [row] = await french.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, number));
      const shipping = row!.shipping as { selection: Record<string, unknown> };
      await french.database.db
        .update(orders)
        .set({ shipping: { ...shipping, selection: { ...shipping.selection, shippingMethodCode: 'LOCAL_PICKUP' } } })
        .where(eq(orders.id, row!.id));
      expect((await frCall('GET', `/orders/${number}`, { token })).body.salesOrder.pickUp).toMatchObject({
        openingHours: 'Du lundi au vendredi, de 8 h 30 à 17 h 30 (heure locale)',
      });
      const picked = await french.marketplace.fetch(
        new Request(`http://m/px-api-gateway/orders/${number}/invoices/${invoice!.invoiceNumber}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      const text = pdfTextRuns(Buffer.from(await picked.arrayBuffer())).join('\n');
      expect(text).toMatch(/Retrait à .+/);
      expect(text).toMatch(/Horaires d’ouverture\s: Du lundi au vendredi, de 8 h 30 à 17 h 30 \(heure locale\)/);
    } finally {
      await french.close();
    }
    // It starts a marketplace of its own (a new PGlite database, seeded in French).
  }, 120_000);
});

describe('scoped to the buyer', () => {
  it('answers 404 for another buyer’s order, another order’s invoice, and numbers that are not numbers', async () => {
    const invoiceNumber = (await call('GET', `/orders/${demo.INVC}/manifest-summary`, { token: buyer })).body
      .invoiceNumbers[0];
    for (const route of [
      `/orders/${demo.SHIP}/manifest-summary`,
      `/orders/${demo.SHIP}/export`,
      `/orders/${demo.SHIP}/manifest`,
      `/orders/${demo.INVC}/invoices/${invoiceNumber}`,
    ]) {
      const answer = await file(route, viewer);
      expect(answer.status, route).toBe(404);
      expect(answer.body.toString(), route).not.toContain(demo.SHIP);
    }
    expect((await file(`/orders/${demo.SHIP}/invoices/${invoiceNumber}`)).status).toBe(404);
    for (const route of [
      `/orders/${demo.SHIP}_x/export`,
      `/orders/${demo.INVC}/invoices/INV%2F1`,
      `/orders/${'A'.repeat(41)}/export`,
    ])
      expect((await file(route)).status, route).toBe(404);
    expect((await file(`/orders/${demo.SHIP}/export`, 'not-a-token')).status).toBe(401);
  });
});

describe('portal downloads', () => {
  function recordingContext(transport = harness.marketplace.fetch) {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    return { context: { ...portalContext(transport), logger }, lines };
  }

  it('streams the order, the manifest and an invoice with their type and file name', async () => {
    const { context } = recordingContext();
    const { cookie } = await demoBuyerSession(context);
    const get = (path: string) => new Request(`http://portal${path}`, { headers: { cookie } });
    const invoiceNumber = (await call('GET', `/orders/${demo.INVC}/manifest-summary`, { token: buyer })).body
      .invoiceNumbers[1];

    const order = await orderExportLoader({
      request: get(`/orders/${demo.INVC}/export`),
      context,
      params: { orderNumber: demo.INVC },
    });
    expect(order.status).toBe(200);
    expect(order.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(order.headers.get('content-disposition')).toBe(`attachment; filename="order-${demo.INVC}.xlsx"`);
    expect((await sheetRows(Buffer.from(await order.arrayBuffer()))).rows[0]!.values[0]).toBe(`Order # ${demo.INVC}`);

    const manifest = await manifestLoader({
      request: get(`/orders/${demo.INVC}/manifest`),
      context,
      params: { orderNumber: demo.INVC },
    });
    expect(manifest.headers.get('content-disposition')).toBe(`attachment; filename="manifest-${demo.INVC}.xlsx"`);
    expect((await sheetRows(Buffer.from(await manifest.arrayBuffer()))).rows[0]!.values).toContain('IMEI');

    const invoice = await invoiceLoader({
      request: get(`/orders/${demo.INVC}/invoices/${invoiceNumber}`),
      context,
      params: { orderNumber: demo.INVC, invoiceNumber },
    });
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(invoice.headers.get('cache-control')).toBe('private, no-store');
    expect(pdfTextRuns(Buffer.from(await invoice.arrayBuffer()))).toContain(invoiceNumber);
  });

  it('answers 404 for what is not the buyer’s, and goes back to the order when the tenant API fails (logged only)', async () => {
    const { context, lines } = recordingContext();
    const { cookie } = await demoBuyerSession(context);
    const get = (path: string) => new Request(`http://portal${path}`, { headers: { cookie } });
    const missing = await manifestLoader({
      request: get(`/orders/${demo.PAID}/manifest`),
      context,
      params: { orderNumber: demo.PAID },
    });
    expect(missing.status).toBe(404);
    const bad = await invoiceLoader({
      request: get('/orders/SO-1/invoices/x'),
      context,
      params: { orderNumber: 'SO-1', invoiceNumber: '../x' },
    });
    expect(bad.status).toBe(404);

    // Another buyer's order: the marketplace says 404, so does the portal.
    await call('POST', '/admin/users', {
      body: { email: 'docs-other@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
    });
    const other = recordingContext();
    const { cookie: otherCookie } = await (
      await import('./support/signed-in')
    ).buyerSession(other.context, 'docs-other@example.com');
    const foreign = await orderExportLoader({
      request: new Request(`http://portal/orders/${demo.SHIP}/export`, { headers: { cookie: otherCookie } }),
      context: other.context,
      params: { orderNumber: demo.SHIP },
    });
    expect(foreign.status).toBe(404);

    const failing = recordingContext(async (request) =>
      new URL(request.url).pathname.includes('/orders/')
        ? new Response('{"message":"boom"}', { status: 500 })
        : harness.marketplace.fetch(request),
    );
    const failed = await orderExportLoader({
      request: new Request(`http://portal/orders/${demo.SHIP}/export`, { headers: { cookie } }),
      context: failing.context,
      params: { orderNumber: demo.SHIP },
    });
    expect(failed.status).toBe(302);
    expect(failed.headers.get('location')).toBe(`/orders/${demo.SHIP}`);
    expect(failing.lines.some((l) => l.msg === 'order document not available')).toBe(true);
    expect(lines.some((l) => l.level === 50)).toBe(false);
  });

  it('loadOrderExports answers the manifest summary, or none when it cannot be read (logged only)', async () => {
    const { context, lines } = recordingContext();
    expect(await loadOrderExports(context, buyer, demo.SHIP)).toEqual({
      manifestSummary: {
        imeiAvailable: true,
        invoiceNumbers: [],
        trackingNumbers: [expect.any(String), expect.any(String)],
      },
    });
    expect(await loadOrderExports(context, viewer, demo.SHIP)).toEqual({ manifestSummary: null });
    expect(lines.some((l) => l.msg === 'manifest summary not available')).toBe(true);
    // A session the tenant API refuses is not a missing summary: the answer that signs out goes on.
    const signOut = new Response(null, { status: 302, headers: { location: '/' } });
    await expect(
      loadOrderExports(
        { ...context, renewAccess: undefined, sessionEnded: async () => signOut },
        'not-a-token',
        demo.SHIP,
      ),
    ).rejects.toBe(signOut);
  });
});

describe('an order picked up at its warehouse (issue 51)', () => {
  it('names the warehouse, its address and opening hours on the thank-you page’s summary, the order, the invoice and the e-mail; a shipped order names none', async () => {
    const db = harness.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, demo.INVC));
    const shipping = order!.shipping as { selection: Record<string, unknown> };
    // Where the demo catalogue says the order's warehouse is.
    const at = DEMO_CATALOGUE.warehouseLocations[order!.warehouseCode]!;
    const pickUp = {
      warehouse: expect.any(String),
      address: at.address,
      country: at.country,
      openingHours: at.openingHours,
    };
    const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(at.country)!;
    expect(at.address.length).toBeGreaterThan(1);
    expect((await call('GET', `/orders/${demo.INVC}/summary`, { token: buyer })).body.pickUp).toBeNull();
    expect((await call('GET', `/orders/${demo.INVC}`, { token: buyer })).body.salesOrder.pickUp).toBeNull();
    await db
      .update(orders)
      .set({ shipping: { ...shipping, selection: { ...shipping.selection, shippingMethodCode: 'LOCAL_PICKUP' } } })
      .where(eq(orders.id, order!.id));
    try {
      const summary = (await call('GET', `/orders/${demo.INVC}/summary`, { token: buyer })).body;
      expect(summary.pickUp).toEqual(pickUp);
      const details = (await call('GET', `/orders/${demo.INVC}`, { token: buyer })).body.salesOrder;
      expect(details.pickUp).toEqual(summary.pickUp);
      const { warehouse, address } = summary.pickUp as { warehouse: string; address: string[] };

      const [{ invoiceNumber }] = await db
        .select({ invoiceNumber: orderInvoices.invoiceNumber })
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, order!.id))
        .limit(1);
      const text = pdfTextRuns((await file(`/orders/${demo.INVC}/invoices/${invoiceNumber}`)).body).join('\n');
      expect(text).toContain(`Pick up at ${warehouse}`);
      expect(text).toContain(address[1]!);
      expect(text).toContain(country);
      expect(text).toContain(`Opening hours: ${at.openingHours}`);

      // The order's e-mail (its reference changed) says where and when to collect it.
      const before = new Set(fs.readdirSync(harness.outboxDir));
      await call('PUT', `/orders/${demo.INVC}/reference`, { token: buyer, body: { refOrderNumber: 'PICKUP-1' } });
      const mail = fs
        .readdirSync(harness.outboxDir)
        .filter((f) => !before.has(f))
        .map((f) => fs.readFileSync(path.join(harness.outboxDir, f), 'utf8').replace(/=\r?\n/g, ''))
        .join('\n');
      expect(mail).toContain(`Pick it up at ${warehouse}:`);
      expect(mail).toContain(address[1]!);
      expect(mail).toContain(`Opening hours: ${at.openingHours}`);
    } finally {
      await db
        .update(orders)
        .set({ shipping: order!.shipping, refOrderNumber: order!.refOrderNumber })
        .where(eq(orders.id, order!.id));
    }
  });
});
