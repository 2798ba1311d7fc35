import { and, eq } from 'drizzle-orm';
import { orders, paymentLedger, returnRequests } from '../../server/marketplace/db/schema';
import { submitOrder } from '../integration/harness';
import { createBuyer, type RunningServer } from '../security/server';
import { callerOf, NONE, stockOf, WHOLE, type FaultScenario } from './kill-mid-flight';

interface Received {
  orderNumber: string;
  rmaNumber: string;
  total: number;
}

/** A paid order's unit, returned and received: crediting it writes the request, its units, the ledger row and the order's paid amount at once. */
async function received(server: RunningServer): Promise<Received> {
  const call = callerOf(server);
  const { email, password } = await createBuyer(server, ['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS']);
  const token = (await call('POST', '/identity/sign-in', { body: { email, password } })).body.accessToken as string;
  const [item] = await stockOf(server, 'LAX', 20);
  const { orderNumber } = await submitOrder(
    call,
    token,
    [{ inw: item!.itemNumberWarehouse, listPrice: item!.listPrice, quantity: item!.incrementSize }],
    { warehouse: 'LAX' },
  );
  const shipped = await call('POST', `/admin/orders/${orderNumber}/ship`, {
    body: { trackingNumber: '1ZKILL', generateImeis: true },
  });
  await call('POST', `/admin/orders/${orderNumber}/payments`, { body: {} });
  const imei = shipped.body.shipment.lines[0].imeis[0] as string;
  const { rmaNumber } = (
    await call('POST', '/returns', {
      token,
      body: {
        orderNumber,
        idempotencyKey: `kill-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        note: '',
        units: [{ imei, reasonCode: 'DOA' }],
      },
    })
  ).body;
  await call('POST', `/admin/returns/${rmaNumber}/approve`, { body: {} });
  await call('POST', `/admin/returns/${rmaNumber}/receive`, { body: {} });
  const { body } = await call('GET', `/admin/orders/${orderNumber}`);
  return { orderNumber, rmaNumber, total: body.order.total as number };
}

export const returnCredit: FaultScenario<Received> = {
  name: 'return credit',
  prepare: received,
  async fire(server, { rmaNumber }) {
    const answer = await callerOf(server)('POST', `/admin/returns/${rmaNumber}/credit`, { body: {} });
    return answer.status === 200 && answer.body.status === 'CREDITED';
  },
  async inspect(db, { orderNumber, rmaNumber, total }) {
    const [request] = await db.select().from(returnRequests).where(eq(returnRequests.rmaNumber, rmaNumber));
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    const credits = await db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.orderId, order!.id), eq(paymentLedger.kind, 'CREDIT')));
    if (request!.status === 'RECEIVED' && credits.length === 0 && order!.amountPaid === total) return NONE;
    if (
      request!.status === 'CREDITED' &&
      credits.length === 1 &&
      credits[0]!.amount === request!.credit &&
      order!.amountPaid === total + request!.credit
    )
      return WHOLE;
    return {
      half: `request ${request!.status} credit ${request!.credit}, ${credits.length} ledger credits, order paid ${order!.amountPaid} of ${total}`,
    };
  },
  async retry(server, prepared) {
    // The seller runs the credit again when the CLI got no answer: credited once, whatever happened.
    const again = await callerOf(server)('POST', `/admin/returns/${prepared.rmaNumber}/credit`, { body: {} });
    if (again.status !== 200 && again.status !== 409) return `the retried credit answered ${again.status}`;
    const { body } = await callerOf(server)('GET', `/admin/orders/${prepared.orderNumber}`);
    const credits = (body.ledger as { kind: string }[]).filter((r) => r.kind === 'CREDIT');
    if (credits.length !== 1) return `${credits.length} ledger credits after the retry`;
    return null;
  },
};
