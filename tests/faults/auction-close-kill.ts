import { eq } from 'drizzle-orm';
import { auctionLots, orderEvents, orderLines, orders } from '../../server/marketplace/db/schema';
import { awardKey } from '../../server/marketplace/services/auctions/award';
import type { RunningServer } from '../security/server';
import { callerOf, keptBuyers, NONE, WHOLE, type FaultScenario, type Found } from './kill-mid-flight';

interface Bidding {
  lotId: number;
}

/** A lot open for an hour on which two buyers bid above its reserve: its close awards the second bidder's order. */
async function bidOn(server: RunningServer): Promise<Bidding> {
  const call = callerOf(server);
  const now = Date.now();
  const made = await call('POST', '/admin/auctions', {
    body: {
      title: 'Fault lot',
      warehouseCode: 'MIA',
      startingPrice: 10_000,
      reservePrice: 15_000,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      lines: [{ model: 'iPhone 12', grade: 'A', quantity: 25 }],
    },
  });
  if (made.status !== 201) throw new Error(`the lot answered ${made.status}: ${JSON.stringify(made.body)}`);
  const lotId = made.body.id as number;
  const bidders = await keptBuyers(server, 'auction close', 2, ['CAN_BUY_ONLINE', 'CAN_VIEW_AUCTION_SUMMARY']);
  for (const [i, amount] of [20_000, 30_000].entries()) {
    const { token } = bidders[i]!;
    const bid = await call('POST', `/auctions/${lotId}/bids`, { token, body: { amount } });
    if (bid.status !== 201) throw new Error(`a bid answered ${bid.status}: ${JSON.stringify(bid.body)}`);
  }
  return { lotId };
}

/** The lot and every order keyed as its award, with what each order holds. */
async function awardOf(db: Parameters<FaultScenario<Bidding>['inspect']>[0], lotId: number): Promise<Found> {
  const [lot] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
  const awarded = await db
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, awardKey(lotId)));
  if (lot!.status === 'ACTIVE' && awarded.length === 0) return NONE;
  const [order] = awarded;
  if (lot!.status === 'CLOSED' && lot!.outcome === 'SOLD' && awarded.length === 1 && lot!.orderId === order!.id) {
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    const one = lines.length === 1 && lines[0]!.quantity === 1 && lines[0]!.unitPrice === lot!.currentPrice;
    if (one && events.length === 1 && order!.subtotal === lot!.currentPrice) return WHOLE;
    return { half: `award order with ${lines.length} lines, ${events.length} events, subtotal ${order!.subtotal}` };
  }
  return {
    half: `lot ${lot!.status} ${lot!.outcome ?? ''} order ${lot!.orderId ?? 'none'}, ${awarded.length} award orders`,
  };
}

/**
 * The seller's "close now" (the closing job run at once): killed before, during and after the
 * transaction that closes the lot and writes its award. After a restart, the close run again (or
 * the job's own tick) closes a lot left open, and one already closed keeps its one order.
 */
export const auctionClose: FaultScenario<Bidding> = {
  name: 'auction close',
  prepare: bidOn,
  async fire(server, { lotId }) {
    const answer = await callerOf(server)('POST', `/admin/auctions/${lotId}/close`, { body: {} });
    return answer.status === 200 && answer.body.status === 'CLOSED' && answer.body.outcome === 'SOLD';
  },
  inspect: (db, { lotId }) => awardOf(db, lotId),
  async retry(server, { lotId }) {
    const call = callerOf(server);
    const again = await call('POST', `/admin/auctions/${lotId}/close`, { body: {} });
    if (again.status !== 200 && again.status !== 409) return `the retried close answered ${again.status}`;
    const { body } = await call('GET', `/admin/auctions/${lotId}`);
    if (body.status !== 'CLOSED' || body.outcome !== 'SOLD' || body.orderId === null)
      return `after the retry the lot is ${body.status} ${body.outcome ?? ''} with order ${body.orderId}`;
    return null;
  },
};
