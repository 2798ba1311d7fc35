import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { manifestTotals, type ManifestLine } from '../../../../app/domain/auctions/manifest';
import type { MarketplaceDeps } from '../../context';
import { auctionBids, auctionLotLines, auctionLots, buyers, participants, warehouses } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { AuctionMail } from './mail';
import { checkedLotPhotos, lotPhotoIds, type LotPhotos } from './photos';

export interface LotInput {
  title: string;
  participantId?: string;
  warehouseCode: string;
  startingPrice: number;
  reservePrice: number | null;
  startsAt: Date;
  endsAt: Date;
  lines: ManifestLine[];
  /** The seller's photos (bytes), in order; absent on an edit: the lot keeps its photos. */
  photos?: Uint8Array[];
}

const invalid = (message: string) => new ApiError(422, 'auctionLotInvalid', message);

/**
 * The seller's side of auctions (admin API and CLI): create a lot with its manifest, schedule it,
 * edit it until its first bid, cancel it with a reason, list lots and bids (with the bidders and
 * maximums the seller may see), and offer an unsold lot to its highest bidder at the reserve.
 */
export function createAuctionAdmin(deps: Pick<MarketplaceDeps, 'db'>, mail: AuctionMail, photos: LotPhotos) {
  const { db } = deps;

  async function checked(input: LotInput) {
    if (input.endsAt <= input.startsAt) throw invalid('The end must come after the start');
    if (input.reservePrice !== null && input.reservePrice < input.startingPrice)
      throw invalid('The reserve cannot be below the starting price');
    const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.code, input.warehouseCode));
    if (!warehouse) throw invalid(`No warehouse ${input.warehouseCode}`);
    const participantId = input.participantId ?? (await ownParticipant());
    const [seller] = await db.select().from(participants).where(eq(participants.id, participantId));
    if (!seller) throw invalid(`No participant ${participantId}`);
    return { participantId };
  }

  async function ownParticipant() {
    const [own] = await db.select({ id: participants.id }).from(participants).where(eq(participants.isOwn, true));
    if (!own) throw invalid('No participant of the tenant');
    return own.id;
  }

  const lotColumns = (input: LotInput, participantId: string) => ({
    title: input.title,
    participantId,
    warehouseCode: input.warehouseCode,
    startingPrice: input.startingPrice,
    reservePrice: input.reservePrice,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    scheduledEndsAt: input.endsAt,
    ...manifestTotals(input.lines),
  });

  return {
    async create(input: LotInput) {
      const { participantId } = await checked(input);
      const pictures = checkedLotPhotos(input.photos ?? []);
      return db.transaction(async (tx) => {
        const [lot] = await tx.insert(auctionLots).values(lotColumns(input, participantId)).returning();
        await tx.insert(auctionLotLines).values(input.lines.map((l) => ({ ...l, lotId: lot!.id })));
        await photos.replace(tx, lot!.id, pictures);
        return lot!;
      });
    },

    /** Replaces a lot's terms and manifest (and its photos when given); refused once a bid was made or the lot was closed. */
    async edit(lotId: number, input: LotInput) {
      const { participantId } = await checked(input);
      const pictures = input.photos && checkedLotPhotos(input.photos);
      return db.transaction(async (tx) => {
        const [lot] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
        if (!lot) throw notFound('Lot');
        if (lot.bidCount > 0 || lot.status !== 'ACTIVE')
          throw new ApiError(409, 'auctionLotLocked', 'A lot can be edited only before its first bid');
        const [row] = await tx
          .update(auctionLots)
          .set({ ...lotColumns(input, participantId), version: lot.version + 1 })
          .where(eq(auctionLots.id, lotId))
          .returning();
        await tx.delete(auctionLotLines).where(eq(auctionLotLines.lotId, lotId));
        await tx.insert(auctionLotLines).values(input.lines.map((l) => ({ ...l, lotId })));
        if (pictures) await photos.replace(tx, lotId, pictures);
        return row!;
      });
    },

    async cancel(lotId: number, reason: string) {
      const [lot] = await db
        .update(auctionLots)
        .set({ status: 'CANCELED', cancelReason: reason })
        .where(and(eq(auctionLots.id, lotId), eq(auctionLots.status, 'ACTIVE')))
        .returning();
      if (lot) return lot;
      const [any] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      if (!any) throw notFound('Lot');
      if (any.status === 'CANCELED') return any;
      throw new ApiError(409, 'auctionLotNotActive', `The lot is ${any.status}`);
    },

    async list() {
      return db.select().from(auctionLots).orderBy(desc(auctionLots.id)).limit(1_000);
    },

    async lot(lotId: number) {
      const [lot] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      if (!lot) throw notFound('Lot');
      const lines = await db.select().from(auctionLotLines).where(eq(auctionLotLines.lotId, lotId));
      return { ...lot, lines, photos: await lotPhotoIds(db, lotId) };
    },

    /** Every bid with its bidder and maximum: the seller's view. */
    async bids(lotId: number) {
      await this.lot(lotId);
      return db
        .select({
          id: auctionBids.id,
          buyerId: auctionBids.buyerId,
          buyer: buyers.name,
          maximum: auctionBids.maximum,
          priceAfter: auctionBids.priceAfter,
          placedAt: auctionBids.placedAt,
        })
        .from(auctionBids)
        .innerJoin(buyers, eq(buyers.id, auctionBids.buyerId))
        .where(eq(auctionBids.lotId, lotId))
        .orderBy(asc(auctionBids.id));
    },

    /** A closed lot whose reserve was not met, offered to its highest bidder at the reserve. */
    async offerSecondChance(lotId: number) {
      const [lot] = await db
        .update(auctionLots)
        .set({ secondChance: 'OFFERED' })
        .where(
          and(eq(auctionLots.id, lotId), eq(auctionLots.outcome, 'RESERVE_NOT_MET'), isNull(auctionLots.secondChance)),
        )
        .returning();
      if (!lot) {
        const existing = await this.lot(lotId);
        if (existing.secondChance) return existing;
        throw new ApiError(409, 'auctionNoSecondChance', 'Only a lot closed below its reserve can be offered');
      }
      const bidders = await db
        .selectDistinct({ userId: auctionBids.userId })
        .from(auctionBids)
        .where(and(eq(auctionBids.lotId, lotId), eq(auctionBids.buyerId, lot.leaderBuyerId!)));
      await mail.send(
        'secondChance',
        { ...lot, currentPrice: lot.reservePrice },
        bidders.flatMap((b) => (b.userId === null ? [] : [b.userId])),
        [{ key: 'mail.auction.secondChance.body' }],
      );
      return lot;
    },
  };
}

export type AuctionAdmin = ReturnType<typeof createAuctionAdmin>;
