import { admin, ALL_AUTHORITIES, buyerApi, createUser } from './fixtures';

interface StockRow {
  itemNumberWarehouse: string;
  quantityAvailable: number;
  listPrice: number;
  incrementSize: number;
}

/** Miami items of one test's own, from the end of the list the other journeys start from (slots keep parallel tests, and both projects, apart; each spec takes its own range of slots). */
export async function itemsFor(slot: number, count: number, warehouse = 'MIA') {
  const rows = ((await admin('GET', `/stock?warehouse=${warehouse}&minQuantity=30&limit=500`)) as StockRow[])
    .filter((r) => r.incrementSize === 1)
    .reverse();
  return rows.slice(slot * 2, slot * 2 + count);
}

/** The named items' stock rows (item numbers with their warehouse), in the order named. */
export async function stockRowsOf(itemNumbers: readonly string[], warehouse: string): Promise<StockRow[]> {
  const rows = (await admin('GET', `/stock?warehouse=${warehouse}&limit=500`)) as StockRow[];
  return itemNumbers.map((n) => {
    const row = rows.find((r) => r.itemNumberWarehouse === n);
    if (!row) throw new Error(`${n} is not in stock in ${warehouse}`);
    return row;
  });
}

export const slotOf = (projectName: string, slot: number) => slot * 2 + (projectName === 'no-js' ? 1 : 0);

export interface Placed {
  user: { email: string; password: string };
  orderNumber: string;
  api: Awaited<ReturnType<typeof buyerApi>>;
  /** What was bought: the first item once, the second twice. */
  lines: { itemNumberWarehouse: string; quantity: number }[];
}

/** A new buyer's order placed through the tenant API: two Miami lines (or the named items) bought at list price, handed off and submitted. */
export async function placeOrder(
  slot: number,
  {
    paymentMethodCode = 'WIRE_TRANSFER',
    readyToRelease = true,
    quote = false,
    user,
    warehouse = 'MIA',
    items,
  }: {
    paymentMethodCode?: string;
    readyToRelease?: boolean;
    quote?: boolean;
    user?: Placed['user'];
    warehouse?: string;
    /** Item numbers (with the warehouse) to buy instead of the slot's. */
    items?: readonly string[];
  } = {},
): Promise<Placed> {
  user ??= await createUser({ authorities: ALL_AUTHORITIES });
  const api = await buyerApi(user.email, user.password);
  const offerIds: number[] = [];
  const rows = items ? await stockRowsOf(items, warehouse) : await itemsFor(slot, 2, warehouse);
  for (const [i, row] of rows.entries()) {
    offerIds.push(
      (
        (await api('POST', '/stocklist/offer', {
          itemNumberWarehouse: row.itemNumberWarehouse,
          offerQuantity: i + 1,
          offerPrice: row.listPrice,
        })) as { offerId: number }
      ).offerId,
    );
  }
  const { checkoutId } = (await api('POST', `/cart/cart-checkout/${warehouse}`, offerIds)) as { checkoutId: string };
  const payload = (await api('GET', `/checkout/${checkoutId}`)) as {
    submissionKey: string;
    options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] };
  };
  const selection = {
    shippingAddressId: payload.options.shippingAddresses[quote ? 1 : 0]!.id,
    shippingMethodCode: quote ? 'REQUEST_A_QUOTE' : 'ACME_STANDARD_SHIPPING',
    insured: quote ? null : false,
    insuredAmount: null,
    shippingInstructions: '',
    billMyAccount: { carrier: '', serviceLevel: '', accountNumber: '' },
    requestAQuote: quote ? { serviceLevel: 'Express', amount: '120' } : { serviceLevel: '', amount: '' },
    billingAddressId: payload.options.billingAddresses[0]!.id,
    paymentMethodCode,
    additionalServiceCodes: [],
  };
  const submitted = (await api('POST', `/checkout/${checkoutId}/submit`, {
    submissionKey: payload.submissionKey,
    readyToRelease,
    selection,
  })) as { phonexOrderNumber: string };
  const lines = rows.map((row, i) => ({ itemNumberWarehouse: row.itemNumberWarehouse, quantity: i + 1 }));
  return { user, api, orderNumber: submitted.phonexOrderNumber, lines };
}
