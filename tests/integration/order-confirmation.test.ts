import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import {
  action as thankYouAction,
  loader as thankYouLoader,
} from '../../app/routes/_app.checkout.order-release-confirmation';
import { loader as paymentReturn } from '../../app/routes/orders_.$orderNumber_.order-release-confirmation';
import { accessToken, apiCaller, portalContext, startTestMarketplace, submitOrder } from './harness';
import { demoBuyerSession } from './support/signed-in';
import { confirmationPath } from '../../app/domain/checkout/payment';
import { readToast } from '../../app/.server/toast';
import { suppliedItems } from './support/ordering';
import { answerData, answerHeaders, answerStatus } from '../support/route-answer';

/** Where the return page sends a browser nobody opened it from: /, on to the thank-you page (with the failure, if any). */
const landing = (orderNumber: string, outcome?: 'FAILURE') =>
  `/?${new URLSearchParams({ redirectTo: confirmationPath(orderNumber, outcome) })}`;
const nextOf = async (answer: unknown) => {
  expect(answerHeaders(answer).get('refresh')).toMatch(/^\d+; url=\/\?redirectTo=/);
  return (await answerData<{ next: string }>(answer)).next;
};

/**
 * The thank-you page and the payment return against the embedded marketplace: outcomes read from the
 * order, a sandbox approval confirmed once with a purchase log line, a decline reported as a failure, a retry
 * that starts a new payment, and nothing of another buyer's order.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 300 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

let slot = 0;
/** An order of the demo buyer (or of a new buyer's token) placed through the tenant API. */
async function placeOrder(token: string, paymentMethodCode: string) {
  const rows = await suppliedItems(harness.database.db, 'MIA', { limit: 1, offset: slot++ });
  return (
    await submitOrder(call, token, [{ inw: rows[0]!.inw, listPrice: rows[0]!.listPrice, quantity: 2 }], {
      paymentMethodCode,
    })
  ).orderNumber;
}

/** A portal context whose log lines are kept. */
function recordingContext() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { context: { ...portalContext(harness.marketplace.fetch), logger }, lines };
}

const outcome = (run: () => Promise<unknown>) =>
  run().then(
    (r) => r,
    (r: unknown) => r,
  );

/** The sandbox's answer to a decision: where it sends the browser back to. */
async function decide(approveUrl: string, decision: 'approve' | 'cancel') {
  const response = await harness.marketplace.fetch(
    new Request(`http://m${approveUrl}`, { method: 'POST', body: new URLSearchParams({ decision }) }),
  );
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get('location')!, 'http://portal');
  return `${back.pathname}${back.search}`;
}

