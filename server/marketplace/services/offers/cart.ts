import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { offerStateOf, type OfferStatus } from '../../../../app/domain/offers/status';
import { ADDABLE_ORDER_STATUSES } from '../../../../app/domain/orders/permissions';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { changeFeedOf } from '../../db/change-feed';
import {
  buyers,
  checkoutDrafts,
  marketplaceTexts,
  offers,
  orders,
  stockItems,
  warehouseGroups,
  warehouses,
} from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { keptUntilChanged } from '../shared/kept-until-changed';
import { createLru } from '../../../../app/domain/lru';
import { offerView } from './offers';
import { wordsIn } from '../texts/texts';

/** Orders a cart can still be added to (the rule is the portal's too). */
export const ADDABLE_STATUSES = ADDABLE_ORDER_STATUSES;

/** One entry as the items query builds it (json_build_array, in this order). */
type ItemRow = [
  id: number,
  participantId: string,
  itemNumberWarehouse: string,
  status: string,
  offerQuantity: number,
  offerPrice: number | string,
  counterPrice: number | string | null,
  checkOutQuantity: number | null,
  checkOutPrice: number | string | null,
  minimumCheckoutQuantity: number | null,
  /** Timestamps as JSON writes them (ISO 8601 with an offset). */
  expiresAt: string | null,
  updatedAt: string,
  itemNumber: string,
  itemDescription: string,
  listPrice: number | string | null,
  quantityAvailable: number,
  incrementSize: number,
  warehouse: string,
];

export type CheckoutMode = 'NEW_ORDER' | 'ADD_TO_EXISTING_ORDER';

/** A checkout hand-off not taken up within a day is gone: the buyer starts again from the cart. */
export const CHECKOUT_DRAFT_LIFETIME_MS = 24 * 60 * 60_000;
const draftsExpiredAt = (now: Date) => new Date(now.getTime() - CHECKOUT_DRAFT_LIFETIME_MS);

/** Buyers whose last cart answer is kept (see answerOf). */
const ANSWERS_KEPT = 8;

type Place = { label: string; acceptingOffers: boolean; groupId: string; groupName: string };
export type CartItem = ReturnType<typeof entriesOf>[number];

/** The entries as the tenant API answers them (spec 2 §7 offers list), from the items query's rows. */
function entriesOf(rows: readonly ItemRow[], places: ReadonlyMap<string, Place>) {
  // Every stock item's warehouse exists (a foreign key), as the inner joins this replaces assumed.
  return rows.flatMap(
    ([
      id,
      participantId,
      itemNumberWarehouse,
      status,
      offerQuantity,
      offerPrice,
      counterPrice,
      checkOutQuantity,
      checkOutPrice,
      minimumCheckoutQuantity,
      expiresAt,
      updatedAt,
      itemNumber,
      itemDescription,
      listPrice,
      quantityAvailable,
      incrementSize,
      warehouse,
    ]) => {
      const place = places.get(warehouse);
      if (!place) return [];
      return [
        {
          itemNumber,
          itemDescription,
          listPrice: listPrice === null ? null : Number(listPrice),
          quantityAvailable: Math.max(0, quantityAvailable),
          incrementSize,
          warehouse,
          warehouseLabel: place.label,
          acceptingOffers: place.acceptingOffers,
          warehouseGroupId: place.groupId,
          warehouseGroupName: place.groupName,
          itemNumberWarehouse,
          // The network checkout names a warehouse by its id, which in this marketplace is its code.
          warehouseId: warehouse,
          participantId,
          stocklistOffer: {
            ...offerView({
              id,
              participantId,
              itemNumberWarehouse,
              status,
              offerQuantity,
              offerPrice: Number(offerPrice),
              counterPrice: counterPrice === null ? null : Number(counterPrice),
              checkOutQuantity,
              checkOutPrice: checkOutPrice === null ? null : Number(checkOutPrice),
              minimumCheckoutQuantity,
              acceptedOrCounteredExpirationDate: expiresAt === null ? null : new Date(expiresAt),
              updatedAt: new Date(updatedAt),
            }),
            pxnItemNumber: itemNumber,
          },
        },
      ];
    },
  );
}

