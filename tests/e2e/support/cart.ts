import { admin, ALL_AUTHORITIES, buyerApi, createUser } from './fixtures';
import { stockRowsOf } from './orders';
import type { Page } from '@playwright/test';

/** On the cart page: chooses every entry of one warehouse's box (its menu's All items) and presses one of the box's buttons. */
export async function fromCartBox(
  page: Page,
  warehouse: string,
  button: 'CHECKOUT' | 'ADD TO EXISTING ORDER' = 'CHECKOUT',
) {
  const box = page.getByRole('region', { name: warehouse });
  await box.locator('.menu-button > summary').click();
  await box.getByRole('button', { name: 'All items' }).click();
  await box.getByRole('button', { name: button }).click();
}

export interface StockRow {
  itemNumberWarehouse: string;
  quantityAvailable: number;
  listPrice: number;
  incrementSize: number;
}

/**
 * A buyer with entries in all three tabs: in Miami one bought, one accepted, one countered, one
 * rejected and one waiting; in Los Angeles one bought. Each test takes its own items, or names them
 * (`items`: the five of the first warehouse, then the other's); the seller answers now or `answeredAt`.
 */
export async function fillCart(
  slot: number,
  options: {
    isProspect?: boolean;
    user?: { email: string; password: string };
    warehouses?: [string, string];
    items?: { main: readonly [string, string, string, string, string]; other: string };
    answeredAt?: string;
  } = {},
) {
  const { user: given, warehouses: [main, other] = ['MIA', 'LAX'], items: named, answeredAt: at, ...flags } = options;
  const user = given ?? (await createUser({ authorities: ALL_AUTHORITIES, ...flags }));
  const api = await buyerApi(user.email, user.password);
  const pick = async (warehouse: string, count: number) =>
    (
      (await admin(
        'GET',
        `/stock?warehouse=${warehouse}&minQuantity=30&offset=${40 + slot * 6}&limit=40`,
      )) as StockRow[]
    )
      .filter((r) => r.incrementSize === 1)
      .slice(0, count);
  const [bought, accepted, countered, rejected, waiting] = named
    ? await stockRowsOf(named.main, main)
    : await pick(main, 5);
  const [elsewhere] = named ? await stockRowsOf([named.other], other) : await pick(other, 1);
  const place = (row: StockRow, quantity: number, price: number) =>
    api('POST', '/stocklist/offer', {
      itemNumberWarehouse: row.itemNumberWarehouse,
      offerQuantity: quantity,
      offerPrice: price,
    }) as Promise<{ offerId: number }>;
  const offers = {
    bought: await place(bought!, 2, bought!.listPrice),
    accepted: await place(accepted!, 4, accepted!.listPrice - 2),
    countered: await place(countered!, 3, countered!.listPrice - 20),
    rejected: await place(rejected!, 1, rejected!.listPrice - 30),
    waiting: await place(waiting!, 1, waiting!.listPrice - 40),
    elsewhere: await place(elsewhere!, 1, elsewhere!.listPrice),
  };
  await admin('POST', `/offers/${offers.accepted.offerId}/review`, { action: 'accept', minimumQuantity: 2, at });
  await admin('POST', `/offers/${offers.countered.offerId}/review`, {
    action: 'counter',
    price: countered!.listPrice - 10,
    at,
  });
  await admin('POST', `/offers/${offers.rejected.offerId}/review`, { action: 'reject', at });
  return {
    user,
    api,
    offers,
    items: {
      bought: bought!,
      accepted: accepted!,
      countered: countered!,
      rejected: rejected!,
      waiting: waiting!,
      elsewhere: elsewhere!,
    },
  };
}
