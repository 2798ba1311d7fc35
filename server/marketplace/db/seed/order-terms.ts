import { and, asc, eq } from 'drizzle-orm';
import { feeOn } from '../../../../app/domain/checkout/charges';
import { DAY_MS } from '../../../../app/domain/orders/fees';
import { readCatalogue } from '../../services/checkout/checkout-catalogue';
import { readOrderTermsSettings, startPaymentTerms } from '../../services/orders/order-terms';
import type { Db } from '../client';
import { orderEvents, orderLines, orders, users } from '../schema';
import { DEMO_ORDERS_BUYER } from './orders';

/** How long ago the demo order's grace period ended: fees count 3 days once the buyer accepts the terms. */
const DAYS_LATE = 3;

/** A grace period to pay applies to a method paid before shipping (net terms are due from the invoice): the demo order is paid by wire. */
const PAID_BY = 'WIRE_TRANSFER';

/**
 * One released, unpaid order of the demo buyer whose grace period to pay ended three days ago, with
 * the tenant's default rates and the terms not yet accepted: the late-payment box, the fee dialog,
 * Accept Terms and Extend Time all show in the demo. A copy of the buyer's first seeded on-hold
 * order (same lines, addresses and charges), paid by wire transfer (its payment fee that method's),
 * released at the time that puts the grace end there.
 */
export async function seedDemoOrderTerms(db: Db): Promise<void> {
  const [user] = await db
    .select({ id: users.id, buyerId: users.buyerId })
    .from(users)
    .where(eq(users.email, DEMO_ORDERS_BUYER));
  if (!user?.buyerId) return;
  const [template] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, user.buyerId), eq(orders.status, 'ON_HOLD')))
    .orderBy(asc(orders.id))
    .limit(1);
  if (!template) return;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, template.id))
    .orderBy(asc(orderLines.id));
  const terms = await readOrderTermsSettings(db);
  const now = Date.now();
  const releasedAt = new Date(now - (terms.gracePeriodDays + DAYS_LATE) * DAY_MS);
  const { id: _id, phonexOrderNumber: _n, idempotencyKey: _k, ...copy } = template;
  const wire = (await readCatalogue(db)).paymentMethods.find((p) => p.code === PAID_BY);
  const beforeFee = template.total - template.paymentFee;
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const paymentFee = wire?.fee ? feeOn(wire.fee, { subtotal: template.subtotal, units, totalBeforeFee: beforeFee }) : 0;
  const billing = template.billing as { selection?: Record<string, unknown> } | null;
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        ...copy,
        phonexOrderNumber: `SO-${now.toString(36).toUpperCase()}-TERMS1`,
        status: 'UNSHIPPED',
        paymentStatus: 'UNPAID',
        paymentMethodCode: PAID_BY,
        billing: billing ? { ...billing, selection: { ...billing.selection, paymentMethodCode: PAID_BY } } : billing,
        paymentFee,
        total: beforeFee + paymentFee,
        version: 2,
        createdAt: new Date(releasedAt.getTime() - 3_600_000),
        lastUpdateDate: releasedAt,
      })
      .returning();
    await tx
      .insert(orderLines)
      .values(lines.map(({ id: _l, orderId: _o, ...line }) => ({ ...line, orderId: order!.id })));
    await tx.insert(orderEvents).values([
      {
        orderId: order!.id,
        at: order!.createdAt,
        userId: user.id,
        kind: 'CREATED',
        fromStatus: null,
        toStatus: 'ON_HOLD',
        detail: { seeded: true },
      },
      {
        orderId: order!.id,
        at: releasedAt,
        userId: user.id,
        kind: 'RELEASED',
        fromStatus: 'ON_HOLD',
        toStatus: 'UNSHIPPED',
        detail: { seeded: true },
      },
    ]);
    await startPaymentTerms(tx, order!, releasedAt);
  });
}
