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

export const slotOf = (projectName: string, slot: number) => slot * 2 + (projectName === 'no-js' ? 1 : 0);

export interface Placed {
  user: { email: string; password: string };
  orderNumber: string;
  api: Awaited<ReturnType<typeof buyerApi>>;
}

/** A new buyer's order placed through the tenant API: two Miami lines bought at list price, handed off and submitted. */
export async function placeOrder(
  slot: number,
  {
    paymentMethodCode = 'WIRE_TRANSFER',
    readyToRelease = true,
    quote = false,
    user,
    warehouse = 'MIA',
  }: {
    paymentMethodCode?: string;
    readyToRelease?: boolean;
    quote?: boolean;
    user?: Placed['user'];
    warehouse?: string;
  } = {},
): Promise<Placed> {
  user ??= await createUser({ authorities: ALL_AUTHORITIES });
  const api = await buyerApi(user.email, user.password);
  const offerIds: number[] = [];
  for (const [i, row] of (await itemsFor(slot, 2, warehouse)).entries()) {
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
  return { user, api, orderNumber: submitted.phonexOrderNumber };
}
