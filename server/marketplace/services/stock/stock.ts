import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  filterAndGroup,
  pageOf,
  type BrowseResult,
  type FilteredList,
  type StockItem,
  type StockSource,
} from '../../../../app/domain/stock/engine';
import { stockSearch, type StockQuery } from '../../../../app/domain/stock/query';
import { indexStock } from '../../../../app/domain/stock/stock-index';
import type { StocklistSettings } from '../../../../app/domain/stock/settings';
import { stocklistSettingsSchema } from '../../../../app/domain/stock/settings-schema';
import type { Db } from '../../db/client';
import { changeFeedOf } from '../../db/change-feed';
import { jsonRows } from '../../db/json-rows';
import { keptUntilChanged } from '../shared/kept-until-changed';
import {
  grades,
  participants,
  stockEvents,
  stockItems,
  stockRevisions,
  warehouseGroups,
  warehouses,
} from '../../db/schema';
import { createLru } from '../../../../app/domain/lru';
import { readSetting, stocklistSettingsKey } from '../shared/settings';
import { gradeRef, wordsIn, type Words } from '../texts/texts';

interface Snapshot {
  revision: number;
  updatedAt: Date;
  items: StockItem[];
  byWarehouse: Map<string, StockItem[]>;
  byKey: Map<string, StockItem>;
}

interface WarehouseGroup {
  id: string;
  name: string;
  description: string;
  warehouseCodes: string[];
}

/** A participant as the stock list's warehouse group choice shows it (GET /stocklist/participants). */
export interface ParticipantWarehouses {
  pxnParticipantId: string;
  name: string;
  isOwn: boolean;
  isPxns: boolean;
  isPxnr: boolean;
  warehouseGroupSelectOrder: number | null;
  hasSettings: boolean;
  itemsCount: number;
  warehouseGroups: {
    id: string;
    warehouseGroupName: string;
    warehouseGroupDescription: string;
    itemsCount: number;
    /** Items in or out of stock: the count shown while the list includes out-of-stock items. */
    allItemsCount: number;
    warehouses: { warehouseId: string; warehouseLabel: string; itemsCount: number; allItemsCount: number }[];
  }[];
}

/** What is known of one participant's stock at one revision; all of it is dropped when the revision moves. */
interface Revisioned {
  revision: number;
  updatedAt: Date;
  snapshot?: Promise<Snapshot>;
  /** The snapshot of the revision before, kept until this revision's snapshot is made from it and its changes. */
  base?: Promise<Snapshot>;
  settings?: Promise<StocklistSettings | undefined>;
  groups?: Promise<WarehouseGroup[]>;
  /** Item counts per warehouse: in stock, and in or out of stock. */
  inStock?: Promise<Map<string, { inStock: number; all: number }>>;
  /** The snapshot indexed per warehouse group. */
  indexes: Map<string, Promise<StockSource>>;
}

/** Computed lists (filtered and grouped, before paging) kept across requests, keyed by revision and query. */
const COMPUTED_LISTS = 64;
/**
 * Pages of those lists kept as answered (by list and page), so that one asked for again is the same value. Only
 * pages with every group closed: an opened group carries its items, up to 24 of them a page, and the orders of
 * `open` are many.
 */
const ANSWERED_PAGES = 64;
const LOAD_BATCH = 1_000;
/** Above this many changed items since the snapshot before, loading everything again is about as quick. */
const MOST_CHANGED_ITEMS = 2_000;

/** Repeated strings of a catalogue (categories, warehouses, grades, titles, attribute values) kept once. */
function interner() {
  const seen = new Map<string, string>();
  return (value: string) => {
    const known = seen.get(value);
    if (known !== undefined) return known;
    seen.set(value, value);
    return value;
  };
}

const ITEM_COLUMNS = {
  id: stockItems.id,
  itemNumber: stockItems.itemNumber,
  itemNumberWarehouse: stockItems.itemNumberWarehouse,
  warehouse: stockItems.warehouseCode,
  category: stockItems.category,
  groupKey: stockItems.groupKey,
  groupTitle: stockItems.groupTitle,
  groupDescription: stockItems.groupDescription,
  skuDescription: stockItems.skuDescription,
  grade: stockItems.grade,
  attributes: stockItems.attributes,
  quantityAvailable: stockItems.quantityAvailable,
  listPrice: stockItems.listPrice,
  incrementSize: stockItems.incrementSize,
  minimumCheckoutQuantity: stockItems.minimumCheckoutQuantity,
  pendingOrderItemCount: stockItems.pendingOrderItemCount,
};

