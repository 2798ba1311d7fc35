import { eq } from 'drizzle-orm';
import { checkoutDrafts, offers, orderLines, orders } from '../../server/marketplace/db/schema';
import { readyCheckout } from '../integration/harness';
import {
  buyerOf,
  callerOf,
  freshBuyer,
  NONE,
  quantitiesNow,
  stockMismatches,
  stockOf,
  WHOLE,
  type FaultScenario,
} from './kill-mid-flight';

/** Lines of each order: enough that the submission takes a while to write. */
const LINES = Number(process.env.FAULT_ORDER_LINES ?? 30);

interface Submission {
  email: string;
  token: string;
  checkoutId: string;
  body: unknown;
  /** Units ordered and the quantity before, per item. */
  lines: Map<string, { quantity: number; before: number }>;
}

/** A buyer's checkout of LINES items submitted (cart → checkout → submit, as the portal's submission calls it). */
export const checkoutSubmission: FaultScenario<Submission> = {
  name: 'checkout submission',
  async prepare(server) {
    const { email, token } = await freshBuyer(server);
    const items = (await stockOf(server, 'MIA', 20)).slice(0, LINES);
    const ready = await readyCheckout(
      callerOf(server),
      token,
      items.map((i) => ({ inw: i.itemNumberWarehouse, listPrice: i.listPrice, quantity: i.incrementSize })),
    );
    const lines = new Map(
      items.map((i) => [i.itemNumberWarehouse, { quantity: i.incrementSize, before: i.quantityAvailable }]),
    );
    return {
      email,
      token,
      checkoutId: ready.checkoutId,
      body: { submissionKey: ready.submissionKey, readyToRelease: true, selection: ready.selection },
      lines,
    };
  },
  async fire(server, { token, checkoutId, body }) {
    const response = await fetch(`${server.url}/px-api-gateway/checkout/${checkoutId}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return response.status === 201;
  },
  async inspect(db, { email, checkoutId, lines }) {
    const buyerId = await buyerOf(db, email);
    const placed = await db.select().from(orders).where(eq(orders.buyerId, buyerId));
    const now = await quantitiesNow(db, [...lines.keys()]);
    const inCart = await db.select({ id: offers.id }).from(offers).where(eq(offers.buyerId, buyerId));
    const drafts = await db
      .select({ id: checkoutDrafts.id })
      .from(checkoutDrafts)
      .where(eq(checkoutDrafts.id, checkoutId));
    if (!placed.length) {
      const moved = stockMismatches(now, new Map([...lines].map(([inw, l]) => [inw, l.before])));
      if (moved.length) return { half: `no order, but stock moved: ${moved.join(', ')}` };
      if (inCart.length !== lines.size || drafts.length !== 1)
        return { half: `no order, but ${inCart.length} of ${lines.size} cart entries and ${drafts.length} draft left` };
      return NONE;
    }
    if (placed.length > 1) return { half: `${placed.length} orders from one submission` };
    const written = await db.select().from(orderLines).where(eq(orderLines.orderId, placed[0]!.id));
    const wrongLines = [...lines].filter(
      ([inw, l]) => written.find((w) => w.itemNumberWarehouse === inw)?.quantity !== l.quantity,
    );
    if (written.length !== lines.size || wrongLines.length)
      return { half: `order ${placed[0]!.phonexOrderNumber} with ${written.length} of ${lines.size} lines` };
    const unmoved = stockMismatches(now, new Map([...lines].map(([inw, l]) => [inw, l.before - l.quantity])));
    if (unmoved.length)
      return {
        half: `order ${placed[0]!.phonexOrderNumber} whole, but stock not taken: ${unmoved.length} items, e.g. ${unmoved[0]}`,
      };
    if (inCart.length || drafts.length)
      return { half: `order placed, but ${inCart.length} cart entries and ${drafts.length} draft left` };
    return WHOLE;
  },
};
