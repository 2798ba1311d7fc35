import { asc, eq, sql } from 'drizzle-orm';
import type { StockItem } from '../../../app/domain/stock/engine';
import { stocklistSettingsSchema, type StocklistSettings } from '../../../app/domain/stock/settings';
import type { Db } from '../db/client';
import { grades, participants, stockItems, stockRevisions, warehouseGroups, warehouses } from '../db/schema';
import { readSetting, stocklistSettingsKey } from './settings';

interface Snapshot {
  revision: number;
  updatedAt: Date;
  items: StockItem[];
  byWarehouse: Map<string, StockItem[]>;
  byKey: Map<string, StockItem>;
  /** In-stock item count per warehouse. */
  inStockByWarehouse: Map<string, number>;
}

/**
 * The stock of each participant, held in memory and reloaded only when its revision moves: the
 * stock list filters tens of thousands of items per request without asking the database for them.
 */
export function createStockService(db: Db) {
  const snapshots = new Map<string, Promise<Snapshot>>();
  const revisions = new Map<string, number>();

  async function load(participantId: string, revision: number, updatedAt: Date): Promise<Snapshot> {
    const rows = await db
      .select({
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
      })
      .from(stockItems)
      .where(eq(stockItems.participantId, participantId));
    const byWarehouse = new Map<string, StockItem[]>();
    // One literal shape for every item keeps the engine's scans on V8's fast path.
    const items: StockItem[] = rows.map((r) => ({
      itemNumber: r.itemNumber,
      itemNumberWarehouse: r.itemNumberWarehouse,
      warehouse: r.warehouse,
      category: r.category,
      groupKey: r.groupKey,
      groupTitle: r.groupTitle,
      groupDescription: r.groupDescription,
      skuDescription: r.skuDescription,
      grade: r.grade,
      attributes: r.attributes,
      quantityAvailable: r.quantityAvailable,
      listPrice: r.listPrice === null ? null : Number(r.listPrice),
      incrementSize: r.incrementSize,
      minimumCheckoutQuantity: r.minimumCheckoutQuantity,
      pendingOrderItemCount: r.pendingOrderItemCount,
    }));
    for (const item of items) {
      const list = byWarehouse.get(item.warehouse);
      if (list) list.push(item);
      else byWarehouse.set(item.warehouse, [item]);
    }
    const byKey = new Map(items.map((item) => [item.itemNumberWarehouse, item]));
    const inStockByWarehouse = new Map<string, number>();
    for (const [code, list] of byWarehouse) inStockByWarehouse.set(code, list.filter((i) => i.quantityAvailable > 0).length);
    return { revision, updatedAt, items, byWarehouse, byKey, inStockByWarehouse };
  }

  async function snapshot(participantId: string): Promise<Snapshot> {
    const [row] = await db.select().from(stockRevisions).where(eq(stockRevisions.participantId, participantId));
    const revision = row?.revision ?? 0;
    const cached = snapshots.get(participantId);
    if (cached && revisions.get(participantId) === revision) return cached;
    const loading = load(participantId, revision, row?.updatedAt ?? new Date(0));
    snapshots.set(participantId, loading);
    revisions.set(participantId, revision);
    loading.catch(() => snapshots.delete(participantId));
    return loading;
  }

  return {
    snapshot,

    async settings(participantId: string): Promise<StocklistSettings | undefined> {
      const raw = await readSetting(db, stocklistSettingsKey(participantId));
      const parsed = stocklistSettingsSchema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },

    /** Participants with their warehouse groups and in-stock item counts per warehouse. */
    async participantWarehouses() {
      const [allParticipants, allGroups, allWarehouses] = await Promise.all([
        db.select().from(participants).orderBy(asc(participants.warehouseGroupSelectOrder), asc(participants.id)),
        db.select().from(warehouseGroups).orderBy(asc(warehouseGroups.id)),
        db.select().from(warehouses).orderBy(asc(warehouses.code)),
      ]);
      return Promise.all(
        allParticipants.map(async (p) => {
          const stock = await snapshot(p.id);
          const hasSettings = Boolean(await readSetting(db, stocklistSettingsKey(p.id)));
          const countIn = (code: string) => stock.inStockByWarehouse.get(code) ?? 0;
          const groups = allGroups
            .filter((g) => g.participantId === p.id)
            .map((g) => {
              const ws = allWarehouses.filter((w) => w.groupId === g.id).map((w) => ({ warehouseId: w.code, warehouseLabel: w.label, itemsCount: countIn(w.code) }));
              return { id: g.id, warehouseGroupName: g.name, warehouseGroupDescription: g.description, itemsCount: ws.reduce((n, w) => n + w.itemsCount, 0), warehouses: ws };
            });
          return {
            pxnParticipantId: p.id,
            name: p.name,
            isOwn: p.isOwn,
            isPxns: p.isPxns,
            isPxnr: p.isPxnr,
            warehouseGroupSelectOrder: p.warehouseGroupSelectOrder,
            hasSettings,
            itemsCount: groups.reduce((n, g) => n + g.itemsCount, 0),
            warehouseGroups: groups,
          };
        }),
      );
    },

    /** A participant's warehouse group with its warehouse codes. */
    async warehouseGroup(participantId: string, groupId: string | undefined) {
      const groups = await db.select().from(warehouseGroups).where(eq(warehouseGroups.participantId, participantId)).orderBy(asc(warehouseGroups.id));
      const group = groups.find((g) => g.id === groupId) ?? groups[0];
      if (!group) return undefined;
      const codes = await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.groupId, group.id));
      return { id: group.id, warehouseCodes: codes.map((w) => w.code) };
    },

    async grades(participantId: string) {
      const rows = await db.select().from(grades).where(eq(grades.participantId, participantId)).orderBy(asc(grades.sortOrder));
      const own = await db
        .select({ code: grades.code, label: grades.label, description: grades.description })
        .from(grades)
        .innerJoin(participants, eq(participants.id, grades.participantId))
        .where(eq(participants.isOwn, true));
      const ownByCode = new Map(own.map((g) => [g.code, g]));
      return rows.map((g) => ({
        grade: g.code,
        gradeLabel: g.label,
        description: g.description,
        pxnrGrade: g.pxnrGrade,
        pxnrGradeLabel: g.pxnrGrade ? (ownByCode.get(g.pxnrGrade)?.label ?? null) : null,
        pxnrGradeDescription: g.pxnrGrade ? (ownByCode.get(g.pxnrGrade)?.description ?? null) : null,
      }));
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

/** Every writer of stock calls this inside its transaction. */
export async function bumpStockRevision(db: Pick<Db, 'update'>, participantId: string) {
  await db
    .update(stockRevisions)
    .set({ revision: sql`${stockRevisions.revision} + 1`, updatedAt: new Date() })
    .where(eq(stockRevisions.participantId, participantId));
}