type ItemRow = Pick<typeof stockItems.$inferSelect, Exclude<keyof typeof ITEM_COLUMNS, 'warehouse'>> & {
  warehouse: string;
};

/**
 * Turns rows into snapshot items whose repeated strings and attribute sets are kept once: a SKU
 * stocked in several warehouses and grades repeats its item number, description and attributes
 * (50,000 bench items hold 12,363 attribute sets), and the snapshot is most of the server's heap.
 * Items are never changed in place, so sharing is safe.
 */
function itemMaker() {
  const shared = interner();
  const attributeSets = new Map<string, Record<string, string>>();
  const sharedAttributes = (attributes: Record<string, string>) => {
    let key = '';
    for (const name in attributes) key += `${name}\u0000${attributes[name]}\u0000`;
    let set = attributeSets.get(key);
    if (!set) {
      set = {};
      for (const name in attributes) set[shared(name)] = shared(attributes[name]!);
      attributeSets.set(key, set);
    }
    return set;
  };
  // One literal shape for every item keeps the engine's scans on V8's fast path.
  return (r: ItemRow): StockItem => ({
    itemNumber: shared(r.itemNumber),
    itemNumberWarehouse: r.itemNumberWarehouse,
    warehouse: shared(r.warehouse),
    category: shared(r.category),
    groupKey: shared(r.groupKey),
    groupTitle: shared(r.groupTitle),
    groupDescription: shared(r.groupDescription),
    skuDescription: shared(r.skuDescription),
    grade: shared(r.grade),
    attributes: sharedAttributes(r.attributes),
    quantityAvailable: r.quantityAvailable,
    listPrice: r.listPrice === null ? null : Number(r.listPrice),
    incrementSize: r.incrementSize,
    minimumCheckoutQuantity: r.minimumCheckoutQuantity,
    pendingOrderItemCount: r.pendingOrderItemCount,
    listed: r.id,
  });
}

function snapshotOfItems(revision: number, updatedAt: Date, items: StockItem[]): Snapshot {
  const byWarehouse = new Map<string, StockItem[]>();
  for (const item of items) {
    const list = byWarehouse.get(item.warehouse);
    if (list) list.push(item);
    else byWarehouse.set(item.warehouse, [item]);
  }
  const byKey = new Map(items.map((item) => [item.itemNumberWarehouse, item]));
  return { revision, updatedAt, items, byWarehouse, byKey };
}

/** A participant's stock list settings with its warehouse and grade words in the buyers' language. */
export function stockSettingsIn(settings: StocklistSettings, participantId: string, words: Words): StocklistSettings {
  const each = (labels: Record<string, string>, word: (code: string, english: string) => string) =>
    Object.fromEntries(Object.entries(labels).map(([code, english]) => [code, word(code, english)]));
  return {
    ...settings,
    warehouseLabels: each(settings.warehouseLabels, (code, english) => words('warehouse', code, 'label', english)),
    gradeLabels: each(settings.gradeLabels, (code, english) =>
      words('grade', gradeRef(participantId, code), 'label', english),
    ),
    gradeLabelDescriptions: each(settings.gradeLabelDescriptions, (code, english) =>
      words('grade', gradeRef(participantId, code), 'description', english),
    ),
  };
}

/**
 * The stock of each participant, held in memory and reloaded only when its revision moves: the
 * stock list filters tens of thousands of items per request without asking the database for them.
 * The stock list settings and warehouse groups are kept with the revision too: whatever changes them
 * bumps it (the seed, and the texts of warehouses, groups and grades: services/texts.ts). Their
 * words are in `language`, the tenant's.
 */