describe('order release confirmation', () => {
  it('reads the confirmation type and payment from the order; an unknown or foreign order goes to /stock', async () => {
    const { context } = recordingContext();
    const { cookie, tokens } = await demoBuyerSession(context);
    const wired = await placeOrder(tokens.accessToken, 'WIRE_TRANSFER');
    const request = (path: string) => new Request(`http://portal${path}`, { headers: { cookie } });
    const page = await outcome(() =>
      thankYouLoader({ request: request(`/checkout/order-release-confirmation?order=${wired}`), context, params: {} }),
    );
    expect(answerStatus(page)).toBe(200);
    expect(await answerData(page)).toMatchObject({
      confirmationType: 'payAndShipNow',
      payment: 'none',
      order: { phonexOrderNumber: wired, paymentMethod: { code: 'WIRE_TRANSFER' } },
    });

    await call('POST', '/admin/users', {
      body: { email: 'other-confirm@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
    });
    const foreign = await placeOrder(
      await accessToken(call, 'other-confirm@example.com', DEMO_PASSWORD),
      'WIRE_TRANSFER',
    );
    for (const order of [foreign, 'SO-NONE', '../admin', '']) {
      const response = await outcome(() =>
        thankYouLoader({
          request: request(`/checkout/order-release-confirmation?order=${encodeURIComponent(order)}`),
          context,
          params: {},
        }),
      );
      expect(answerStatus(response), order).toBe(302);
      expect(answerHeaders(response).get('location'), order).toBe('/stock');
    }
  });

  it('a declined payment is reported as a failure and confirms nothing, a retry starts a new one, an approval is captured once and logged as a purchase', async () => {
    const { context, lines } = recordingContext();
    const { cookie, tokens } = await demoBuyerSession(context);
    const order = await placeOrder(tokens.accessToken, 'INTEGRATED_PAYPAL');
    const thankYou = `/checkout/order-release-confirmation?order=${order}`;
    const get = (path: string) => new Request(`http://portal${path}`, { headers: { cookie } });
    const post = (body: Record<string, string>) =>
      new Request(`http://portal${thankYou}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const state = async () =>
      answerData<{ payment: string; confirmationType: string }>(
        await thankYouLoader({ request: get(thankYou), context, params: {} }),
      );

    expect(await state()).toMatchObject({ payment: 'awaiting', confirmationType: 'holdTheOrder' });
    const refused = await outcome(() => thankYouAction({ request: post({ intent: 'release' }), context, params: {} }));
    expect(answerStatus(refused)).toBe(400);

    const started = await thankYouAction({ request: post({ intent: 'payNow' }), context, params: {} });
    expect(started.status).toBe(303);
    const approveUrl = started.headers.get('location')!;
    expect(approveUrl).toMatch(/^\/px-api-gateway\/payment-sandbox\//);

    const declined = await decide(approveUrl, 'cancel');
    expect(declined).not.toContain('PayerID');
    // A decline is a FAILURE the page reports; nothing is confirmed, and the order still waits for its payment.
    const back = await paymentReturn({ request: get(declined), context, params: { orderNumber: order } });
    expect(await nextOf(back)).toBe(landing(order, 'FAILURE'));
    expect(await state()).toMatchObject({ payment: 'awaiting', confirmationType: 'holdTheOrder' });

    const retry = await thankYouAction({ request: post({ intent: 'payNow' }), context, params: {} });
    const approved = await decide(retry.headers.get('location')!, 'approve');
    expect(await nextOf(await paymentReturn({ request: get(approved), context, params: { orderNumber: order } }))).toBe(
      landing(order),
    );
    expect(await state()).toMatchObject({ payment: 'paid', confirmationType: 'payAndShipNow' });
    const purchases = lines.filter((line) => line.event === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      orderNumber: order,
      total: expect.any(Number),
      lines: [{ quantity: 2, unitPrice: expect.any(Number), itemNumber: expect.any(String) }],
    });
    // A second return of the same approval changes nothing and logs nothing more.
    await paymentReturn({ request: get(approved), context, params: { orderNumber: order } });
    expect(lines.filter((line) => line.event === 'purchase')).toHaveLength(1);

    // No payment is owed any more: the retry is refused by the marketplace and the page says so.
    const again = await thankYouAction({ request: post({ intent: 'payNow' }), context, params: {} });
    expect(again.headers.get('location')).toBe(thankYou);
  });

  it('an approved payment the order no longer owes is not taken: the return reports a failure, says why, and the page shows the order paid', async () => {
    const { context } = recordingContext();
    const { cookie, tokens } = await demoBuyerSession(context);
    const order = await placeOrder(tokens.accessToken, 'INTEGRATED_PAYPAL');
    const thankYou = `/checkout/order-release-confirmation?order=${order}`;
    const get = (path: string) => new Request(`http://portal${path}`, { headers: { cookie } });
    const post = new Request(`http://portal${thankYou}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'payNow' }),
    });
    const approved = await decide(
      (await thankYouAction({ request: post, context, params: {} })).headers.get('location')!,
      'approve',
    );
    // Meanwhile the seller records a wire of the whole total.
    expect((await call('POST', `/admin/orders/${order}/payments`, { body: {} })).status).toBe(201);

    const back = await paymentReturn({ request: get(approved), context, params: { orderNumber: order } });
    const toast = (
      await readToast(
        new Request('http://portal/', { headers: { cookie: answerHeaders(back).get('set-cookie')!.split(';')[0]! } }),
      )
    ).toast;
    expect(toast).toEqual({ type: 'info', key: 'confirmation.paymentVoided' });
    expect(await nextOf(back)).toBe(landing(order, 'FAILURE'));
    // The thank-you page the failure leads to reads the order: paid, never "did not go through".
    const page = await answerData<{ payment: string }>(
      await thankYouLoader({ request: get(confirmationPath(order, 'FAILURE')), context, params: {} }),
    );
    expect(page.payment).toBe('paid');
    const ledger = (await call('GET', `/admin/orders/${order}`)).body.ledger as { provider: string }[];
    expect(ledger.map((r) => r.provider)).toEqual(['seller']);
  });

  it('a return with a malformed query confirms nothing and just shows the order', async () => {
    const { context } = recordingContext();
    const { cookie, tokens } = await demoBuyerSession(context);
    const order = await placeOrder(tokens.accessToken, 'INTEGRATED_PAYPAL');
    for (const query of [
      '',
      '?token=a%3Cb&status=SUCCESS',
      '?token=abc&token=def',
      '?token=abc&status=MAYBE',
      `?token=${'a'.repeat(201)}`,
      '?token=abc&extra=1',
    ]) {
      const response = await paymentReturn({
        request: new Request(`http://portal/orders/${order}/order-release-confirmation${query}`, {
          headers: { cookie },
        }),
        context,
        params: { orderNumber: order },
      });
      expect(await nextOf(response), query).toBe(landing(order, 'FAILURE'));
    }
    const summary = (await call('GET', `/orders/${order}/summary`, { token: tokens.accessToken })).body;
    expect(summary.paymentStatus).toBe('AWAITING_PAYMENT');
  });
});
