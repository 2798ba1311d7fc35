import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { allocate, type AllocationRule } from '../../../../app/domain/preorders/allocation';
import type { MarketplaceDeps } from '../../context';
import { orders, preorderCommitments, preorders, users } from '../../db/schema';
import type { createAwardedOrders, PreparedOrder } from '../orders/awarded-orders';
import { preorderAllocationMail } from './preorder-mail';
import { preorderDescription } from './preorders';

type Preorder = typeof preorders.$inferSelect;

/**
 * Shares out each pre-order whose stock arrived (issue 53): the tenant's rule (app/domain/preorders/
 * allocation) over the open commitments whose maximum price the final price does not exceed; each
 * buyer's units become an order with the buyer's default preferences (./awarded-orders), and each
 * committed buyer gets an e-mail saying what was allocated against what was asked. Run by the job
 * `preorder-allocation` (one replica at a time); the pre-order's ARRIVED → ALLOCATED step inside the
 * transaction that writes the orders makes it happen once even so, and a kill leaves it ARRIVED for
 * the next run.
 */
export function createPreorderAllocation(
  deps: Pick<MarketplaceDeps, 'db' | 'config' | 'mailer' | 't' | 'reportError'>,
  awarded: ReturnType<typeof createAwardedOrders>,
) {
  const { db } = deps;
  const mail = preorderAllocationMail(deps);

  async function allocateOne(preorder: Preorder) {
    const open = await db
      .select()
      .from(preorderCommitments)
      .where(and(eq(preorderCommitments.preorderId, preorder.id), eq(preorderCommitments.status, 'OPEN')))
      .orderBy(asc(preorderCommitments.id));
    const unitPrice = preorder.unitPrice!;
    const eligible = open.filter((c) => c.maxUnitPrice === null || c.maxUnitPrice >= unitPrice);
    const shares = allocate(
      preorder.allocationRule as AllocationRule,
      preorder.arrivedQuantity ?? 0,
      eligible.map((c) => ({ id: c.id, quantity: c.quantity, at: c.placedAt.getTime() })),
    );
    const itemNumberWarehouse = `${preorder.itemNumber}-${preorder.warehouseCode}`;
    const description = preorderDescription(preorder);
    // Options and charges are read before the transaction (nothing but its own statements inside it).
    const prepared = new Map<number, PreparedOrder>();
    for (const c of eligible) {
      const quantity = shares.get(c.id) ?? 0;
      if (quantity === 0) continue;
      prepared.set(
        c.id,
        await awarded.prepare(c.buyerId, preorder.warehouseCode, [
          {
            itemNumber: preorder.itemNumber,
            itemNumberWarehouse,
            description,
            quantity,
            unitPrice,
            extendedPrice: quantity * unitPrice,
            incrementSize: 1,
          },
        ]),
      );
    }
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(preorders)
        .set({ status: 'ALLOCATED', allocatedAt: new Date() })
        .where(and(eq(preorders.id, preorder.id), eq(preorders.status, 'ARRIVED')))
        .returning({ id: preorders.id });
      if (!claimed) return;
      for (const c of open) {
        const order = prepared.get(c.id);
        const placed = order
          ? await awarded.insert(tx, order, {
              participantId: preorder.participantId,
              key: `preorder-commitment:${c.id}`,
              detail: { preorderId: preorder.id, commitmentId: c.id },
            })
          : null;
        await tx
          .update(preorderCommitments)
          .set(
            placed
              ? { status: 'ALLOCATED', allocatedQuantity: order!.lines[0]!.quantity, orderId: placed.id }
              : { status: 'NOT_ALLOCATED', allocatedQuantity: 0 },
          )
          .where(and(eq(preorderCommitments.id, c.id), eq(preorderCommitments.status, 'OPEN')));
      }
    });
  }

  /** The allocation's and the cancellations' e-mails not sent yet, each claimed before it goes (once across replicas); one that fails is tried again on the next run. */
  async function mailPending() {
    const pending = await db
      .select({
        commitment: preorderCommitments,
        preorder: preorders,
        user: users,
        orderNumber: orders.phonexOrderNumber,
      })
      .from(preorderCommitments)
      .innerJoin(preorders, eq(preorders.id, preorderCommitments.preorderId))
      .innerJoin(users, eq(users.id, preorderCommitments.userId))
      .leftJoin(orders, eq(orders.id, preorderCommitments.orderId))
      .where(
        and(
          isNull(preorderCommitments.mailedAt),
          inArray(preorderCommitments.status, ['ALLOCATED', 'NOT_ALLOCATED', 'CANCELED']),
        ),
      )
      .limit(500);
    for (const row of pending) {
      const [claimed] = await db
        .update(preorderCommitments)
        .set({ mailedAt: new Date() })
        .where(and(eq(preorderCommitments.id, row.commitment.id), isNull(preorderCommitments.mailedAt)))
        .returning({ id: preorderCommitments.id });
      if (!claimed) continue;
      try {
        await mail(row);
      } catch (error) {
        deps.reportError(error, 'pre-order allocation e-mail');
        await db
          .update(preorderCommitments)
          .set({ mailedAt: null })
          .where(eq(preorderCommitments.id, row.commitment.id));
      }
    }
  }

  return {
    /** Whether a pre-order's stock arrived and waits for its allocation. */
    async waiting() {
      const [row] = await db
        .select({ id: preorders.id })
        .from(preorders)
        .where(eq(preorders.status, 'ARRIVED'))
        .limit(1);
      return row !== undefined;
    },

    async run() {
      const arrived = await db
        .select()
        .from(preorders)
        .where(eq(preorders.status, 'ARRIVED'))
        .orderBy(asc(preorders.id));
      for (const preorder of arrived) await allocateOne(preorder);
      await mailPending();
    },
  };
}
