import { and, asc, count, desc, eq, exists, gt, ilike, inArray, lte, max, min, or, sql, type SQL } from 'drizzle-orm';
import { bidderStatus } from '../../../../app/domain/auctions/bidder-status';
import { BID_HISTORY_PAGE_SIZE } from '../../../../app/domain/auctions/bid-history';
import { AUCTION_PAGE_SIZE, type AuctionListQuery } from '../../../../app/domain/auctions/list-query';
import { nextMinimum, refusalOf, reserveMet } from '../../../../app/domain/auctions/proxy-bidding';
import { inSoftClose, phaseAt } from '../../../../app/domain/auctions/soft-close';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import {
  auctionBids,
  auctionLotLines,
  auctionLots,
  auctionWatches,
  orders,
  participants,
  warehouses,
} from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { requireBuyerWith } from '../identity/buyer-guard';
import { wordsIn } from '../texts/texts';
import type { AuctionAward } from './award';
import { bidRefused, lotClosed, lotNotOpen } from './bids';
import { lotPhotoIds } from './photos';
import { standingOf, type LotRow } from './standing';

export const VIEW_AUTHORITY = 'CAN_VIEW_AUCTION_SUMMARY';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The buyer's side of auctions: the list of lots, a lot's page (manifest, bids with bidders masked,
 * the next minimum, the buyer's status), the watch list, the bid confirmation's charges, the
 * summary, and the answer to a second-chance offer. The reserve's amount and other bidders'
 * maximums never leave this module.
 */
export function createAuctionLots(deps: Pick<MarketplaceDeps, 'db' | 'config'>, award: AuctionAward) {
  const { db } = deps;
  const rules = () => deps.config.marketplace.auctions;

  const viewer = (user: SignedInUser) =>
    requireBuyerWith(
      db,
      user,
      VIEW_AUTHORITY,
      { messageCode: 'auctionsNotAllowed', message: 'Your account cannot view auctions' },
      { messageCode: 'auctionsNotAllowed', message: 'Your account cannot view auctions' },
    );

  const myBid = (buyerId: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(auctionBids)
        .where(and(eq(auctionBids.lotId, auctionLots.id), eq(auctionBids.buyerId, buyerId))),
    );
  const myWatch = (userId: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(auctionWatches)
        .where(and(eq(auctionWatches.lotId, auctionLots.id), eq(auctionWatches.userId, userId))),
    );

  function tabFilter(query: AuctionListQuery, buyerId: number, userId: number, now: Date): SQL {
    const active = eq(auctionLots.status, 'ACTIVE');
    switch (query.tab) {
      case 'open':
        return and(active, lte(auctionLots.startsAt, now), gt(auctionLots.endsAt, now))!;
      case 'soon':
        return and(active, gt(auctionLots.startsAt, now))!;
      case 'ended':
        return and(
          or(inArray(auctionLots.status, ['CLOSED', 'CANCELED']), and(active, lte(auctionLots.endsAt, now))),
          myBid(buyerId),
        )!;
      case 'watching':
        return and(myWatch(userId), or(active, myBid(buyerId)))!;
    }
  }

  const SORTS = {
    endsAt: auctionLots.endsAt,
    price: sql`coalesce(${auctionLots.currentPrice}, ${auctionLots.startingPrice})`,
    bids: auctionLots.bidCount,
    title: sql`lower(${auctionLots.title})`,
  } as const;

  /** What any buyer may know of a lot, and where this buyer stands on it. */
  async function views(rows: LotRow[], buyerId: number, userId: number, now: Date) {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [sellers, bid, watched, words] = await Promise.all([
      db.select({ id: participants.id, name: participants.name }).from(participants),
      db
        .selectDistinct({ lotId: auctionBids.lotId })
        .from(auctionBids)
        .where(and(inArray(auctionBids.lotId, ids), eq(auctionBids.buyerId, buyerId))),
      db
        .select({ lotId: auctionWatches.lotId })
        .from(auctionWatches)
        .where(and(inArray(auctionWatches.lotId, ids), eq(auctionWatches.userId, userId))),
      wordsIn(db, deps.config.language),
    ]);
    const labels = await db.select({ code: warehouses.code, label: warehouses.label }).from(warehouses);
    const warehouseLabels = new Map(labels.map((w) => [w.code, words('warehouse', w.code, 'label', w.label)]));
    const bidOn = new Set(bid.map((b) => b.lotId));
    const watching = new Set(watched.map((w) => w.lotId));
    return rows.map((lot) => {
      const standing = standingOf(lot);
      const phase = lot.status === 'ACTIVE' ? phaseAt(lot, now) : 'ENDED';
      const met = reserveMet(standing);
      return {
        id: lot.id,
        title: lot.title,
        seller: sellers.find((s) => s.id === lot.participantId)?.name ?? lot.participantId,
        warehouseCode: lot.warehouseCode,
        warehouse: warehouseLabels.get(lot.warehouseCode) ?? lot.warehouseCode,
        units: lot.units,
        gradeMix: lot.gradeMix,
        startingPrice: lot.startingPrice,
        currentPrice: lot.currentPrice,
        bidCount: lot.bidCount,
        hasReserve: lot.reservePrice !== null,
        reserveMet: lot.reservePrice === null ? null : met,
        startsAt: lot.startsAt.toISOString(),
        endsAt: lot.endsAt.toISOString(),
        extended: lot.endsAt > lot.scheduledEndsAt,
        inSoftClose: phase === 'OPEN' && inSoftClose(lot.endsAt, now, rules().softCloseMinutes),
        phase,
        status: lot.status,
        outcome: lot.outcome,
        cancelReason: lot.status === 'CANCELED' ? lot.cancelReason : null,
        nextMinimum: phase === 'ENDED' ? null : nextMinimum(standing, rules().increments),
        myStatus: bidderStatus(
          {
            status: lot.status,
            outcome: lot.outcome,
            ended: phase === 'ENDED',
            leaderBuyerId: lot.leaderBuyerId,
            reserveMet: met,
          },
          buyerId,
          bidOn.has(lot.id),
        ),
        watched: watching.has(lot.id),
      };
    });
  }
  type LotView = Awaited<ReturnType<typeof views>>[number];

  /** A lot this buyer may see: any lot not canceled, and a canceled one the buyer bid on. */
  async function visibleLot(buyerId: number, lotId: number): Promise<LotRow> {
    const [lot] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
    if (!lot) throw notFound('Lot');
    if (lot.status === 'CANCELED') {
      const [mine] = await db
        .select({ id: auctionBids.id })
        .from(auctionBids)
        .where(and(eq(auctionBids.lotId, lotId), eq(auctionBids.buyerId, buyerId)))
        .limit(1);
      if (!mine) throw notFound('Lot');
    }
    return lot;
  }

  return {
    viewer,
    visibleLot,

    async list(user: SignedInUser, query: AuctionListQuery, now = new Date()) {
      const buyerId = await viewer(user);
      const filters = [tabFilter(query, buyerId, user.id, now)];
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        filters.push(
          or(
            ilike(auctionLots.title, pattern),
            exists(
              db
                .select({ one: sql`1` })
                .from(auctionLotLines)
                .where(and(eq(auctionLotLines.lotId, auctionLots.id), ilike(auctionLotLines.model, pattern))),
            ),
          )!,
        );
      }
      const where = and(...filters);
      const order = query.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auctionLots)
          .where(where)
          .orderBy(order(SORTS[query.sort]), asc(auctionLots.id))
          .limit(AUCTION_PAGE_SIZE)
          .offset((query.page - 1) * AUCTION_PAGE_SIZE),
        db.select({ n: count() }).from(auctionLots).where(where),
      ]);
      return {
        lots: await views(rows, buyerId, user.id, now),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: AUCTION_PAGE_SIZE,
        softCloseMinutes: rules().softCloseMinutes,
      };
    },

    /** A lot as its page shows it, with one page of its bid history, newest first. */
    async detail(user: SignedInUser, lotId: number, now = new Date(), historyPage = 1) {
      const buyerId = await viewer(user);
      const lot = await visibleLot(buyerId, lotId);
      const [view] = (await views([lot], buyerId, user.id, now)) as [LotView];
      const ofLot = eq(auctionBids.lotId, lotId);
      const [lines, bids, firstBids, [mine], [history], photos] = await Promise.all([
        db.select().from(auctionLotLines).where(eq(auctionLotLines.lotId, lotId)).orderBy(auctionLotLines.id),
        db
          .select()
          .from(auctionBids)
          .where(ofLot)
          .orderBy(desc(auctionBids.id))
          .limit(BID_HISTORY_PAGE_SIZE)
          .offset((historyPage - 1) * BID_HISTORY_PAGE_SIZE),
        db
          .select({ buyerId: auctionBids.buyerId, first: min(auctionBids.id) })
          .from(auctionBids)
          .where(ofLot)
          .groupBy(auctionBids.buyerId),
        db
          .select({ maximum: max(auctionBids.maximum) })
          .from(auctionBids)
          .where(and(ofLot, eq(auctionBids.buyerId, buyerId))),
        db.select({ total: count() }).from(auctionBids).where(ofLot),
        lotPhotoIds(db, lotId),
      ]);
      // Bidders are numbered by their first bid on the lot, on every page alike; nobody sees another's
      // identity or maximum.
      const numbers = new Map(
        firstBids.sort((a, b) => (a.first ?? 0) - (b.first ?? 0)).map((bidder, i) => [bidder.buyerId, i + 1]),
      );
      const [order] =
        lot.orderId && lot.leaderBuyerId === buyerId
          ? await db.select({ number: orders.phonexOrderNumber }).from(orders).where(eq(orders.id, lot.orderId))
          : [];
      return {
        ...view,
        softCloseMinutes: rules().softCloseMinutes,
        lines: lines.map(({ model, grade, capacity, colour, quantity, imeis }) => ({
          model,
          grade,
          capacity,
          colour,
          quantity,
          imeis,
        })),
        bids: bids.map((b) => ({
          bidder: numbers.get(b.buyerId)!,
          own: b.buyerId === buyerId,
          amount: b.priceAfter,
          at: b.placedAt.toISOString(),
        })),
        history: { page: historyPage, pageSize: BID_HISTORY_PAGE_SIZE, total: history?.total ?? 0 },
        /** The ids of the seller's photos, each at /auctions/{lot}/photos/{id}. */
        photos,
        myMaximum: mine?.maximum ?? null,
        orderNumber: order?.number ?? null,
        secondChance:
          lot.leaderBuyerId === buyerId && lot.secondChance
            ? { state: lot.secondChance, price: lot.reservePrice! }
            : null,
      };
    },

    /** What a bid of this amount would cost if it wins: the order's charges with the buyer's preferences. */
    async quote(user: SignedInUser, lotId: number, amount: number) {
      const buyerId = await viewer(user);
      const lot = await visibleLot(buyerId, lotId);
      const phase = lot.status === 'ACTIVE' ? phaseAt(lot, new Date()) : 'ENDED';
      if (phase === 'SCHEDULED') throw lotNotOpen();
      if (phase === 'ENDED') throw lotClosed();
      const refusal = refusalOf(standingOf(lot), buyerId, amount, rules().increments);
      if (refusal) throw bidRefused(refusal);
      const prepared = await award.prepare(buyerId, lot, amount);
      return { amount, charges: prepared.charges, withPreferences: prepared.complete };
    },

    async watch(user: SignedInUser, lotId: number, on: boolean) {
      const buyerId = await viewer(user);
      await visibleLot(buyerId, lotId);
      if (on) await db.insert(auctionWatches).values({ userId: user.id, lotId }).onConflictDoNothing();
      else
        await db.delete(auctionWatches).where(and(eq(auctionWatches.userId, user.id), eq(auctionWatches.lotId, lotId)));
    },

    /** My bids, the lots I won with their orders, and the totals (CAN_VIEW_AUCTION_SUMMARY). */
    async summary(user: SignedInUser, now = new Date()) {
      const buyerId = await viewer(user);
      const rows = await db
        .select()
        .from(auctionLots)
        .where(myBid(buyerId))
        .orderBy(desc(auctionLots.endsAt))
        .limit(200);
      const lots = await views(rows, buyerId, user.id, now);
      const won = rows.filter((r) => r.outcome === 'SOLD' && r.leaderBuyerId === buyerId);
      const wonOrders = won.length
        ? await db
            .select({ id: orders.id, number: orders.phonexOrderNumber, total: orders.total })
            .from(orders)
            .where(
              inArray(
                orders.id,
                won.map((w) => w.orderId!),
              ),
            )
        : [];
      return {
        lots: lots.map((l) => {
          const row = rows.find((r) => r.id === l.id)!;
          const order = wonOrders.find((o) => o.id === row.orderId && row.leaderBuyerId === buyerId);
          return { ...l, orderNumber: order?.number ?? null, orderTotal: order?.total ?? null };
        }),
        totals: {
          bidOn: rows.length,
          leading: lots.filter((l) => l.myStatus === 'HIGHEST').length,
          won: won.length,
          wonAmount: won.reduce((n, w) => n + (w.currentPrice ?? 0), 0),
          ordersTotal: wonOrders.reduce((n, o) => n + o.total, 0),
        },
      };
    },

    /** The highest bidder's answer to a second-chance offer: accepted, the lot becomes an order at the reserve. */
    async answerSecondChance(user: SignedInUser, lotId: number, accept: boolean, now = new Date()) {
      const buyerId = await viewer(user);
      const lot = await visibleLot(buyerId, lotId);
      if (lot.leaderBuyerId !== buyerId || !lot.secondChance) throw notFound('Offer');
      if (lot.secondChance !== 'OFFERED') return { state: lot.secondChance, replayed: true };
      const prepared = accept ? await award.prepare(buyerId, lot, lot.reservePrice!) : null;
      const state = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
        if (locked!.secondChance !== 'OFFERED') return null;
        const orderId = prepared
          ? await award.place(tx, { ...locked!, currentPrice: locked!.reservePrice }, prepared, now)
          : null;
        const next = accept ? 'ACCEPTED' : 'DECLINED';
        await tx
          .update(auctionLots)
          .set({
            secondChance: next,
            ...(orderId ? { orderId, outcome: 'SOLD', currentPrice: locked!.reservePrice } : {}),
          })
          .where(eq(auctionLots.id, lotId));
        return next;
      });
      if (!state) throw new ApiError(409, 'auctionOfferAnswered', 'This offer was already answered');
      return { state, replayed: false };
    },
  };
}

export type AuctionLots = ReturnType<typeof createAuctionLots>;