export function createStockService(db: Db, language = 'en') {
  const states = new Map<string, Revisioned>();
  const computed = createLru<string, FilteredList>(COMPUTED_LISTS);
  const answered = createLru<string, BrowseResult>(ANSWERED_PAGES);
  let participantList: { key: string; value: Promise<ParticipantWarehouses[]> } | null = null;

  /** Stock rows in id order, as one JSON value (db/json-rows.ts): a full load takes about half as long. */
  const itemRows = (where: SQL, limit?: number) =>
    jsonRows<ItemRow>(
      db,
      ITEM_COLUMNS,
      sql`from ${stockItems} where ${where} order by ${stockItems.id} ${limit ? sql`limit ${limit}` : sql``}`,
      'id',
    );

  /** Rows of a participant's stock in id order, a batch at a time: PGlite's memory grows with the largest result. */
  async function* stockRows(participantId: string) {
    for (let after = 0; ;) {
      const batch = await itemRows(
        and(eq(stockItems.participantId, participantId), gt(stockItems.id, after))!,
        LOAD_BATCH,
      );
      yield* batch;
      if (batch.length < LOAD_BATCH) return;
      after = batch[batch.length - 1]!.id;
    }
  }

  async function load(participantId: string, revision: number, updatedAt: Date): Promise<Snapshot> {
    const itemOf = itemMaker();
    const items: StockItem[] = [];
    for await (const row of stockRows(participantId)) items.push(itemOf(row));
    return snapshotOfItems(revision, updatedAt, items);
  }

  /**
   * The snapshot of a later revision made from an earlier one and the items its stock events name,
   * or nothing when that would not be exact or not quicker: a revision without events (a writer
   * that records none), an item added or gone, or more changes than a reload costs.
   */
  async function loadChanges(
    participantId: string,
    base: Snapshot,
    revision: number,
    updatedAt: Date,
  ): Promise<Snapshot | undefined> {
    if (revision <= base.revision) return undefined;
    const events = await db
      .selectDistinct({ revision: stockEvents.revision, itemNumberWarehouse: stockEvents.itemNumberWarehouse })
      .from(stockEvents)
      .where(
        and(
          eq(stockEvents.participantId, participantId),
          gt(stockEvents.revision, base.revision),
          lte(stockEvents.revision, revision),
        ),
      );
    if (new Set(events.map((e) => e.revision)).size !== revision - base.revision) return undefined;
    const keys = [...new Set(events.map((e) => e.itemNumberWarehouse))];
    if (keys.length > MOST_CHANGED_ITEMS || keys.some((key) => !base.byKey.has(key))) return undefined;
    const rows = await itemRows(
      and(eq(stockItems.participantId, participantId), inArray(stockItems.itemNumberWarehouse, keys))!,
    );
    if (rows.length !== keys.length) return undefined;
    const itemOf = itemMaker();
    const changed = new Map(rows.map((row) => [row.itemNumberWarehouse, itemOf(row)]));
    // New objects for the changed items: requests still reading the earlier revision keep seeing it whole.
    return snapshotOfItems(
      revision,
      updatedAt,
      base.items.map((item) => changed.get(item.itemNumberWarehouse) ?? item),
    );
  }

  /** The participant's state at the revision the database holds now (one small query, kept until a revision moves). */
  const changes = changeFeedOf(db);
  const current = keptUntilChanged(changes, [stockRevisions], async (participantId: string): Promise<Revisioned> => {
    const [row] = await db.select().from(stockRevisions).where(eq(stockRevisions.participantId, participantId));
    return at(participantId, row?.revision ?? 0, row?.updatedAt ?? new Date(0));
  });
  const allRevisions = keptUntilChanged(changes, [stockRevisions], (_all: 'all') =>
    db.select().from(stockRevisions).orderBy(asc(stockRevisions.participantId)),
  );

  function at(participantId: string, revision: number, updatedAt: Date): Revisioned {
    const cached = states.get(participantId);
    if (cached && cached.revision === revision) return cached;
    const state: Revisioned = { revision, updatedAt, indexes: new Map(), base: cached?.snapshot ?? cached?.base };
    states.set(participantId, state);
    return state;
  }

  /** A lazily loaded part of a state; a failed load is forgotten so that the next call tries again. */
  function part<K extends 'snapshot' | 'settings' | 'groups' | 'inStock'>(
    state: Revisioned,
    key: K,
    loadIt: () => NonNullable<Revisioned[K]>,
  ): NonNullable<Revisioned[K]> {
    const known = state[key];
    if (known) return known as NonNullable<Revisioned[K]>;
    const value = loadIt();
    state[key] = value;
    (value as Promise<unknown>).catch(() => {
      if (state[key] === value) delete state[key];
    });
    return value;
  }

  const snapshotOf = (participantId: string, state: Revisioned) =>
    part(state, 'snapshot', async () => {
      const base = state.base;
      delete state.base;
      const earlier = base && (await base.catch(() => undefined));
      return (
        (earlier && (await loadChanges(participantId, earlier, state.revision, state.updatedAt))) ??
        load(participantId, state.revision, state.updatedAt)
      );
    });

  const settingsOf = (participantId: string, state: Revisioned) =>
    part(state, 'settings', async () => {
      const parsed = stocklistSettingsSchema.safeParse(await readSetting(db, stocklistSettingsKey(participantId)));
      return parsed.success ? stockSettingsIn(parsed.data, participantId, await wordsIn(db, language)) : undefined;
    });

  const groupsOf = (participantId: string, state: Revisioned) =>
    part(state, 'groups', async () => {
      const groups = await db
        .select()
        .from(warehouseGroups)
        .where(eq(warehouseGroups.participantId, participantId))
        .orderBy(asc(warehouseGroups.id));
      const codes = groups.length
        ? await db
            .select({ code: warehouses.code, groupId: warehouses.groupId })
            .from(warehouses)
            .where(
              inArray(
                warehouses.groupId,
                groups.map((g) => g.id),
              ),
            )
        : [];
      const words = await wordsIn(db, language);
      return groups.map((g) => ({
        id: g.id,
        name: words('warehouse-group', g.id, 'name', g.name),
        description: words('warehouse-group', g.id, 'description', g.description),
        warehouseCodes: codes.filter((w) => w.groupId === g.id).map((w) => w.code),
      }));
    });

  /** In-stock counts per warehouse, counted by the database: the participant list needs no snapshot. */
  const inStockOf = (participantId: string, state: Revisioned) =>
    part(state, 'inStock', async () => {
      const rows = await db
        .select({
          code: stockItems.warehouseCode,
          inStock: sql<number>`count(*) filter (where ${stockItems.quantityAvailable} > 0)::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(stockItems)
        .where(eq(stockItems.participantId, participantId))
        .groupBy(stockItems.warehouseCode);
      return new Map(rows.map((r) => [r.code, { inStock: Number(r.inStock), all: Number(r.all) }]));
    });

  function indexOf(
    participantId: string,
    state: Revisioned,
    group: WarehouseGroup,
    settings: StocklistSettings,
  ): Promise<StockSource> {
    let index = state.indexes.get(group.id);
    if (!index) {
      index = snapshotOf(participantId, state).then((snapshot) =>
        indexStock(
          group.warehouseCodes.flatMap((code) => snapshot.byWarehouse.get(code) ?? []),
          settings,
        ),
      );
      state.indexes.set(group.id, index);
      index.catch(() => state.indexes.delete(group.id));
    }
    return index;
  }

  async function listParticipants(known: Map<string, Revisioned>): Promise<ParticipantWarehouses[]> {
    const allParticipants = await db
      .select()
      .from(participants)
      .orderBy(asc(participants.warehouseGroupSelectOrder), asc(participants.id));
    const allWarehouses = await db.select().from(warehouses).orderBy(asc(warehouses.code));
    const words = await wordsIn(db, language);
    const labels = new Map(allWarehouses.map((w) => [w.code, words('warehouse', w.code, 'label', w.label)]));
    const result: ParticipantWarehouses[] = [];
    // One participant at a time: PGlite answers one query at a time anyway.
    for (const p of allParticipants) {
      const state = known.get(p.id) ?? at(p.id, 0, new Date(0));
      const [counts, groups, settings] = [
        await inStockOf(p.id, state),
        await groupsOf(p.id, state),
        await settingsOf(p.id, state),
      ];
      const described = groups.map((g) => {
        const ws = allWarehouses
          .filter((w) => g.warehouseCodes.includes(w.code))
          .map((w) => ({
            warehouseId: w.code,
            warehouseLabel: labels.get(w.code) ?? w.code,
            itemsCount: counts.get(w.code)?.inStock ?? 0,
            allItemsCount: counts.get(w.code)?.all ?? 0,
          }));
        return {
          id: g.id,
          warehouseGroupName: g.name,
          warehouseGroupDescription: g.description,
          itemsCount: ws.reduce((n, w) => n + w.itemsCount, 0),
          allItemsCount: ws.reduce((n, w) => n + w.allItemsCount, 0),
          warehouses: ws,
        };
      });
      result.push({
        pxnParticipantId: p.id,
        name: p.name,
        isOwn: p.isOwn,
        isPxns: p.isPxns,
        isPxnr: p.isPxnr,
        warehouseGroupSelectOrder: p.warehouseGroupSelectOrder,
        hasSettings: Boolean(settings),
        itemsCount: described.reduce((n, g) => n + g.itemsCount, 0),
        warehouseGroups: described,
      });
    }
    return result;
  }

  async function warehouseGroup(
    participantId: string,
    groupId: string | undefined,
    state?: Revisioned,
  ): Promise<WarehouseGroup | undefined> {
    const groups = await groupsOf(participantId, state ?? (await current(participantId)));
    return groups.find((g) => g.id === groupId) ?? groups[0];
  }

  return {
    snapshot: async (participantId: string) => snapshotOf(participantId, await current(participantId)),

    settings: async (participantId: string) => settingsOf(participantId, await current(participantId)),

    warehouseGroup,

    /**
     * One page of a warehouse group's stock list (spec 1 §4): the filtered and grouped list comes
     * from the cache when this revision answered the same query before, else from the index.
     */
    async browse(
      participantId: string,
      asked: StockQuery,
      open: readonly string[],
    ): Promise<{ missing: string } | { result: BrowseResult; group: WarehouseGroup; updatedAt: Date }> {
      const state = await current(participantId);
      const settings = await settingsOf(participantId, state);
      if (!settings) return { missing: 'Stock list settings' };
      const group = await warehouseGroup(participantId, asked.warehouseGroup, state);
      if (!group) return { missing: 'Warehouse group' };
      const query = { ...asked, warehouseGroup: group.id };
      const key = `${participantId}|${state.revision}|${group.id}|${query.includeOutOfStock}|${stockSearch({ ...query, page: 1 })}`;
      const pageKey = `${key}|${query.page}`;
      let result = open.length ? undefined : answered.get(pageKey);
      if (!result) {
        let list = computed.get(key);
        if (!list) {
          list = filterAndGroup(await indexOf(participantId, state, group, settings), settings, query);
          computed.set(key, list);
        }
        result = pageOf(list, settings, query.page, open);
        if (!open.length) answered.set(pageKey, result);
      }
      return { result, group, updatedAt: state.updatedAt };
    },

    /** Participants with their warehouse groups and in-stock item counts per warehouse. */
    async participantWarehouses(): Promise<ParticipantWarehouses[]> {
      const revisions = await allRevisions('all');
      const key = revisions.map((r) => `${r.participantId}:${r.revision}`).join(',');
      if (participantList?.key !== key) {
        const value = listParticipants(
          new Map(revisions.map((r) => [r.participantId, at(r.participantId, r.revision, r.updatedAt)])),
        );
        participantList = { key, value };
        value.catch(() => {
          if (participantList?.value === value) participantList = null;
        });
      }
      return participantList.value;
    },

    async grades(participantId: string) {
      const rows = await db
        .select()
        .from(grades)
        .where(eq(grades.participantId, participantId))
        .orderBy(asc(grades.sortOrder));
      const own = await db
        .select({
          participantId: grades.participantId,
          code: grades.code,
          label: grades.label,
          description: grades.description,
        })
        .from(grades)
        .innerJoin(participants, eq(participants.id, grades.participantId))
        .where(eq(participants.isOwn, true));
      const words = await wordsIn(db, language);
      const inLanguage = (g: { participantId: string; code: string; label: string; description: string }) => ({
        label: words('grade', gradeRef(g.participantId, g.code), 'label', g.label),
        description: words('grade', gradeRef(g.participantId, g.code), 'description', g.description),
      });
      const ownByCode = new Map(own.map((g) => [g.code, inLanguage(g)]));
      return rows.map((g) => {
        const { label, description } = inLanguage(g);
        return {
          grade: g.code,
          gradeLabel: label,
          description,
          pxnrGrade: g.pxnrGrade,
          pxnrGradeLabel: g.pxnrGrade ? (ownByCode.get(g.pxnrGrade)?.label ?? null) : null,
          pxnrGradeDescription: g.pxnrGrade ? (ownByCode.get(g.pxnrGrade)?.description ?? null) : null,
        };
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

/**
 * Every writer of stock calls this inside its transaction and records the items it changed as
 * stock events of the revision returned; a revision without events makes the next snapshot a full reload.
 */
export async function bumpStockRevision(db: Pick<Db, 'update'>, participantId: string): Promise<number | undefined> {
  const [row] = await db
    .update(stockRevisions)
    .set({ revision: sql`${stockRevisions.revision} + 1`, updatedAt: new Date() })
    .where(eq(stockRevisions.participantId, participantId))
    .returning({ revision: stockRevisions.revision });
  return row?.revision;
}
