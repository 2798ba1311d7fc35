import type { Page } from '@playwright/test';
import { admin, type buyerApi, expect } from './fixtures';

interface StockRow {
  itemNumberWarehouse: string;
  listPrice: number;
  quantityAvailable: number;
  incrementSize: number;
}

/**
 * Four items of one warehouse with stock, an increment of 1 and a list price well above 1: what an
 * import's rows or the quick order pad's lines name. `under` keeps whole prices below it (a price
 * under 1,000 reads the same in every language's format).
 */
export async function importableItems(
  warehouse: string,
  offset: number,
  { server = 'demo', limit = 60, under }: { server?: 'demo' | 'second'; limit?: number; under?: number } = {},
) {
  const rows = (await admin(
    'GET',
    `/stock?warehouse=${warehouse}&minQuantity=10&offset=${offset}&limit=${limit}`,
    undefined,
    server,
  )) as StockRow[];
  return rows
    .filter(
      (r) =>
        r.incrementSize === 1 &&
        r.listPrice > 20 &&
        (under === undefined || (r.listPrice < under && Number.isInteger(r.listPrice))),
    )
    .slice(0, 4)
    .map((r) => ({ ...r, itemNumber: r.itemNumberWarehouse.slice(0, -(warehouse.length + 1)) }));
}

export interface SubmittedOffer {
  offerStatus: string;
  offerQuantity: number;
  offerPrice: number;
}

/** Submits the import's reviewed requests, back on the stock list, and reads the buyer's offers as the tenant API keeps them. */
export async function submitImportAndReadOffers(
  page: Page,
  api: Awaited<ReturnType<typeof buyerApi>>,
): Promise<Record<string, SubmittedOffer>> {
  await page.getByRole('button', { name: 'Submit Requests' }).click();
  await expect(page.getByText('Successfully submitted the offers')).toBeVisible();
  await expect(page).toHaveURL(/\/stock(\?|$)/);
  return (await api('GET', '/stocklist/offers')) as Record<string, SubmittedOffer>;
}
