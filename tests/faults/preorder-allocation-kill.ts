import { eq, inArray } from 'drizzle-orm';
import { orderLines, orders, preorderCommitments, preorders } from '../../server/marketplace/db/schema';
import type { RunningServer } from '../security/server';
import { callerOf, keptBuyers, NONE, WHOLE, type FaultScenario } from './kill-mid-flight';

/** Units each buyer commits to, and the units that arrive: first come first served gives 5, 5 and 2. */
const COMMITTED = [5, 5, 5];
const ARRIVED = 12;

interface Committed {
  preorderId: number;
}

/** A pre-order of its own with three buyers committed to it. */
async function committed(server: RunningServer): Promise<Committed> {
  const call = callerOf(server);
  const made = await call('POST', '/admin/preorders', {
    body: {
      warehouseCode: 'MIA',
      itemNumber: `KILL-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      model: 'iPhone 15',
      grade: 'A',
      capacity: '128GB',
      expectedQuantity: 20,
      expectedDate: '2027-01-15',
      unitPrice: 42_000,
      minimumCommitment: 1,
      cutOff: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  if (made.status !== 201) throw new Error(`the pre-order answered ${made.status}: ${JSON.stringify(made.body)}`);
  const preorderId = made.body.id as number;
  const buyers = await keptBuyers(server, 'pre-order allocation', COMMITTED.length);
  for (const [i, quantity] of COMMITTED.entries()) {
    const { token } = buyers[i]!;
    const commit = await call('PUT', `/preorders/${preorderId}/commitment`, { token, body: { quantity } });
    if (commit.status !== 200)
      throw new Error(`a commitment answered ${commit.status}: ${JSON.stringify(commit.body)}`);
  }
  return { preorderId };
}

const allocate = (server: RunningServer, preorderId: number) =>
  callerOf(server)('POST', `/admin/preorders/${preorderId}/allocate`, { body: { quantity: ARRIVED } });

/**
 * The stock of a pre-order arrives and is allocated at once (the allocation job run now): killed
 * before, during and after the transaction that writes every buyer's order. Whole: the pre-order is
 * ALLOCATED and each commitment has its share and exactly one order of that quantity, or none and
 * no share; none: not allocated and no order. After a restart the allocation run again finishes it.
 */
export const preorderAllocation: FaultScenario<Committed> = {
  name: 'pre-order allocation',
  prepare: committed,
  async fire(server, { preorderId }) {
    const answer = await allocate(server, preorderId);
    return answer.status === 200 && answer.body.status === 'ALLOCATED';
  },
  async inspect(db, { preorderId }) {
    const [preorder] = await db.select().from(preorders).where(eq(preorders.id, preorderId));
    const commitments = await db
      .select()
      .from(preorderCommitments)
      .where(eq(preorderCommitments.preorderId, preorderId));
    const keys = commitments.map((c) => `preorder-commitment:${c.id}`);
    const made = await db.select().from(orders).where(inArray(orders.idempotencyKey, keys));
    const lines = made.length
      ? await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              made.map((o) => o.id),
            ),
          )
      : [];
    if (preorder!.status !== 'ALLOCATED' && made.length === 0 && commitments.every((c) => c.status === 'OPEN'))
      return NONE;
    const wrong = commitments.flatMap((c) => {
      const own = made.filter((o) => o.idempotencyKey === `preorder-commitment:${c.id}`);
      const units = lines.filter((l) => own.some((o) => o.id === l.orderId)).reduce((sum, l) => sum + l.quantity, 0);
      if (c.status === 'ALLOCATED' && own.length === 1 && c.orderId === own[0]!.id && units === c.allocatedQuantity)
        return [];
      if (c.status === 'NOT_ALLOCATED' && own.length === 0 && c.allocatedQuantity === 0) return [];
      return [`commitment ${c.id} ${c.status} ${c.allocatedQuantity} with ${own.length} orders of ${units} units`];
    });
    const allocated = commitments.reduce((sum, c) => sum + c.allocatedQuantity, 0);
    if (preorder!.status === 'ALLOCATED' && wrong.length === 0 && allocated === ARRIVED) return WHOLE;
    return { half: `pre-order ${preorder!.status}, ${allocated} units allocated; ${wrong.join('; ')}` };
  },
  async retry(server, { preorderId }) {
    const again = await allocate(server, preorderId);
    if (again.status !== 200) return `the retried allocation answered ${again.status}`;
    const { status, commitments } = again.body as {
      status: string;
      commitments: { allocatedQuantity: number; orderNumber: string | null }[];
    };
    const shares = commitments.map((c) => c.allocatedQuantity).sort((a, b) => b - a);
    if (status !== 'ALLOCATED' || shares.join() !== '5,5,2' || commitments.some((c) => c.orderNumber === null))
      return `after the retry the pre-order is ${status} with shares ${shares.join()}`;
    return null;
  },
};
