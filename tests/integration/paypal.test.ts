import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { decimalAmount, payPalApproveOrigin } from '../../server/marketplace/services/payments/paypal';
import { accessToken, apiCaller, startTestMarketplace, submitOrder } from './harness';
import { suppliedItems } from './support/ordering';

/** A stand-in for PayPal's Orders v2 API on loopback: it keeps what it was sent and what the buyer approved. */
function fakePayPal() {
  const created = new Map<string, { body: Record<string, any>; approved: boolean; captures: number }>();
  const refunds = new Map<string, { captureId: string; body: Record<string, any> }>();
  const requestIds: string[] = [];
  /** Runs while PayPal takes the money, before it answers (what happens on the marketplace meanwhile). */
  const whileCapturing: { hook: ((orderId: string) => Promise<void>) | null } = { hook: null };
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`;
        return req.headers.authorization === expected
          ? send(200, { access_token: 'A21', expires_in: 3600 })
          : send(401, { error: 'invalid_client' });
      }
      if (req.headers.authorization !== 'Bearer A21') return send(401, {});
      requestIds.push(String(req.headers['paypal-request-id']));
      if (req.url === '/v2/checkout/orders' && req.method === 'POST') {
        const id = `PP${++next}`;
        created.set(id, { body: JSON.parse(raw), approved: false, captures: 0 });
        return send(201, {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        });
      }
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (refund) {
        // The same request id is the same refund.
        const id = `R-${req.headers['paypal-request-id']}`;
        if (!refunds.has(id)) refunds.set(id, { captureId: refund[1]!, body: JSON.parse(raw) });
        return send(201, { id, status: 'COMPLETED' });
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '');
      const order = capture && created.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (!order.approved)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.captures++;
      void (whileCapturing.hook ?? (async () => {}))(capture[1]!).then(() =>
        send(201, {
          id: capture[1],
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [{ id: `C-${capture[1]}`, status: 'COMPLETED' }] } }],
        }),
      );
    });
  });
  return { server, created, refunds, requestIds, whileCapturing };
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
  const [row] = await suppliedItems(harness.database.db, 'MIA', { offset: buyers });
  const { orderNumber } = await submitOrder(call, token, [{ inw: row!.inw, listPrice: row!.listPrice, quantity: 1 }], {
    paymentMethodCode: 'INTEGRATED_PAYPAL',
  });
  const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
  return { token, orderNumber, total: order!.total };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => paypal.server.listen(0, '127.0.0.1', resolve));
  const { port } = paypal.server.address() as AddressInfo;
  harness = await startTestMarketplace({
    items: 200,
    payPal: {
      apiBase: `http://127.0.0.1:${port}`,
      clientId: 'client',
      clientSecret: 'secret',
      publicUrl: 'https://portal.example.com',
    },
  });
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
    const started = await call('POST', `/orders/${orderNumber}/payment`, {
      token,
      body: { returnUrl, releaseOnSuccess: true },
    });
    expect(started.status).toBe(201);
    const id = started.body.token as string;
    expect(started.body.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${id}`);
    const sent = paypal.created.get(id)!.body;
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units[0]).toEqual({
      reference_id: orderNumber,
      amount: { currency_code: 'USD', value: decimalAmount(total) },
    });
    expect(sent.payment_source.paypal.experience_context).toMatchObject({
      return_url: `https://portal.example.com${returnUrl}?status=SUCCESS`,
      cancel_url: `https://portal.example.com${returnUrl}?status=FAILURE`,
    });

    // Back from PayPal without approving: nothing to capture, the payment failed.
    expect(
      (await call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: id, payerId: 'PAYER1' } }))
        .body.status,
    ).toBe('FAILURE');
    expect(
      (await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber)))[0]!
        .paymentStatus,
    ).toBe('FAILED');

    // A retry the buyer approves is captured and the order released; a replayed return captures nothing more.
    const retry = (
      await call('POST', `/orders/${orderNumber}/payment`, { token, body: { returnUrl, releaseOnSuccess: true } })
    ).body;
    paypal.created.get(retry.token)!.approved = true;
    const confirmed = await call('POST', `/orders/${orderNumber}/payment/confirm`, {
      token,
      body: { token: retry.token, payerId: 'PAYER1' },
    });
    expect(confirmed.body).toEqual({ status: 'SUCCESS', orderStatus: 'UNSHIPPED' });
    expect(
      (
        await call('POST', `/orders/${orderNumber}/payment/confirm`, {
          token,
          body: { token: retry.token, payerId: 'PAYER1' },
        })
      ).body.status,
    ).toBe('SUCCESS');
    expect(paypal.created.get(retry.token)!.captures).toBe(1);
    expect(paypal.requestIds).toContain(`capture-${retry.token}`);
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    expect(order).toMatchObject({ paymentStatus: 'PAID', status: 'UNSHIPPED' });
  });

  it("another buyer's return of a PayPal token finds nothing", async () => {
    const mine = await paidWithPayPal();
    const theirs = await paidWithPayPal();
    const started = (
      await call('POST', `/orders/${mine.orderNumber}/payment`, {
        token: mine.token,
        body: { returnUrl: `/orders/${mine.orderNumber}/order-release-confirmation`, releaseOnSuccess: true },
      })
    ).body;
    paypal.created.get(started.token)!.approved = true;
    expect(
      (
        await call('POST', `/orders/${mine.orderNumber}/payment/confirm`, {
          token: theirs.token,
          body: { token: started.token, payerId: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(paypal.created.get(started.token)!.captures).toBe(0);
  });
});

describe('PayPal payments started several times for one order (issue 49)', () => {
  const start = (token: string, orderNumber: string) =>
    call('POST', `/orders/${orderNumber}/payment`, {
      token,
      body: { returnUrl: `/orders/${orderNumber}/order-release-confirmation`, releaseOnSuccess: true },
    });

  it('a second start answers the same PayPal order; one opened before the balance changed is voided and never captured', async () => {
    const { token, orderNumber, total } = await paidWithPayPal();
    const first = (await start(token, orderNumber)).body;
    const size = paypal.created.size;
    expect((await start(token, orderNumber)).body).toEqual(first);
    expect(paypal.created.size).toBe(size);

    // The seller records part of it: the balance is another amount, and the next start voids the first PayPal order.
    expect((await call('POST', `/admin/orders/${orderNumber}/payments`, { body: { amount: 100 } })).status).toBe(201);
    const second = (await start(token, orderNumber)).body;
    expect(second.token).not.toBe(first.token);
    expect(paypal.created.get(second.token)!.body.purchase_units[0].amount.value).toBe(decimalAmount(total - 100));
    // Approved on PayPal all the same, in both tabs: only the payment still owed is captured.
    paypal.created.get(first.token)!.approved = true;
    paypal.created.get(second.token)!.approved = true;
    const answers = await Promise.all(
      [first, second].map((p) =>
        call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: p.token, payerId: 'PAYER1' } }),
      ),
    );
    expect(answers[0]!.body).toMatchObject({ status: 'FAILURE', reason: 'VOIDED' });
    expect(answers[1]!.body).toEqual({ status: 'SUCCESS', orderStatus: 'UNSHIPPED' });
    expect([paypal.created.get(first.token)!.captures, paypal.created.get(second.token)!.captures]).toEqual([0, 1]);
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    expect(order).toMatchObject({ paymentStatus: 'PAID', amountPaid: total });
  });

  it('what PayPal took while the order stopped owing it is refunded at once, in the ledger and at PayPal', async () => {
    const { token, orderNumber, total } = await paidWithPayPal();
    const started = (await start(token, orderNumber)).body;
    paypal.created.get(started.token)!.approved = true;
    // While PayPal takes the money, the seller records a wire of the whole total.
    paypal.whileCapturing.hook = async () => {
      expect((await call('POST', `/admin/orders/${orderNumber}/payments`, { body: { amount: total } })).status).toBe(
        201,
      );
    };
    try {
      const confirmed = await call('POST', `/orders/${orderNumber}/payment/confirm`, {
        token,
        body: { token: started.token, payerId: 'PAYER1' },
      });
      expect(confirmed.body).toMatchObject({ status: 'FAILURE', reason: 'REFUNDED' });
    } finally {
      paypal.whileCapturing.hook = null;
    }
    const refund = [...paypal.refunds.values()].find((r) => r.captureId === `C-${started.token}`);
    expect(refund?.body).toEqual({ amount: { currency_code: 'USD', value: decimalAmount(total) } });
    const { body } = await call('GET', `/admin/orders/${orderNumber}`);
    expect(
      (body.ledger as { kind: string; amount: number; provider: string }[]).map((r) => [r.kind, r.provider, r.amount]),
    ).toEqual([
      ['PAYMENT', 'seller', total],
      ['PAYMENT', 'paypal', total],
      ['REFUND', 'paypal', total],
    ]);
    expect(body.order).toMatchObject({ paymentStatus: 'PAID', amountPaid: total });
    // The return opened again asks PayPal for nothing more.
    expect(
      (
        await call('POST', `/orders/${orderNumber}/payment/confirm`, {
          token,
          body: { token: started.token, payerId: 'PAYER1' },
        })
      ).body.reason,
    ).toBe('REFUNDED');
    expect(paypal.created.get(started.token)!.captures).toBe(1);
    expect([...paypal.refunds.values()].filter((r) => r.captureId === `C-${started.token}`)).toHaveLength(1);
  });
});

describe('PayPal amounts and addresses', () => {
  it('writes minor units as PayPal decimals and knows the approve site of each API', () => {
    expect([decimalAmount(123450), decimalAmount(5), decimalAmount(0), decimalAmount(100)]).toEqual([
      '1234.50',
      '0.05',
      '0.00',
      '1.00',
    ]);
    expect(payPalApproveOrigin('https://api-m.sandbox.paypal.com')).toBe('https://www.sandbox.paypal.com');
    expect(payPalApproveOrigin('https://api-m.paypal.com')).toBe('https://www.paypal.com');
  });
});
