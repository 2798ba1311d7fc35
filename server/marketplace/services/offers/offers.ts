import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { isOfferPrice, OFFER_PRICE_NOT_WHOLE } from '../../../../app/domain/offers/entry-values';
import { offerEventOf } from '../../../../app/domain/offers/history';
import { offerStateOf, type OfferStatus } from '../../../../app/domain/offers/status';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { changeFeedOf } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { buyers, offerHistory, offers, stockItems, users, warehouses } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf, requireBuyerWith } from '../identity/buyer-guard';
import { chunks } from '../shared/chunks';
import { keptUntilChanged } from '../shared/kept-until-changed';
import type { AppliedStockChange } from '../stock/stock-changes';
import * as transitions from './offer-transitions';
import type { OfferTerms } from './offer-transitions';

type OfferRow = typeof offers.$inferSelect;

/** Offers moved per transaction when many move at once. */
const MOVE_CHUNK = 250;

/** A counter's own terms, recorded whoever gives it (the seller by hand or its rules), so its history never reads the buyer's price for it. */
const counterTermsOf = (next: OfferTerms) =>
  next.status === 'COUNTERED'
    ? {
        counterPrice: next.counterPrice,
        checkOutQuantity: next.checkOutQuantity,
        minimumCheckoutQuantity: next.minimumCheckoutQuantity,
      }
    : {};

function historyOf(row: OfferRow, next: OfferTerms, actor: string, detail: Record<string, unknown>) {
  return {
    offerId: row.id,
    actor,
    fromStatus: row.status,
    toStatus: next.status,
    detail: { ...detail, ...counterTermsOf(next), offerPrice: next.offerPrice, offerQuantity: next.offerQuantity },
  };
}

