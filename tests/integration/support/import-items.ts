import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { stockItems, warehouses } from '../../../server/marketplace/db/schema';
import type { startTestMarketplace } from '../harness';

type Db = Awaited<ReturnType<typeof startTestMarketplace>>['database']['db'];

export interface ImportItem {
  itemNumber: string;
  inw: string;
  warehouse: string;
  quantity: number;
  listPrice: number;
  increment: number;
}

/** In-stock priced items of the tenant (acme) in warehouses that accept offers (or not), with an increment of 1 (or above): what an import's rows name. */
export async function importableItems(
  db: Db,
  options: { acceptingOffers?: boolean; increment?: 'one' | 'more' } = {},
): Promise<ImportItem[]> {
  const rows = await db
    .select({
      itemNumber: stockItems.itemNumber,
      inw: stockItems.itemNumberWarehouse,
      warehouse: stockItems.warehouseCode,
      quantity: stockItems.quantityAvailable,
      listPrice: stockItems.listPrice,
      increment: stockItems.incrementSize,
    })
    .from(stockItems)
    .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
    .where(
      and(
        eq(stockItems.participantId, 'acme'),
        gt(stockItems.quantityAvailable, 20),
        isNotNull(stockItems.listPrice),
        gt(stockItems.listPrice, 20),
        eq(warehouses.acceptingOffers, options.acceptingOffers ?? true),
      ),
    )
    .orderBy(stockItems.id);
  return (rows as ImportItem[]).filter((r) => (options.increment === 'more' ? r.increment > 1 : r.increment === 1));
}
