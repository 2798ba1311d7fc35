import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { orders, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { decimalAmount, payPalApproveOrigin } from '../../server/marketplace/services/paypal';
import { accessToken, apiCaller, startTestMarketplace, submitOrder } from './harness';

/** A stand-in for PayPal's Orders v2 API on loopback: it keeps what it was sent and what the buyer approved. */
function fakePayPal() {
  const created = new Map<string, { body: Record<string, any>; approved: boolean; captures: number }>();
  const requestIds: string[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`;
        return req.headers.authorization === expected ? send(200, { access_token: 'A21', expires_in: 3600 }) : send(401, { error: 'invalid_client' });
      }
      if (req.headers.authorization !== 'Bearer A21') return send(401, {});
      requestIds.push(String(req.headers['paypal-request-id']));
      if (req.url === '/v2/checkout/orders' && req.method === 'POST') {
        const id = `PP${++next}`;
        created.set(id, { body: JSON.parse(raw), approved: false, captures: 0 });
        return send(201, { id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }] });
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '');
      const order = capture && created.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (!order.approved) return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.captures++;
      return send(201, { id: capture[1], status: 'COMPLETED' });
    });
  });
  return { server, created, requestIds };
}

const paypal = fakePayPal();
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyers = 0;

/** A new buyer's order paid with PayPal, on hold until paid (Pay and Ship Now). */
async function paidWithPayPal() {
  const email = `paypal${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  const [row] = await harness.database.db
    .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
    .from(stockItems)
    .where(and(eq(stockItems.warehouseCode, 'MIA'), gt(stockItems.quantityAvailable, 10), isNotNull(stockItems.listPrice), eq(stockItems.incrementSize, 1)))
    .orderBy(stockItems.id)
    .offset(buyers);
  const { orderNumber } = await submitOrder(call, token, [{ inw: row!.inw, listPrice: row!.listPrice, quantity: 1 }], { paymentMethodCode: 'INTEGRATED_PAYPAL' });
  const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
  return { token, orderNumber, total: order!.total };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => paypal.server.listen(0, '127.0.0.1', resolve));
  const { port } = paypal.server.address() as AddressInfo;
  harness = await startTestMarketplace({ items: 200, payPal: { apiBase: `http://127.0.0.1:${port}`, clientId: 'client', clientSecret: 'secret', publicUrl: 'https://portal.example.com' } });
  call = apiCaller(harness.marketplace);
});
afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => paypal.server.close(resolve));
});

describe('INTEGRATED_PAYPAL through PayPal (Orders v2)', () => {
  it('opens a PayPal order of the total, captures it once the buyer approved, once, and releases the order', async () => {
    const { token, orderNumber, total } = await paidWithPayPal();
    const returnUrl = `/orders/${orderNumber}/order-release-confirmation`;
    const started = await call('POST', `/orders/${orderNumber}/payment`, { token, body: { returnUrl, releaseOnSuccess: true } });
    expect(started.status).toBe(201);
    const id = started.body.token as string;
    expect(started.body.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${id}`);
    const sent = paypal.created.get(id)!.body;
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units[0]).toEqual({ reference_id: orderNumber, amount: { currency_code: 'USD', value: decimalAmount(total) } });
    expect(sent.payment_source.paypal.experience_context).toMatchObject({ return_url: `https://portal.example.com${returnUrl}?status=SUCCESS`, cancel_url: `https://portal.example.com${returnUrl}?status=FAILURE` });

    // Back from PayPal without approving: nothing to capture, the payment failed.
    expect((await call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: id, payerId: 'PAYER1' } })).body.status).toBe('FAILURE');
    expect((await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber)))[0]!.paymentStatus).toBe('FAILED');

    // A retry the buyer approves is captured and the order released; a replayed return captures nothing more.
    const retry = (await call('POST', `/orders/${orderNumber}/payment`, { token, body: { returnUrl, releaseOnSuccess: true } })).body;
    paypal.created.get(retry.token)!.approved = true;
    const confirmed = await call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: retry.token, payerId: 'PAYER1' } });
    expect(confirmed.body).toEqual({ status: 'SUCCESS', orderStatus: 'UNSHIPPED' });
    expect((await call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: retry.token, payerId: 'PAYER1' } })).body.status).toBe('SUCCESS');
    expect(paypal.created.get(retry.token)!.captures).toBe(1);
    expect(paypal.requestIds).toContain(`capture-${retry.token}`);
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    expect(order).toMatchObject({ paymentStatus: 'PAID', status: 'UNSHIPPED' });
  });

  it("another buyer's return of a PayPal token finds nothing", async () => {
    const mine = await paidWithPayPal();
    const theirs = await paidWithPayPal();
    const started = (await call('POST', `/orders/${mine.orderNumber}/payment`, { token: mine.token, body: { returnUrl: `/orders/${mine.orderNumber}/order-release-confirmation`, releaseOnSuccess: true } })).body;
    paypal.created.get(started.token)!.approved = true;
    expect((await call('POST', `/orders/${mine.orderNumber}/payment/confirm`, { token: theirs.token, body: { token: started.token, payerId: 'X' } })).status).toBe(404);
    expect(paypal.created.get(started.token)!.captures).toBe(0);
  });
});

describe('PayPal amounts and addresses', () => {
  it('writes minor units as PayPal decimals and knows the approve site of each API', () => {
    expect([decimalAmount(123450), decimalAmount(5), decimalAmount(0), decimalAmount(100)]).toEqual(['1234.50', '0.05', '0.00', '1.00']);
    expect(payPalApproveOrigin('https://api-m.sandbox.paypal.com')).toBe('https://www.sandbox.paypal.com');
    expect(payPalApproveOrigin('https://api-m.paypal.com')).toBe('https://www.paypal.com');
  });
});