/** The Cart and Offers page's side of the tenant API (spec 2 §7): items, open orders, checkout hand-off. */
export function createCartService({
  db,
  config,
}: Pick<MarketplaceDeps, 'db'> & { config?: Pick<MarketplaceDeps['config'], 'language'> }) {
  /**
   * The buyer's entries (spec 2 §7 offers list), oldest first. Postgres builds the rows as one JSON
   * text: a cart of a thousand lines is one value to hand over instead of a thousand rows of a
   * dozen typed columns each, which in PGlite cost several times the query itself.
   */
  const warehousePlaces = keptUntilChanged(
    changeFeedOf(db),
    [warehouses, warehouseGroups, marketplaceTexts],
    async (_all: 'all') => {
      const words = await wordsIn(db, config?.language ?? 'en');
      const rows = await db
        .select({
          code: warehouses.code,
          label: warehouses.label,
          acceptingOffers: warehouses.acceptingOffers,
          groupId: warehouseGroups.id,
          groupName: warehouseGroups.name,
        })
        .from(warehouses)
        .innerJoin(warehouseGroups, eq(warehouseGroups.id, warehouses.groupId));
      return new Map(
        rows.map((w) => [
          w.code,
          {
            ...w,
            label: words('warehouse', w.code, 'label', w.label),
            groupName: words('warehouse-group', w.groupId, 'name', w.groupName),
          },
        ]),
      );
    },
  );

  // The cart's entries with their stock, one JSON row: kept until an offer or the stock changes.
  const entryRowsOf = keptUntilChanged(changeFeedOf(db), [offers, stockItems], async (buyerId: number) => {
    const result = await db.execute<{ rows: string }>(sql`
      select coalesce(json_agg(json_build_array(
        ${offers.id}, ${offers.participantId}, ${offers.itemNumberWarehouse}, ${offers.status}, ${offers.offerQuantity}, ${offers.offerPrice},
        ${offers.counterPrice}, ${offers.checkOutQuantity}, ${offers.checkOutPrice}, ${offers.minimumCheckoutQuantity},
        ${offers.acceptedOrCounteredExpirationDate}, ${offers.updatedAt},
        ${stockItems.itemNumber}, ${stockItems.skuDescription}, ${stockItems.listPrice}, ${stockItems.quantityAvailable}, ${stockItems.incrementSize},
        ${stockItems.warehouseCode}
      ) order by ${offers.id}), '[]')::text as rows
      from ${offers}
      join ${stockItems} on ${stockItems.participantId} = ${offers.participantId} and ${stockItems.itemNumberWarehouse} = ${offers.itemNumberWarehouse}
      where ${offers.buyerId} = ${buyerId}`);
    return JSON.parse(result.rows[0]?.rows ?? '[]') as ItemRow[];
  });

  type Places = Awaited<ReturnType<typeof warehousePlaces>>;
  /**
   * The answer made from one version of a buyer's rows, and its JSON once asked for, for the
   * buyers who looked last: the cart and every stock page's badge ask for the same thousand
   * entries again and again, and building and writing them was about 3 ms a time.
   */
  type Answer = { rows: ItemRow[]; places: Places; items: readonly CartItem[]; json?: string };
  const answers = createLru<number, Answer>(ANSWERS_KEPT);

  async function answerOf(user: SignedInUser): Promise<Answer> {
    const buyerId = buyerIdOf(user);
    const rows = await entryRowsOf(buyerId);
    // A handful of warehouses: joined here rather than looked up once per entry by the query.
    const places = await warehousePlaces('all');
    const known = answers.get(buyerId);
    if (known && known.rows === rows && known.places === places) return known;
    const answer: Answer = { rows, places, items: entriesOf(rows, places) };
    answers.set(buyerId, answer);
    return answer;
  }

  /** The buyer's entries; the same objects for as long as nothing in them changed, not to be altered. */
  async function items(user: SignedInUser): Promise<readonly CartItem[]> {
    return (await answerOf(user)).items;
  }

  /** The entries as the tenant API writes them (JSON), written once for each version of them. */
  async function itemsJson(user: SignedInUser): Promise<string> {
    const answer = await answerOf(user);
    return (answer.json ??= JSON.stringify(answer.items));
  }

  async function openOrderWarehouses(user: SignedInUser): Promise<string[]> {
    const rows = await db
      .selectDistinct({ code: orders.warehouseCode })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerIdOf(user)), inArray(orders.status, ADDABLE_STATUSES)));
    return rows.map((r) => r.code);
  }

  /** The lines of a checkout: the buyer's ready entries of one warehouse at their checkout terms. */
  async function checkoutLines(user: SignedInUser, warehouseCode: string, offerIds: number[]) {
    const unique = [...new Set(offerIds)];
    if (!unique.length) throw new ApiError(400, 'nothingSelected', 'Please select at least one item');
    const all = await items(user);
    const chosen = all.filter((item) => unique.includes(item.stocklistOffer.offerId));
    if (chosen.length !== unique.length) throw notFound('Offer');
    const now = Date.now();
    for (const item of chosen) {
      const offer = item.stocklistOffer;
      if (item.warehouse !== warehouseCode)
        throw new ApiError(400, 'offerInOtherWarehouse', `Offer ${offer.offerId} is not in warehouse ${warehouseCode}`);
      if (offerStateOf(offer.offerStatus as OfferStatus) !== 'READY_TO_CHECKOUT')
        throw new ApiError(400, 'offerNotReady', `Offer ${offer.offerId} is not ready to check out`);
      const quantity = offer.checkOutQuantity ?? offer.offerQuantity;
      if (quantity > item.quantityAvailable)
        throw new ApiError(
          400,
          'quantityAboveStock',
          'Your quantity was updated, quantity reduced to match available stock',
        );
      if (
        offer.acceptedOrCounteredExpirationDate &&
        new Date(offer.acceptedOrCounteredExpirationDate).getTime() <= now
      ) {
        throw new ApiError(400, 'offerExpired', `Offer ${offer.offerId} has expired`);
      }
    }
    const lines = chosen.map((item) => {
      const quantity = item.stocklistOffer.checkOutQuantity ?? item.stocklistOffer.offerQuantity;
      const unitPrice = item.stocklistOffer.checkOutPrice ?? item.stocklistOffer.offerPrice;
      return {
        offerId: item.stocklistOffer.offerId,
        itemNumber: item.itemNumber,
        itemNumberWarehouse: item.itemNumberWarehouse,
        description: item.itemDescription,
        quantity,
        incrementSize: item.incrementSize,
        unitPrice,
        extendedPrice: Math.round(quantity * unitPrice * 100) / 100,
      };
    });
    const first = chosen[0]!;
    return {
      participantId: first.participantId,
      warehouse: { code: first.warehouse, label: first.warehouseLabel },
      lines,
      totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: Math.round(lines.reduce((n, l) => n + l.extendedPrice, 0) * 100) / 100,
    };
  }

  /** A warehouse of the participant the call is for; another participant's is not found. */
  async function assertWarehouseOf(participantId: string, warehouseCode: string) {
    const [row] = await db
      .select({ code: warehouses.code })
      .from(warehouses)
      .innerJoin(warehouseGroups, eq(warehouseGroups.id, warehouses.groupId))
      .where(and(eq(warehouses.code, warehouseCode), eq(warehouseGroups.participantId, participantId)));
    if (!row) throw notFound('Warehouse');
  }

  async function onHoldOrders(user: SignedInUser, warehouseCode: string) {
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, buyerIdOf(user)),
          eq(orders.warehouseCode, warehouseCode),
          inArray(orders.status, ADDABLE_STATUSES),
        ),
      )
      .orderBy(desc(orders.lastUpdateDate), desc(orders.id));
    return rows.map((o) => ({
      phonexOrderNumber: o.phonexOrderNumber,
      status: o.status,
      warehouseCode: o.warehouseCode,
      lastUpdateDate: o.lastUpdateDate.toISOString(),
    }));
  }

  return {
    items,
    itemsJson,
    openOrderWarehouses,
    checkoutLines,

    /** Drafts past their lifetime go (the clean-up job); answers how many. */
    async removeExpiredDrafts(now: Date) {
      const removed = await db
        .delete(checkoutDrafts)
        .where(lte(checkoutDrafts.updatedAt, draftsExpiredAt(now)))
        .returning({ id: checkoutDrafts.id });
      return removed.length;
    },

    /** Hands the chosen entries of one participant's warehouse to checkout: checks them, keeps the choice as a draft, answers the payload. */
    async checkout(
      user: SignedInUser,
      participantId: string,
      warehouseCode: string,
      offerIds: number[],
      mode: CheckoutMode,
    ) {
      await assertWarehouseOf(participantId, warehouseCode);
      const [buyer] = await db
        .select()
        .from(buyers)
        .where(eq(buyers.id, buyerIdOf(user)));
      if (buyer?.isProspect) {
        throw new ApiError(
          400,
          'prospectCannotCheckoutContactSalesRep',
          'Your buyer application is still being processed: please contact your sales representative.',
        );
      }
      if (mode === 'ADD_TO_EXISTING_ORDER' && !(await openOrderWarehouses(user)).includes(warehouseCode)) {
        throw new ApiError(400, 'noOpenOrder', 'There is no open unshipped order in this warehouse');
      }
      const checkout = await checkoutLines(user, warehouseCode, offerIds);
      const chosen = { offerIds: checkout.lines.map((l) => l.offerId), mode, updatedAt: new Date() };
      const [draft] = await db
        .insert(checkoutDrafts)
        .values({
          id: randomUUID(),
          buyerId: buyerIdOf(user),
          participantId: checkout.participantId,
          warehouseCode,
          ...chosen,
        })
        .onConflictDoUpdate({
          target: [checkoutDrafts.buyerId, checkoutDrafts.participantId, checkoutDrafts.warehouseCode],
          set: chosen,
        })
        .returning({ id: checkoutDrafts.id });
      return { checkoutId: draft!.id, mode, checkout, onHoldSalesOrders: await onHoldOrders(user, warehouseCode) };
    },

    /** A draft read back by the checkout screens, with its lines at today's terms. */
    async draft(user: SignedInUser, checkoutId: string) {
      const [draft] = await db
        .select()
        .from(checkoutDrafts)
        .where(
          and(
            eq(checkoutDrafts.id, checkoutId),
            eq(checkoutDrafts.buyerId, buyerIdOf(user)),
            gt(checkoutDrafts.updatedAt, draftsExpiredAt(new Date())),
          ),
        );
      if (!draft) throw notFound('Checkout');
      const checkout = await checkoutLines(user, draft.warehouseCode, draft.offerIds);
      return {
        checkoutId: draft.id,
        mode: draft.mode as CheckoutMode,
        checkout,
        onHoldSalesOrders: await onHoldOrders(user, draft.warehouseCode),
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
