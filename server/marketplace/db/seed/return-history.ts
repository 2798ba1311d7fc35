import { asc, count, eq } from 'drizzle-orm';
import { RETURN_STATUSES } from '../../../../app/domain/returns/rules';
import type { Db } from '../client';
import { orders, returnEvents, returnRequests, returnUnits } from '../schema';

const CHUNK = 500;

/**
 * Admin (bench, tests): a past of `count` return requests of a buyer over the buyer's own orders, in
 * bulk inserts, spread over the statuses, one to three units each, an hour apart. The units' IMEIs
 * are made up (15 digits from the request's id) and never collide with a shipped one's key.
 */
export async function returnHistory(
  db: Db,
  { buyerId, userId, count: wanted }: { buyerId: number; userId: number; count: number },
) {
  const own = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(asc(orders.id))
    .limit(1000);
  if (!own.length) return null;
  const [{ n: before } = { n: 0 }] = await db
    .select({ n: count() })
    .from(returnRequests)
    .where(eq(returnRequests.buyerId, buyerId));
  const now = Date.now();
  let made = 0;
  while (made < wanted) {
    const size = Math.min(CHUNK, wanted - made);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: size }, (_, j) => {
        const i = before + made + j + 1;
        const status = RETURN_STATUSES[i % RETURN_STATUSES.length]!;
        const at = new Date(now - i * 3_600_000);
        return {
          rmaNumber: `RMA-H${buyerId}-${i}`,
          buyerId,
          orderId: own[i % own.length]!.id,
          status,
          note: '',
          idempotencyKey: `history-${buyerId}-${i}`,
          credit: status === 'CREDITED' ? 1000 * (1 + (i % 3)) : 0,
          createdBy: userId,
          createdAt: at,
          updatedAt: at,
        };
      });
      const requests = await tx.insert(returnRequests).values(rows).returning({
        id: returnRequests.id,
        orderId: returnRequests.orderId,
        status: returnRequests.status,
        createdAt: returnRequests.createdAt,
      });
      await tx.insert(returnUnits).values(
        requests.flatMap((r) =>
          Array.from({ length: 1 + (r.id % 3) }, (_, k) => {
            const imei = `35${String(r.id).padStart(12, '0')}${k}`;
            return {
              requestId: r.id,
              orderId: r.orderId,
              itemNumberWarehouse: 'HISTORY',
              unitKey: imei,
              imei,
              reasonCode: 'DOA',
              state: r.status,
              unitPrice: 1000,
              credit: r.status === 'CREDITED' ? 1000 : 0,
            };
          }),
        ),
      );
      await tx.insert(returnEvents).values(
        requests.map((r) => ({
          requestId: r.id,
          at: r.createdAt,
          fromStatus: null,
          toStatus: r.status,
          actor: 'history',
          detail: {},
        })),
      );
    });
    made += size;
  }
  const [first] = await db
    .select({ rmaNumber: returnRequests.rmaNumber })
    .from(returnRequests)
    .where(eq(returnRequests.idempotencyKey, `history-${buyerId}-${before + 1}`));
  return { made, first: first?.rmaNumber ?? null };
}