/** The database or a transaction of it: what a query runs on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The offer as the tenant API answers it (spec 1 §3 stocklistOffer, spec 2 §3). */
export function offerView(
  row: Pick<
    OfferRow,
    | 'id'
    | 'itemNumberWarehouse'
    | 'participantId'
    | 'status'
    | 'offerQuantity'
    | 'offerPrice'
    | 'counterPrice'
    | 'checkOutQuantity'
    | 'checkOutPrice'
    | 'minimumCheckoutQuantity'
    | 'acceptedOrCounteredExpirationDate'
    | 'updatedAt'
  >,
) {
  const status = row.status as OfferStatus;
  return {
    offerId: row.id,
    itemNumberWarehouse: row.itemNumberWarehouse,
    pxnsParticipantId: row.participantId,
    offerStatus: status,
    offerState: offerStateOf(status),
    offerQuantity: row.offerQuantity,
    offerPrice: row.offerPrice,
    counterPrice: row.counterPrice,
    checkOutQuantity: row.checkOutQuantity,
    checkOutPrice: row.checkOutPrice,
    minimumCheckoutQuantity: row.minimumCheckoutQuantity,
    acceptedOrCounteredExpirationDate: row.acceptedOrCounteredExpirationDate?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type OfferView = ReturnType<typeof offerView>;

const termsOf = (row: OfferRow): OfferTerms => ({
  status: row.status as OfferStatus,
  offerQuantity: row.offerQuantity,
  offerPrice: row.offerPrice,
  counterPrice: row.counterPrice,
  checkOutQuantity: row.checkOutQuantity,
  checkOutPrice: row.checkOutPrice,
  minimumCheckoutQuantity: row.minimumCheckoutQuantity,
  acceptedOrCounteredExpirationDate: row.acceptedOrCounteredExpirationDate,
  statusBeforeOutOfStock: row.statusBeforeOutOfStock,
});

export interface OfferRequest {
  itemNumberWarehouse: string;
  offerQuantity: number;
  offerPrice: number;
}

/**
 * Buyers' cart entries and offers, and the seller's side of them: every status change goes
 * through the pure transitions and leaves a history row.
 */
export function createOfferService(
  { db, config }: Pick<MarketplaceDeps, 'db' | 'config' | 'stockChanges'>,
  /** Told, after the commit, of the offers the seller (or its rules) just answered: the buyer's e-mail. */
  onAnswered: (answered: OfferRow[]) => void = () => {},
) {
  async function write(
    tx: Executor,
    row: OfferRow,
    next: OfferTerms,
    actor: string,
    detail: Record<string, unknown>,
  ): Promise<OfferRow> {
    const [updated] = await tx
      .update(offers)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(offers.id, row.id))
      .returning();
    await tx.insert(offerHistory).values(historyOf(row, next, actor, detail));
    return updated!;
  }

  /** Many moves with one update and one history insert. */
  async function writeAll(
    tx: Executor,
    moves: { row: OfferRow; next: OfferTerms; detail: Record<string, unknown> }[],
    actor: string,
  ) {
    if (!moves.length) return;
    const values = sql.join(
      moves.map(
        ({ row, next }) =>
          sql`(${row.id}::integer, ${next.status}::text, ${next.offerQuantity}::integer, ${next.offerPrice}::numeric, ${next.counterPrice}::numeric, ${next.checkOutQuantity}::integer, ${next.checkOutPrice}::numeric, ${next.minimumCheckoutQuantity}::integer, ${next.acceptedOrCounteredExpirationDate?.toISOString() ?? null}::timestamptz, ${next.statusBeforeOutOfStock}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ${offers} SET status = v.status, offer_quantity = v.offer_quantity, offer_price = v.offer_price, counter_price = v.counter_price,
        check_out_quantity = v.check_out_quantity, check_out_price = v.check_out_price, minimum_checkout_quantity = v.minimum_checkout_quantity,
        accepted_or_countered_expiration_date = v.expires, status_before_out_of_stock = v.status_before_out_of_stock, updated_at = now()
      FROM (VALUES ${values}) AS v(id, status, offer_quantity, offer_price, counter_price, check_out_quantity, check_out_price, minimum_checkout_quantity, expires, status_before_out_of_stock)
      WHERE ${offers.id} = v.id`);
    await tx.insert(offerHistory).values(moves.map(({ row, next, detail }) => historyOf(row, next, actor, detail)));
  }

  async function save(
    row: OfferRow,
    next: OfferTerms,
    actor: string,
    detail: Record<string, unknown> = {},
  ): Promise<OfferRow> {
    return db.transaction((tx) => write(tx, row, next, actor, detail));
  }

  /**
   * The market's moves of offers (expiry, the seller's rules, stock changes): each decided on the
   * row as read, then again on the row as it is once locked: of two runs at once (two replicas), the
   * second waits for the first and finds nothing left to do, so each offer moves once. A chunk of
   * offers per transaction, locked in id order and written together (a backlog of imported offers
   * is answered at once). Answers how many moved.
   */
  async function moveAllLocked(
    seen: OfferRow[],
    decide: (row: OfferRow) => OfferTerms | null,
    actor: string,
    detail: (next: OfferTerms, row: OfferRow) => Record<string, unknown> = () => ({}),
    moved: OfferRow[] = [],
  ): Promise<number> {
    const due = seen.filter((row) => decide(row)).map((row) => row.id);
    let count = 0;
    for (const ids of chunks(due, MOVE_CHUNK)) {
      count += await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(offers)
          .where(inArray(offers.id, ids))
          .orderBy(asc(offers.id))
          .for('update');
        const moves = rows.flatMap((row) => {
          const next = decide(row);
          return next ? [{ row, next, detail: detail(next, row) }] : [];
        });
        await writeAll(tx, moves, actor);
        for (const { row, next } of moves) moved.push({ ...row, ...next });
        return moves.length;
      });
    }
    return count;
  }

  /** The buyer's item to offer on: it must exist, be in stock and have a list price. */
  async function itemFor(participantId: string, itemNumberWarehouse: string, q: Executor = db) {
    const [item] = await q
      .select({
        quantityAvailable: stockItems.quantityAvailable,
        listPrice: stockItems.listPrice,
        incrementSize: stockItems.incrementSize,
        acceptingOffers: warehouses.acceptingOffers,
      })
      .from(stockItems)
      .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
      .where(and(eq(stockItems.participantId, participantId), eq(stockItems.itemNumberWarehouse, itemNumberWarehouse)));
    if (!item) throw notFound('Stock item');
    if (item.listPrice === null) throw new ApiError(400, 'itemNotForSale', 'This item has no list price');
    return { ...item, listPrice: item.listPrice };
  }

  /** `sellerPrices`: the prices with cents the request may name (see isOfferPrice). */
  function checkRequest(
    item: Awaited<ReturnType<typeof itemFor>>,
    request: Pick<OfferRequest, 'offerQuantity' | 'offerPrice'>,
    sellerPrices: (number | null)[] = [item.listPrice],
  ) {
    if (item.quantityAvailable <= 0) throw new ApiError(400, 'itemOutOfStock', 'This item is out of stock');
    if (request.offerQuantity > item.quantityAvailable) {
      throw new ApiError(
        400,
        'quantityAboveStock',
        'Your quantity was updated, quantity reduced to match available stock',
      );
    }
    if (!isOfferPrice(request.offerPrice, sellerPrices))
      throw new ApiError(400, 'validationFailed', OFFER_PRICE_NOT_WHOLE);
    const step = item.incrementSize;
    if (step > 1 && request.offerQuantity % step !== 0 && request.offerQuantity !== item.quantityAvailable) {
      throw new ApiError(400, 'quantityNotInIncrements', `The quantity must be a multiple of ${step}`, {
        incrementSize: step,
      });
    }
  }

  /** A buyer's offers on one participant's stock, kept until an offer changes (the stock list asks on every page). */
  const offersOf = keptUntilChanged(
    changeFeedOf(db),
    [offers],
    ({ buyerId, participantId }: { buyerId: number; participantId: string }) =>
      db
        .select()
        .from(offers)
        .where(and(eq(offers.buyerId, buyerId), eq(offers.participantId, participantId))),
    ({ buyerId, participantId }) => `${buyerId}:${participantId}`,
  );

  /** The buyer's offer on the stock of the participant the call named; any other is not found. */
  async function ownOffer(user: SignedInUser, participantId: string, offerId: number): Promise<OfferRow> {
    const [row] = await db
      .select()
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.buyerId, buyerIdOf(user)), eq(offers.participantId, participantId)));
    if (!row) throw notFound('Offer');
    return row;
  }

  return {
    async list(user: SignedInUser, participantId: string): Promise<OfferRow[]> {
      return offersOf({ buyerId: buyerIdOf(user), participantId });
    },

    /** Buy at list or offer below it; an item already in the cart is changed instead. */
    async place(
      user: SignedInUser,
      participantId: string,
      request: OfferRequest,
    ): Promise<{ row: OfferRow; created: boolean }> {
      return db.transaction((tx) => this.placeWithin(tx, user, participantId, request));
    },

    /**
     * `place` inside a transaction the caller holds (the bulk import applies all its rows in one):
     * the same checks, transitions and history, with every statement on `tx`.
     */
    async placeWithin(
      tx: Executor,
      user: SignedInUser,
      participantId: string,
      request: OfferRequest,
      detail: Record<string, unknown> = {},
    ): Promise<{ row: OfferRow; created: boolean }> {
      const buyerId = buyerIdOf(user);
      const item = await itemFor(participantId, request.itemNumberWarehouse, tx);
      checkRequest(item, request);
      const terms = transitions.placeByBuyer(
        request.offerQuantity,
        request.offerPrice,
        item.listPrice,
        item.acceptingOffers,
      );
      const actor = `buyer:${user.id}`;
      const [existing] = await tx
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.buyerId, buyerId),
            eq(offers.participantId, participantId),
            eq(offers.itemNumberWarehouse, request.itemNumberWarehouse),
          ),
        );
      if (existing) return { row: await write(tx, existing, terms, actor, detail), created: false };
      const [inserted] = await tx
        .insert(offers)
        .values({ buyerId, participantId, itemNumberWarehouse: request.itemNumberWarehouse, ...terms })
        .returning();
      await tx.insert(offerHistory).values({
        offerId: inserted!.id,
        actor,
        fromStatus: null,
        toStatus: terms.status,
        detail: { ...detail, offerPrice: terms.offerPrice, offerQuantity: terms.offerQuantity },
      });
      return { row: inserted!, created: true };
    },

    /**
     * Many `place`s at once inside the caller's transaction (the bulk import): the same checks,
     * transitions and history rows as one by one, with the reads and inserts made a chunk at a time
     * so thousands of entries take a few statements, not thousands. Any refusal throws, and the
     * caller's transaction undoes them all.
     */
    async placeManyWithin(
      tx: Executor,
      user: SignedInUser,
      entries: { participantId: string; request: OfferRequest }[],
      detail: Record<string, unknown> = {},
    ): Promise<number> {
      const buyerId = buyerIdOf(user);
      const actor = `buyer:${user.id}`;
      const key = (participantId: string, inw: string) => `${participantId}|${inw}`;
      const byParticipant = new Map<string, string[]>();
      for (const { participantId, request } of entries)
        (byParticipant.get(participantId) ?? byParticipant.set(participantId, []).get(participantId)!).push(
          request.itemNumberWarehouse,
        );
      const items = new Map<
        string,
        { quantityAvailable: number; listPrice: number | null; incrementSize: number; acceptingOffers: boolean }
      >();
      const existing = new Map<string, OfferRow>();
      for (const [participantId, all] of byParticipant) {
        for (const part of chunks(all, 2000)) {
          const found = await tx
            .select({
              itemNumberWarehouse: stockItems.itemNumberWarehouse,
              quantityAvailable: stockItems.quantityAvailable,
              listPrice: stockItems.listPrice,
              incrementSize: stockItems.incrementSize,
              acceptingOffers: warehouses.acceptingOffers,
            })
            .from(stockItems)
            .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
            .where(and(eq(stockItems.participantId, participantId), inArray(stockItems.itemNumberWarehouse, part)));
          for (const item of found) items.set(key(participantId, item.itemNumberWarehouse), item);
          const rows = await tx
            .select()
            .from(offers)
            .where(
              and(
                eq(offers.buyerId, buyerId),
                eq(offers.participantId, participantId),
                inArray(offers.itemNumberWarehouse, part),
              ),
            );
          for (const row of rows) existing.set(key(participantId, row.itemNumberWarehouse), row);
        }
      }
      const inserts: (typeof offers.$inferInsert)[] = [];
      const updates: { row: OfferRow; next: OfferTerms; detail: Record<string, unknown> }[] = [];
      for (const { participantId, request } of entries) {
        const item = items.get(key(participantId, request.itemNumberWarehouse));
        if (!item) throw notFound('Stock item');
        if (item.listPrice === null) throw new ApiError(400, 'itemNotForSale', 'This item has no list price');
        const checked = { ...item, listPrice: item.listPrice };
        checkRequest(checked, request);
        const terms = transitions.placeByBuyer(
          request.offerQuantity,
          request.offerPrice,
          checked.listPrice,
          item.acceptingOffers,
        );
        const row = existing.get(key(participantId, request.itemNumberWarehouse));
        if (row) updates.push({ row, next: terms, detail });
        else inserts.push({ buyerId, participantId, itemNumberWarehouse: request.itemNumberWarehouse, ...terms });
      }
      for (const part of chunks(updates, 1000)) await writeAll(tx, part, actor);
      for (const part of chunks(inserts, 1000)) {
        const inserted = await tx.insert(offers).values(part).returning();
        await tx.insert(offerHistory).values(
          inserted.map((row) => ({
            offerId: row.id,
            actor,
            fromStatus: null,
            toStatus: row.status,
            detail: { ...detail, offerPrice: row.offerPrice, offerQuantity: row.offerQuantity },
          })),
        );
      }
      return entries.length;
    },

    /** A new quantity and price; an answered entry in the cart whose price is unchanged keeps its terms. */
    async change(
      user: SignedInUser,
      participantId: string,
      offerId: number,
      request: Pick<OfferRequest, 'offerQuantity' | 'offerPrice'>,
    ): Promise<OfferRow> {
      const row = await ownOffer(user, participantId, offerId);
      const item = await itemFor(row.participantId, row.itemNumberWarehouse);
      const current = termsOf(row);
      checkRequest(item, request, [item.listPrice, current.checkOutPrice ?? current.offerPrice]);
      const samePrice = request.offerPrice === (current.checkOutPrice ?? current.offerPrice);
      const terms =
        (samePrice ? transitions.changeCartQuantity(current, request.offerQuantity) : null) ??
        transitions.placeByBuyer(request.offerQuantity, request.offerPrice, item.listPrice, item.acceptingOffers);
      return save(row, terms, `buyer:${user.id}`);
    },

    /** Several of the buyer's entries on one participant's stock; ids that are not among them are refused before anything changes. */
    async removeMany(user: SignedInUser, participantId: string, offerIds: number[]): Promise<number> {
      const rows = await this.ownMany(user, participantId, offerIds);
      await db.transaction(async (tx) => {
        await tx.delete(offers).where(
          inArray(
            offers.id,
            rows.map((r) => r.id),
          ),
        );
        await tx
          .insert(offerHistory)
          .values(
            rows.map((row) => ({ offerId: row.id, actor: `buyer:${user.id}`, fromStatus: row.status, toStatus: null })),
          );
      });
      return rows.length;
    },

    async moveToCart(user: SignedInUser, participantId: string, offerIds: number[]): Promise<OfferRow[]> {
      const rows = await this.ownMany(user, participantId, offerIds);
      const moved: OfferRow[] = [];
      for (const row of rows) {
        const item = await itemFor(row.participantId, row.itemNumberWarehouse);
        moved.push(
          await save(row, transitions.moveToCart(termsOf(row), item.listPrice), `buyer:${user.id}`, {
            movedToCart: true,
          }),
        );
      }
      return moved;
    },

    /** The buyer's offers with these ids on the stock of the participant the call named, all of them or a 404. */
    async ownMany(user: SignedInUser, participantId: string, offerIds: number[]): Promise<OfferRow[]> {
      const unique = [...new Set(offerIds)];
      if (!unique.length) throw new ApiError(400, 'nothingSelected', 'Please select at least one item');
      const rows = await db
        .select()
        .from(offers)
        .where(
          and(inArray(offers.id, unique), eq(offers.buyerId, buyerIdOf(user)), eq(offers.participantId, participantId)),
        );
      if (rows.length !== unique.length) throw notFound('Offer');
      return rows;
    },

    async remove(user: SignedInUser, participantId: string, offerId: number): Promise<void> {
      const row = await ownOffer(user, participantId, offerId);
      await db.transaction(async (tx) => {
        await tx.delete(offers).where(eq(offers.id, row.id));
        await tx
          .insert(offerHistory)
          .values({ offerId: row.id, actor: `buyer:${user.id}`, fromStatus: row.status, toStatus: null });
      });
    },

    /** The seller's answer to one offer (CLI, admin API, tests). */
    async review(
      offerId: number,
      answer: {
        action: 'accept' | 'counter' | 'reject';
        price?: number;
        minimumQuantity?: number;
        validHours?: number;
      },
      actor: string,
      now = new Date(),
    ): Promise<OfferRow> {
      const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
      if (!row) throw notFound('Offer');
      const validHours = answer.validHours ?? config.marketplace.offerReview.validHours;
      const terms = termsOf(row);
      let next: OfferTerms;
      if (answer.action === 'accept')
        next = transitions.accept(terms, { now, validHours, minimumQuantity: answer.minimumQuantity });
      else if (answer.action === 'reject') next = transitions.reject(terms);
      else {
        if (answer.price === undefined) throw new ApiError(400, 'validationFailed', 'price: a counter needs a price');
        const item = await itemFor(row.participantId, row.itemNumberWarehouse);
        next = transitions.counter(terms, {
          price: answer.price,
          listPrice: item.listPrice,
          now,
          validHours,
          minimumQuantity: answer.minimumQuantity,
        });
      }
      const answered = await save(row, next, actor, { answer: answer.action });
      onAnswered([answered]);
      return answered;
    },

    /** Offers for the seller's review list, newest first. */
    async all(filter: { status?: string; email?: string; limit?: number }) {
      const buyerIds = filter.email
        ? (
            await db.select({ id: users.buyerId }).from(users).where(eq(users.email, filter.email.toLowerCase()))
          ).flatMap((u) => (u.id ? [u.id] : []))
        : undefined;
      if (buyerIds && !buyerIds.length) return [];
      const rows = await db
        .select({ offer: offers, buyerName: buyers.name })
        .from(offers)
        .innerJoin(buyers, eq(buyers.id, offers.buyerId))
        .where(
          and(
            filter.status ? eq(offers.status, filter.status) : undefined,
            buyerIds ? inArray(offers.buyerId, buyerIds) : undefined,
          ),
        )
        .orderBy(desc(offers.id))
        .limit(Math.min(filter.limit ?? 200, 1000));
      return rows;
    },

    async history(offerId: number) {
      return db.select().from(offerHistory).where(eq(offerHistory.offerId, offerId)).orderBy(offerHistory.id);
    },

    /** The history of one of the buyer's offers as the buyer reads it (issue 37); any other offer is not found. */
    async ownHistory(user: SignedInUser, participantId: string, offerId: number) {
      const row = await ownOffer(user, participantId, offerId);
      return (await this.history(row.id)).map((h) => ({ at: h.at.toISOString(), ...offerEventOf(h) }));
    },

    /** Expiry and the automatic seller rules, run by the offer-review job. */
    async runReview(now: Date, { automatic }: { automatic: boolean }) {
      const due = await db
        .select()
        .from(offers)
        .where(
          and(inArray(offers.status, ['ACCEPTED', 'COUNTERED']), lte(offers.acceptedOrCounteredExpirationDate, now)),
        );
      const expired = await moveAllLocked(due, (row) => transitions.expireIfDue(termsOf(row), now), 'market:expiry');
      if (!automatic) return { expired, answered: 0 };
      const rules = config.marketplace.offerReview;
      const pending = await db
        .select({ offer: offers, listPrice: stockItems.listPrice })
        .from(offers)
        .innerJoin(
          stockItems,
          and(
            eq(stockItems.participantId, offers.participantId),
            eq(stockItems.itemNumberWarehouse, offers.itemNumberWarehouse),
          ),
        )
        .where(
          and(
            eq(offers.status, 'PENDING_ACCEPTANCE'),
            lte(offers.updatedAt, new Date(now.getTime() - rules.delaySeconds * 1000)),
          ),
        );
      const listPrices = new Map(
        pending.flatMap(({ offer, listPrice }) => (listPrice === null ? [] : [[offer.id, listPrice]])),
      );
      const decide = (row: OfferRow) => {
        const listPrice = listPrices.get(row.id);
        return listPrice === undefined
          ? null
          : transitions.autoReview({ ...termsOf(row), updatedAt: row.updatedAt }, listPrice, rules, now);
      };
      const moved: OfferRow[] = [];
      const answered = await moveAllLocked(
        pending.map((p) => p.offer),
        decide,
        'seller:rules',
        (next) => ({ rule: next.status }),
        moved,
      );
      onAnswered(moved);
      return { expired, answered };
    },

    /** Price drops and stock running out (or coming back) move the offers on those items. */
    async onStockChanged(changes: AppliedStockChange[]) {
      const keyOf = (c: { participantId: string; itemNumberWarehouse: string }) =>
        `${c.participantId}\u0000${c.itemNumberWarehouse}`;
      // Round n takes each item's n-th change: an item changed twice in one batch moves twice, in order.
      const rounds: Map<string, AppliedStockChange>[] = [];
      for (const change of changes) {
        const round = rounds.find((r) => !r.has(keyOf(change))) ?? (rounds[rounds.length] = new Map());
        round.set(keyOf(change), change);
      }
      for (const round of rounds) {
        const rows: OfferRow[] = [];
        for (const part of chunks([...round.values()], 1000)) {
          const found = await db
            .select()
            .from(offers)
            .where(
              and(
                inArray(offers.participantId, [...new Set(part.map((c) => c.participantId))]),
                inArray(
                  offers.itemNumberWarehouse,
                  part.map((c) => c.itemNumberWarehouse),
                ),
              ),
            );
          rows.push(...found.filter((row) => round.has(keyOf(row))));
        }
        const decide = (row: OfferRow) => {
          const change = round.get(keyOf(row))!;
          const priced =
            change.priceAfter !== null && change.priceAfter !== change.priceBefore
              ? transitions.onListPrice(termsOf(row), change.priceAfter)
              : null;
          return transitions.onQuantity(priced ?? termsOf(row), change.quantityAfter) ?? priced;
        };
        await moveAllLocked(rows, decide, 'market:stock', (_next, row) => {
          const change = round.get(keyOf(row))!;
          return { quantityAfter: change.quantityAfter, priceAfter: change.priceAfter };
        });
      }
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;

/** Whether the signed-in user may buy: CAN_BUY_ONLINE, and not a pxns seller participant. */
export async function assertCanBuy(db: MarketplaceDeps['db'], user: SignedInUser) {
  await requireBuyerWith(
    db,
    user,
    'CAN_BUY_ONLINE',
    { messageCode: 'cannotBuyOnline', message: 'Buying online is not enabled for this user' },
    { messageCode: 'sellerCannotBuy', message: 'A selling participant cannot buy its own network stock' },
  );
}
