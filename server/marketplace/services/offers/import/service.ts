import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import {
  applyQuantityRules,
  ENTRY_ERRORS,
  readWholeNumber,
  type EntryError,
} from '../../../../../app/domain/offers/entry-rules';
import {
  headerKey,
  IMPORT_COLUMN_HEADERS,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportComment,
  type ImportLimits,
  type ImportReason,
  type ImportSource,
} from '../../../../../app/domain/offers/import';
import {
  parseQuickOrder,
  QUICK_ORDER_LIMITS,
  type QuickOrderLimits,
  type QuickOrderRefusal,
} from '../../../../../app/domain/offers/quick-order';
import type { MarketplaceDeps, SignedInUser } from '../../../context';
import {
  offerImportBatches,
  offerImportRows,
  offers,
  stockItems,
  warehouses,
  warehouseGroups,
} from '../../../db/schema';
import { ApiError } from '../../../errors';
import { buyerIdOf } from '../../identity/buyer-guard';
import type { Executor } from '../offers';
import { PARSE_SLOTS, parseSlots, type ParseSlotsOptions } from './parse-slots';
import { readOfferSheet, type HeaderNames, type ImportRow } from './read-sheet';
import { chunks } from '../../shared/chunks';

/** How long an import waits for its review before it is dropped. */
export const IMPORT_LIFETIME_MS = 24 * 60 * 60_000;

const CHUNK = 2_000;

interface Resolved {
  line: number;
  participantId: string;
  itemNumberWarehouse: string;
  itemNumber: string;
  warehouse: string;
  description: string;
  groupName: string;
  availableQuantity: number;
  listPrice: number;
  offerQuantity: number;
  offerPrice: number;
  comments: ImportComment[];
}

export interface InvalidOffer {
  line: number;
  itemNumber: string;
  warehouse: string;
  description: string;
  offerQuantity: string;
  offerPrice: string;
  reason: ImportReason;
  reasonParams: Record<string, string | number>;
}

export interface Classified {
  invalid: InvalidOffer[];
  conflicts: (Resolved & {
    existing: { offerId: number; offerStatus: string; offerQuantity: number; offerPrice: number };
  })[];
  valid: Resolved[];
}

const QUANTITY_ERRORS: Record<EntryError, ImportReason> = {
  [ENTRY_ERRORS.notNumber]: 'quantityNotNumber',
  [ENTRY_ERRORS.notWhole]: 'quantityNotWhole',
  [ENTRY_ERRORS.tooLarge]: 'quantityTooLarge',
};
const PRICE_ERRORS: Record<EntryError, ImportReason> = {
  [ENTRY_ERRORS.notNumber]: 'priceNotNumber',
  [ENTRY_ERRORS.notWhole]: 'priceNotWhole',
  [ENTRY_ERRORS.tooLarge]: 'priceTooLarge',
};

/** The quick order pad's refusals of its text as a whole, as the tenant API answers them. */
function quickOrderRefused(refusal: QuickOrderRefusal): ApiError {
  switch (refusal.messageCode) {
    case 'quickOrderEmpty':
      return new ApiError(400, refusal.messageCode, 'There are no order lines to review', refusal.params);
    case 'quickOrderTooLong':
      return new ApiError(
        413,
        refusal.messageCode,
        `The text is longer than ${refusal.params.max} characters`,
        refusal.params,
      );
    case 'importTooManyRows':
      return new ApiError(400, refusal.messageCode, `There are more than ${refusal.params.max} lines`, refusal.params);
    case 'importCellTooLong':
      return new ApiError(
        400,
        refusal.messageCode,
        `Line ${refusal.params.line} has a value longer than ${refusal.params.max} characters`,
        refusal.params,
      );
  }
}

/**
 * Bulk offer import (spec 1 §2 Review Import, §5, §7): the rows of a spreadsheet are kept as an
 * import batch and classified against the stock and the buyer's cart whenever the review is read,
 * then applied all at once through the offer service, in one transaction.
 */
