import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentLedger, payments } from '../../server/marketplace/db/schema';
import { submitOrder } from '../integration/harness';
import { startServer, type RunningServer } from '../security/server';
import { callerOf, freshBuyer, pgliteStore, postgresStore, postgresUrl, stockOf, type Store } from './kill-mid-flight';

/**
 * PayPal's Orders v2 API on loopback, as the built server calls it: an order is captured once (a
 * repeated capture answers the same one), and `onCapture` runs when a capture is asked, before PayPal
 * takes the money ('before') or after it took it and before its answer leaves ('after').
 */
function payPalOnLoopback() {
  const created = new Map<string, { approved: boolean; captured: boolean }>();
  const hooks: { point: 'before' | 'after' | null; run: () => Promise<void> } = { point: null, run: async () => {} };
  let refunds = 0;
  let next = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v1/oauth2/token') return send(200, { access_token: 'A21', expires_in: 3600 });
      if (req.url === '/v2/checkout/orders') {
        const id = `PPK${++next}`;
        created.set(id, { approved: false, captured: false });
        return send(201, {
          id,
          links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        });
      }
      if (/^\/v2\/payments\/captures\/[^/]+\/refund$/.test(req.url ?? '')) {
        refunds++;
        return send(201, { id: `R${refunds}`, status: 'COMPLETED' });
      }
      const id = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '')?.[1];
      const order = id ? created.get(id) : undefined;
      if (!order) return send(404, {});
      if (!order.approved) return send(422, { details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      const point = hooks.point;
      hooks.point = null;
      if (point === 'before') return hooks.run();
      order.captured = true;
      if (point === 'after') await hooks.run();
      return send(201, { id, status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: `C-${id}` }] } }] });
    });
  });
  return { server, created, hooks, refunds: () => refunds };
}

async function payPalKills(store: Store) {
  const paypal = payPalOnLoopback();
  await new Promise<void>((resolve) => paypal.server.listen(0, '127.0.0.1', resolve));
  const env = {
    ...store.env,
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_API_BASE: `http://127.0.0.1:${(paypal.server.address() as AddressInfo).port}`,
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    PUBLIC_URL: 'https://portal.example.com',
  };
  let server: RunningServer = await startServer(env, { dataDir: store.dataDir });
  const found: string[] = [];
  try {
    for (const point of ['before', 'after'] as const) {
      const { token } = await freshBuyer(server);
      const call = callerOf(server);
      const [item] = await stockOf(server, 'MIA', 20);
      const { orderNumber } = await submitOrder(
        call,
        token,
        [{ inw: item!.itemNumberWarehouse, listPrice: item!.listPrice, quantity: item!.incrementSize }],
        { paymentMethodCode: 'INTEGRATED_PAYPAL' },
      );
      const started = await call('POST', `/orders/${orderNumber}/payment`, {
        token,
        body: { returnUrl: `/orders/${orderNumber}/order-release-confirmation`, releaseOnSuccess: true },
      });
      const id = started.body.token as string;
      paypal.created.get(id)!.approved = true;
      // The buyer is back from PayPal; the server dies while PayPal is asked to capture, before or after it took the money.
      const killed = server;
      let stopped: Promise<void> | undefined;
      paypal.hooks.point = point;
      paypal.hooks.run = () => (stopped = killed.stop('SIGKILL'));
      const confirm = () =>
        call('POST', `/orders/${orderNumber}/payment/confirm`, { token, body: { token: id, payerId: 'PAYER1' } });
      await confirm().then(
        () => found.push(`${point}: the confirmation was answered`),
        () => undefined,
      );
      // The refused connection can come before the killed process is reaped, and until then it still holds the database.
      await stopped;
      const left = await store.inspect(async (db) => {
        const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
        const [payment] = await db.select().from(payments).where(eq(payments.token, id));
        const rows = await db.select().from(paymentLedger).where(eq(paymentLedger.orderId, order!.id));
        return { status: payment!.status, rows: rows.length, total: order!.total };
      });
      expect({ point, status: left.status, rows: left.rows, captured: paypal.created.get(id)!.captured }).toEqual({
        point,
        status: 'CAPTURING',
        rows: 0,
        captured: point === 'after',
      });
      server = await startServer(env, { dataDir: store.dataDir });
      const again = callerOf(server);
      if (point === 'after') {
        // Pay pressed again instead: the capture left behind is finished first, and nothing is owed any more.
        const restart = await again('POST', `/orders/${orderNumber}/payment`, {
          token,
          body: { returnUrl: `/orders/${orderNumber}/order-release-confirmation`, releaseOnSuccess: true },
        });
        expect(restart.body.messageCode).toBe('paymentNotExpected');
      }
      const retried = await again('POST', `/orders/${orderNumber}/payment/confirm`, {
        token,
        body: { token: id, payerId: 'PAYER1' },
      });
      expect(retried.body.status, point).toBe('SUCCESS');
      const { body } = await again('GET', `/admin/orders/${orderNumber}`);
      expect(
        (body.ledger as { kind: string; amount: number }[]).map((r) => [r.kind, r.amount]),
        point,
      ).toEqual([['PAYMENT', left.total]]);
      expect(body.order, point).toMatchObject({ paymentStatus: 'PAID', amountPaid: left.total });
      expect(paypal.created.get(id)!.captured, point).toBe(true);
    }
    expect(found).toEqual([]);
    expect(paypal.refunds()).toBe(0);
  } finally {
    await server.stop('SIGKILL');
    await new Promise((resolve) => paypal.server.close(resolve));
  }
}

describe("kill -9 between the claim and PayPal's capture, and between the capture and the record", () => {
  const stores: [string, () => Promise<Store>, boolean][] = [
    ['PGlite', async () => pgliteStore(), false],
    ['PostgreSQL', () => postgresStore('faults_paypal_points'), !postgresUrl],
  ];
  for (const [name, open, skip] of stores) {
    it.skipIf(skip)(
      `on ${name}: the return confirmed again (or pay pressed again) finishes the same capture and records it once`,
      async () => {
        const store = await open();
        try {
          await payPalKills(store);
        } finally {
          await store.remove();
        }
      },
      600_000,
    );
  }
});
