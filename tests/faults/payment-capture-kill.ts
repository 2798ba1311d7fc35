import { eq } from 'drizzle-orm';
import { orders, paymentLedger, payments } from '../../server/marketplace/db/schema';
import { submitOrder } from '../integration/harness';
import { callerOf, freshBuyer, NONE, stockOf, WHOLE, type FaultScenario } from './kill-mid-flight';

interface Capture {
  token: string;
  orderNumber: string;
  body: { token: string; payerId: string };
}

export const paymentCapture: FaultScenario<Capture> = {
  name: 'payment capture',
  async prepare(server) {
    const { token } = await freshBuyer(server);
    const call = callerOf(server);
    const [item] = await stockOf(server, 'NYC', 20);
    const { orderNumber: phonexOrderNumber } = await submitOrder(
      call,
      token,
      [{ inw: item!.itemNumberWarehouse, listPrice: item!.listPrice, quantity: item!.incrementSize }],
      { paymentMethodCode: 'INTEGRATED_PAYPAL', warehouse: 'NYC' },
    );
    const started = await call('POST', `/orders/${phonexOrderNumber}/payment`, {
      token,
      body: { returnUrl: `/orders/${phonexOrderNumber}/order-release-confirmation`, releaseOnSuccess: true },
    });
    const decided = await fetch(`${server.url}${started.body.approveUrl}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    const back = new URL(decided.headers.get('location')!, server.url);
    return {
      token,
      orderNumber: phonexOrderNumber,
      body: { token: back.searchParams.get('token')!, payerId: back.searchParams.get('PayerID')! },
    };
  },
  async fire(server, { token, orderNumber, body }) {
    const response = await fetch(`${server.url}/px-api-gateway/orders/${orderNumber}/payment/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return response.status === 200 && ((await response.json()) as { status: string }).status === 'SUCCESS';
  },
  async inspect(db, { orderNumber, body }) {
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    const rows = await db.select().from(paymentLedger).where(eq(paymentLedger.orderId, order!.id));
    const [payment] = await db.select().from(payments).where(eq(payments.token, body.token));
    if (rows.length > 1) return { half: `${rows.length} ledger rows for one capture` };
    if (!rows.length) {
      if (payment!.status === 'CAPTURED') return { half: 'the payment says captured, the ledger has no row' };
      if (order!.amountPaid !== 0 || order!.paymentStatus === 'PAID')
        return { half: `no ledger row, but the order says ${order!.paymentStatus} ${order!.amountPaid}` };
      return NONE;
    }
    if (
      rows[0]!.amount !== order!.total ||
      order!.amountPaid !== order!.total ||
      order!.paymentStatus !== 'PAID' ||
      payment!.status !== 'CAPTURED'
    ) {
      return {
        half: `ledger ${rows[0]!.amount}, order ${order!.paymentStatus} ${order!.amountPaid} of ${order!.total}, payment ${payment!.status}`,
      };
    }
    return WHOLE;
  },
  async retry(server, prepared) {
    // The buyer comes back to the return address: the confirmation again, then the ledger as the seller sees it.
    const confirmed = await paymentCapture.fire(server, prepared);
    const { body } = await callerOf(server)('GET', `/admin/orders/${prepared.orderNumber}`);
    const ledger = body.ledger as { kind: string; amount: number }[];
    if (!confirmed) return 'the retried confirmation failed';
    if (ledger.length !== 1) return `${ledger.length} ledger rows after the retry`;
    if (body.order.paymentStatus !== 'PAID' || ledger[0]!.amount !== body.order.total)
      return `order ${body.order.paymentStatus}, ledger ${ledger[0]!.amount} of ${body.order.total}`;
    return null;
  },
};