export function createOfferImport(
  deps: Pick<MarketplaceDeps, 'db' | 'config' | 't' | 'stock' | 'offers'>,
  limits: ImportLimits = IMPORT_LIMITS,
  slotOptions: ParseSlotsOptions = PARSE_SLOTS,
  quickOrderLimits: QuickOrderLimits = { ...QUICK_ORDER_LIMITS, rows: limits.rows, cellChars: limits.cellChars },
) {
  const { db, config, t, stock } = deps;
  const slots = parseSlots(slotOptions);
  const language = config.language;
  const headerNames = Object.fromEntries(
    IMPORT_COLUMNS.map((c) => [
      c,
      [...new Set([headerKey(t(`sheet.column.${c}`)), headerKey(IMPORT_COLUMN_HEADERS[c])])],
    ]),
  ) as HeaderNames;
  /** The columns in the tenant's words, for messages. */
  const headerLabels = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, t(`sheet.column.${c}`)])) as Record<
    (typeof IMPORT_COLUMNS)[number],
    string
  >;

  /** Each row against the stock of every participant (found by its warehouse) and the buyer's cart. */
  type Settings = Map<string, Awaited<ReturnType<typeof stock.settings>>>;

  /** Every participant's stock list settings, read outside any transaction (the stock service reads on the main client). */
  async function allSettings(): Promise<Settings> {
    const ids = [
      ...new Set(
        (await db.select({ participantId: warehouseGroups.participantId }).from(warehouseGroups)).map(
          (g) => g.participantId,
        ),
      ),
    ];
    return new Map(await Promise.all(ids.map(async (id) => [id, await stock.settings(id)] as const)));
  }

  /** A blank price is refused in a spreadsheet; in the quick order pad's lines ('text') it is the list price. */
  async function classify(
    q: Executor,
    buyerId: number,
    source: ImportSource,
    rows: ImportRow[],
    settings: Settings,
  ): Promise<Classified> {
    const allWarehouses = await q
      .select({
        code: warehouses.code,
        label: warehouses.label,
        acceptingOffers: warehouses.acceptingOffers,
        participantId: warehouseGroups.participantId,
      })
      .from(warehouses)
      .innerJoin(warehouseGroups, eq(warehouseGroups.id, warehouses.groupId));
    const byName = new Map<string, (typeof allWarehouses)[number]>();
    for (const w of allWarehouses) {
      const label = settings.get(w.participantId)?.warehouseLabels[w.code];
      for (const name of [w.code, w.label, label])
        if (name && !byName.has(headerKey(name))) byName.set(headerKey(name), w);
    }
    const keyOf = (row: ImportRow) => {
      const w = byName.get(headerKey(row.warehouse));
      if (!w || !row.itemNumber) return null;
      const rules = settings.get(w.participantId)?.itemDescriptionRules;
      let number = row.itemNumber;
      if (rules?.itemNumberDescriptionPrefix && number.startsWith(rules.itemNumberDescriptionPrefix))
        number = number.slice(rules.itemNumberDescriptionPrefix.length);
      if (rules?.itemNumberDescriptionSuffix && number.endsWith(rules.itemNumberDescriptionSuffix))
        number = number.slice(0, -rules.itemNumberDescriptionSuffix.length);
      return { warehouse: w, itemNumber: number.trim(), itemNumberWarehouse: `${number.trim()}-${w.code}` };
    };
    const keys = rows.map(keyOf);
    // Looked up per participant, so the (participant, item) index answers.
    const wanted = new Map<string, Set<string>>();
    for (const k of keys)
      if (k)
        (
          wanted.get(k.warehouse.participantId) ??
          wanted.set(k.warehouse.participantId, new Set()).get(k.warehouse.participantId)!
        ).add(k.itemNumberWarehouse);
    const items = new Map<
      string,
      {
        participantId: string;
        description: string;
        groupName: string;
        quantityAvailable: number;
        listPrice: number | null;
        incrementSize: number;
      }
    >();
    const existing = new Map<string, Classified['conflicts'][number]['existing']>();
    for (const [participantId, set] of wanted) {
      for (const part of chunks([...set], CHUNK)) {
        const found = await q
          .select({
            participantId: stockItems.participantId,
            itemNumberWarehouse: stockItems.itemNumberWarehouse,
            description: stockItems.skuDescription,
            groupName: stockItems.groupTitle,
            quantityAvailable: stockItems.quantityAvailable,
            listPrice: stockItems.listPrice,
            incrementSize: stockItems.incrementSize,
          })
          .from(stockItems)
          .where(and(eq(stockItems.participantId, participantId), inArray(stockItems.itemNumberWarehouse, part)));
        for (const item of found) items.set(`${item.participantId}|${item.itemNumberWarehouse}`, item);
        const cart = await q
          .select({
            offerId: offers.id,
            participantId: offers.participantId,
            itemNumberWarehouse: offers.itemNumberWarehouse,
            offerStatus: offers.status,
            offerQuantity: offers.offerQuantity,
            offerPrice: offers.offerPrice,
          })
          .from(offers)
          .where(
            and(
              eq(offers.buyerId, buyerId),
              eq(offers.participantId, participantId),
              inArray(offers.itemNumberWarehouse, part),
            ),
          );
        for (const o of cart) existing.set(`${o.participantId}|${o.itemNumberWarehouse}`, o);
      }
    }

    const lines = new Map<string, number[]>();
    keys.forEach((k, i) => {
      const id = k
        ? `${k.warehouse.participantId}|${k.itemNumberWarehouse}`
        : `?|${headerKey(rows[i]!.itemNumber)}|${headerKey(rows[i]!.warehouse)}`;
      lines.set(id, [...(lines.get(id) ?? []), rows[i]!.line]);
    });

    const result: Classified = { invalid: [], conflicts: [], valid: [] };
    rows.forEach((row, i) => {
      const key = keys[i];
      const item = key ? items.get(`${key.warehouse.participantId}|${key.itemNumberWarehouse}`) : undefined;
      const refuse = (reason: ImportReason, reasonParams: Record<string, string | number> = {}) =>
        result.invalid.push({
          line: row.line,
          itemNumber: row.itemNumber,
          warehouse: row.warehouse,
          description: item?.description ?? '',
          offerQuantity: row.quantity,
          offerPrice: row.price,
          reason,
          reasonParams,
        });
      if (!row.itemNumber) return refuse('missingItemNumber');
      if (!row.warehouse) return refuse('missingWarehouse');
      if (!row.quantity) return refuse('missingQuantity');
      if (!row.price && source === 'file') return refuse('missingPrice');
      const quantityRead = readWholeNumber(row.quantity, language);
      if (!quantityRead.ok) return refuse(QUANTITY_ERRORS[quantityRead.error]);
      const priceRead = readWholeNumber(row.price, language);
      if (!priceRead.ok) return refuse(PRICE_ERRORS[priceRead.error]);
      if (!key) return refuse('warehouseNotFound');
      const duplicates = lines.get(`${key.warehouse.participantId}|${key.itemNumberWarehouse}`) ?? [];
      if (duplicates.length > 1) return refuse('duplicate', { lines: duplicates.join(', ') });
      if (!item) return refuse('itemNotFound');
      if (item.listPrice === null) return refuse('itemNotForSale');
      if (item.quantityAvailable <= 0) return refuse('itemOutOfStock');

      const comments: ImportComment[] = [];
      const typedQuantity = quantityRead.value ?? 0;
      const quantity = applyQuantityRules(typedQuantity, {
        incrementSize: item.incrementSize,
        available: item.quantityAvailable,
      });
      if (quantity.reducedToStock) comments.push('quantityReduced');
      else if (quantity.value > typedQuantity) comments.push('quantityRaised');
      else if (quantity.value !== typedQuantity) comments.push('quantityRounded');
      const typedPrice = priceRead.value ?? item.listPrice;
      // A price of 0 is not an offer to raise to 1 (spec 1 §5: at least 1): it is refused, with that rule.
      if (typedPrice < 1) return refuse('priceBelowOne');
      const price = Math.min(typedPrice, item.listPrice);
      if (priceRead.value === null) comments.push('priceFromList');
      else if (price < typedPrice) comments.push('priceLowered');
      if (price < item.listPrice && !key.warehouse.acceptingOffers) return refuse('offersNotAccepted');

      const entry: Resolved = {
        line: row.line,
        participantId: key.warehouse.participantId,
        itemNumberWarehouse: key.itemNumberWarehouse,
        itemNumber: key.itemNumber,
        warehouse:
          settings.get(key.warehouse.participantId)?.warehouseLabels[key.warehouse.code] ?? key.warehouse.label,
        description: item.description,
        groupName: item.groupName,
        availableQuantity: item.quantityAvailable,
        listPrice: item.listPrice,
        offerQuantity: quantity.value,
        offerPrice: price,
        comments,
      };
      const inCart = existing.get(`${key.warehouse.participantId}|${key.itemNumberWarehouse}`);
      if (inCart) result.conflicts.push({ ...entry, existing: inCart });
      else result.valid.push(entry);
    });
    return result;
  }

  async function currentBatch(q: Executor, user: SignedInUser, now: Date) {
    const [batch] = await q
      .select()
      .from(offerImportBatches)
      .where(and(eq(offerImportBatches.userId, user.id), gt(offerImportBatches.expiresAt, now)));
    if (!batch) throw new ApiError(404, 'importNotFound', 'There is no import to review');
    return batch;
  }

  /** Keeps the rows as the user's import, replacing an earlier one. */
  async function keep(user: SignedInUser, source: ImportSource, fileName: string, rows: ImportRow[], now: Date) {
    const buyerId = buyerIdOf(user);
    const batchId = await db.transaction(async (tx) => {
      await tx.delete(offerImportBatches).where(eq(offerImportBatches.userId, user.id));
      const [batch] = await tx
        .insert(offerImportBatches)
        .values({
          userId: user.id,
          buyerId,
          fileName: fileName.slice(0, 200),
          source,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IMPORT_LIFETIME_MS),
        })
        .returning({ id: offerImportBatches.id });
      for (const part of chunks(rows, CHUNK))
        await tx.insert(offerImportRows).values(part.map((r) => ({ ...r, batchId: batch!.id })));
      return batch!.id;
    });
    await removeExpired(now);
    return { batchId, rows: rows.length };
  }

  /** Imports left without a decision for a day. */
  async function removeExpired(now = new Date()) {
    const gone = await db
      .delete(offerImportBatches)
      .where(lte(offerImportBatches.expiresAt, now))
      .returning({ id: offerImportBatches.id });
    return gone.length;
  }

  const rowsOf = (q: Executor, batchId: number) =>
    q
      .select({
        line: offerImportRows.line,
        itemNumber: offerImportRows.itemNumber,
        warehouse: offerImportRows.warehouse,
        quantity: offerImportRows.quantity,
        price: offerImportRows.price,
      })
      .from(offerImportRows)
      .where(eq(offerImportRows.batchId, batchId))
      .orderBy(asc(offerImportRows.line));

  /** The review as the tenant API answers it (spec 1 §3 Import review). */
  function reviewView(batch: typeof offerImportBatches.$inferSelect, classified: Classified) {
    const strip = ({ participantId: _p, ...entry }: Resolved) => ({ ...entry, groupItemName: entry.description });
    const validOffersMap: Record<string, ReturnType<typeof strip>[]> = {};
    for (const entry of classified.valid) (validOffersMap[entry.groupName] ??= []).push(strip(entry));
    return {
      batchId: batch.id,
      fileName: batch.fileName,
      source: batch.source,
      createdAt: batch.createdAt.toISOString(),
      expiresAt: batch.expiresAt.toISOString(),
      invalidOffers: classified.invalid,
      conflictOffers: classified.conflicts.map(({ existing, ...entry }) => ({
        ...strip(entry),
        existing: {
          offerStatus: existing.offerStatus,
          offerQuantity: existing.offerQuantity,
          offerPrice: existing.offerPrice,
        },
      })),
      validOffersMap,
      counts: {
        invalid: classified.invalid.length,
        conflicts: classified.conflicts.length,
        valid: classified.valid.length,
      },
    };
  }

  return {
    headerNames,

    /** Reads the file, keeps its rows as the user's import (replacing an earlier one) and answers the review. */
    async upload(user: SignedInUser, fileName: string, bytes: Uint8Array, now = new Date()) {
      buyerIdOf(user); // only a buyer's file is read
      const rows = await slots.run(() => readOfferSheet(bytes, fileName, headerNames, limits, headerLabels));
      return keep(user, 'file', fileName, rows, now);
    },

    /**
     * The quick order pad: reads typed or pasted lines into the rows a file gives (with the
     * import's limits) and keeps them as the user's import, reviewed, changed and submitted as one.
     */
    async uploadText(user: SignedInUser, text: string, now = new Date()) {
      buyerIdOf(user); // only a buyer's text is read
      const read = parseQuickOrder(text, { limits: quickOrderLimits, headerNames: Object.values(headerLabels) });
      if (!read.ok) throw quickOrderRefused(read.refusal);
      return keep(user, 'text', '', read.rows, now);
    },

    /** The lines of the user's quick order import as they are kept (rows taken out stay out), tab-separated, to change them. */
    async keptLines(user: SignedInUser, now = new Date()) {
      const batch = await currentBatch(db, user, now);
      if (batch.source !== 'text')
        throw new ApiError(404, 'importNotFound', 'There are no quick order lines to review');
      const rows = await rowsOf(db, batch.id);
      return {
        text: rows
          .map((r) => [r.itemNumber, r.warehouse, r.quantity, r.price].join('\t').replace(/\t+$/, ''))
          .join('\n'),
      };
    },

    async review(user: SignedInUser, now = new Date()) {
      const batch = await currentBatch(db, user, now);
      return reviewView(
        batch,
        await classify(db, buyerIdOf(user), batch.source, await rowsOf(db, batch.id), await allSettings()),
      );
    },

    /** Takes one item out of the import (spec 1 §7 DELETE bulk-offer-import/{itemNumberWarehouse}). */
    async removeEntry(user: SignedInUser, itemNumberWarehouse: string, now = new Date()) {
      const batch = await currentBatch(db, user, now);
      const classified = await classify(
        db,
        buyerIdOf(user),
        batch.source,
        await rowsOf(db, batch.id),
        await allSettings(),
      );
      const lines = [...classified.valid, ...classified.conflicts]
        .filter((e) => e.itemNumberWarehouse === itemNumberWarehouse)
        .map((e) => e.line);
      if (!lines.length) throw new ApiError(404, 'notFound', 'This item is not in the import');
      await db
        .delete(offerImportRows)
        .where(and(eq(offerImportRows.batchId, batch.id), inArray(offerImportRows.line, lines)));
    },

    async cancel(user: SignedInUser) {
      await db.delete(offerImportBatches).where(eq(offerImportBatches.userId, user.id));
    },

    /**
     * Applies every valid entry and update of the import through the offer service in one
     * transaction, and ends the import: all or nothing. `expected` is the count the buyer saw; when
     * the stock or the cart moved since, nothing is applied and the buyer reviews again. A second
     * submit finds no import and changes nothing.
     */
    async accept(user: SignedInUser, batchId: number, expected: number | undefined, now = new Date()) {
      const buyerId = buyerIdOf(user);
      const settings = await allSettings();
      return db.transaction(async (tx) => {
        // Read the rows before the batch goes: deleting it takes its rows with it (on delete cascade).
        const rows = await rowsOf(tx, batchId);
        const [batch] = await tx
          .delete(offerImportBatches)
          .where(
            and(
              eq(offerImportBatches.id, batchId),
              eq(offerImportBatches.userId, user.id),
              gt(offerImportBatches.expiresAt, now),
            ),
          )
          .returning({ id: offerImportBatches.id, source: offerImportBatches.source });
        if (!batch) throw new ApiError(409, 'importNotFound', 'This import was already submitted or cancelled');
        const classified = await classify(tx, buyerId, batch.source, rows, settings);
        const entries = [...classified.conflicts, ...classified.valid].sort((a, b) => a.line - b.line);
        if (!entries.length) throw new ApiError(400, 'importNothingValid', 'There is nothing valid to submit');
        if (expected !== undefined && expected !== entries.length)
          throw new ApiError(
            409,
            'importChanged',
            'The stock or the cart changed since the review; please review the import again',
          );
        await deps.offers.placeManyWithin(
          tx,
          user,
          entries.map((entry) => ({
            participantId: entry.participantId,
            request: {
              itemNumberWarehouse: entry.itemNumberWarehouse,
              offerQuantity: entry.offerQuantity,
              offerPrice: entry.offerPrice,
            },
          })),
          { import: batchId },
        );
        return { submitted: entries.length };
      });
    },

    removeExpired,
  };
}

export type OfferImport = ReturnType<typeof createOfferImport>;
