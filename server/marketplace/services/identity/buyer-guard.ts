import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SignedInUser } from '../../context';
import { buyers, participants } from '../../db/schema';
import { ApiError } from '../../errors';
import { keptPerDatabase } from '../shared/kept-until-changed';

/** The signed-in user's buyer, for calls only buyers make (cart, offers, alerts). */
export function buyerIdOf(user: SignedInUser): number {
  if (!user.buyerId) throw new ApiError(400, 'notABuyer', 'Only buyers can do this');
  return user.buyerId;
}

/**
 * A buyer holding the authority a capability needs, who is not a pxns seller participant (sellers
 * see their network stock but do not buy it or set alerts on it). Refusals are 400s with a
 * messageCode: a 403 would sign the buyer out (spec 1 §8).
 */
/** Whether the buyer is a pxns seller participant; kept until buyers or participants change. */
export const isPxnsSeller = keptPerDatabase([buyers, participants], async (db, buyerId: number) => {
  const [row] = await db
    .select({ isPxns: participants.isPxns })
    .from(buyers)
    .leftJoin(participants, eq(participants.id, buyers.participantId))
    .where(eq(buyers.id, buyerId));
  return row?.isPxns ?? false;
});

export async function requireBuyerWith(
  db: Db,
  user: SignedInUser,
  authority: string,
  refusal: { messageCode: string; message: string },
  sellerRefusal: { messageCode: string; message: string },
) {
  if (!user.authorities.includes(authority)) throw new ApiError(400, refusal.messageCode, refusal.message);
  const buyerId = buyerIdOf(user);
  if (await isPxnsSeller(db, buyerId)) throw new ApiError(400, sellerRefusal.messageCode, sellerRefusal.message);
  return buyerId;
}
