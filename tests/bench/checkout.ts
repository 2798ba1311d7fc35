import { adminHeaders } from './bench-server';

/**
 * The checkout of a 200-line order: the checkout page read again and again, and the submission
 * (hold) of a fresh 200-line cart each round. Both are timed as the buyer's browser sees them.
 */
export const CHECKOUT_LINES = 200;
const DEFAULT_BUYER = 'bench-checkout@example.com';
const PASSWORD = 'Demo#2026';
const WAREHOUSE = { code: 'MIA', label: 'Miami' };

interface Setup {
  base: string;
  dataDir: string;
  /** Lines of each order; a buyer of its own for each size. */
  lines?: number;
  buyer?: string;
}

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function checkoutBench({ base, dataDir, lines = CHECKOUT_LINES, buyer: BUYER = DEFAULT_BUYER }: Setup) {
  const admin = adminHeaders(dataDir);
  await fetch(`${base}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ email: BUYER, password: PASSWORD, authorities: ['CAN_BUY_ONLINE'] }),
  });
  const signIn = await json(
    await fetch(`${base}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BUYER, password: PASSWORD }),
    }),
  );
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${signIn.accessToken as string}` };
  const portal = await fetch(`${base}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email: BUYER, password: PASSWORD }),
  });
  let cookie = portal.headers
    .getSetCookie()
    .find((c) => c.startsWith('__session='))!
    .split(';')[0]!;
  /** Lines in stock now: each submission takes some, so a long run would use up a list read once. */
  const inStock = async () =>
    (
      (await json(
        await fetch(
          `${base}/px-api-gateway/admin/stock?warehouse=${WAREHOUSE.code}&minQuantity=50&limit=${lines * 2}`,
          { headers: admin },
        ),
      )) as { itemNumberWarehouse: string; listPrice: number; incrementSize: number; participantId: string }[]
    )
      .filter((r) => r.participantId === 'acme')
      .slice(0, lines);

  /** A cart of the 200 lines handed to checkout through the cart page, with every row chosen; answers the checkout page's submission key. */
  async function handedOff() {
    const existing = (await json(await fetch(`${base}/px-api-gateway/cart/items`, { headers: auth }))) as {
      warehouse: string;
      itemNumberWarehouse: string;
      stocklistOffer: { offerId: number };
    }[];
    const inCart = existing.filter((i) => i.warehouse === WAREHOUSE.code);
    const offerIds = inCart.map((i) => i.stocklistOffer.offerId);
    const carted = new Set(inCart.map((i) => i.itemNumberWarehouse));
    for (const row of (await inStock())
      .filter((r) => !carted.has(r.itemNumberWarehouse))
      .slice(0, lines - inCart.length)) {
      const placed = await json(
        await fetch(`${base}/px-api-gateway/stocklist/offer`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            itemNumberWarehouse: row.itemNumberWarehouse,
            offerQuantity: row.incrementSize,
            offerPrice: row.listPrice,
          }),
        }),
      );
      offerIds.push(placed.offerId);
    }
    const form = new URLSearchParams([
      ['intent', 'checkout'],
      ['box', WAREHOUSE.code],
      ...offerIds.map((id) => ['offerId', String(id)]),
    ]);
    const handOff = await fetch(`${base}/cart`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const fresh = handOff.headers.getSetCookie().find((c) => c.startsWith('__session='));
    if (fresh) cookie = fresh.split(';')[0]!;
    const draft = await json(
      await fetch(`${base}/px-api-gateway/cart/cart-checkout/${WAREHOUSE.code}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(offerIds),
      }),
    );
    const payload = await json(await fetch(`${base}/px-api-gateway/checkout/${draft.checkoutId}`, { headers: auth }));
    const selection = {
      ...payload.selection,
      shippingAddressId: payload.options.shippingAddresses[0].id,
      shippingMethodCode: 'ACME_STANDARD_SHIPPING',
      insured: false,
      billingAddressId: payload.options.billingAddresses[0].id,
      paymentMethodCode: 'WIRE_TRANSFER',
    };
    await json(
      await fetch(`${base}/px-api-gateway/checkout/${draft.checkoutId}/selection`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ selection }),
      }),
    );
    return { submissionKey: payload.submissionKey as string, selection };
  }

  const first = await handedOff();
  const page = `${base}/checkout/${encodeURIComponent(WAREHOUSE.label)}`;
  const check = await fetch(page, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`checkout page answered ${check.status}`);

  /** One submission of a fresh checkout, timed from the post to the thank-you redirect (which names the order). */
  async function submitOnce(handOff: Awaited<ReturnType<typeof handedOff>>) {
    const { selection } = handOff;
    const form = new URLSearchParams({
      intent: 'hold',
      submissionKey: handOff.submissionKey,
      wasShippingAddressId: String(selection.shippingAddressId),
      wasShippingMethodCode: selection.shippingMethodCode,
      wasInsured: 'no',
      shippingAddressId: String(selection.shippingAddressId),
      shippingMethodCode: selection.shippingMethodCode,
      insured: 'no',
      billingAddressId: String(selection.billingAddressId),
      paymentMethodCode: selection.paymentMethodCode,
    });
    const started = performance.now();
    const response = await fetch(page, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const elapsed = performance.now() - started;
    const location = response.headers.get('location') ?? '';
    if (!location.startsWith('/checkout/order-release-confirmation'))
      throw new Error(`submission answered ${response.status} ${location}`);
    const fresh = response.headers.getSetCookie().find((c) => c.startsWith('__session='));
    if (fresh) cookie = fresh.split(';')[0]!;
    return { elapsed, orderNumber: new URL(location, base).searchParams.get('order')! };
  }

  return {
    pageUrl: page,
    /** Places the order of the first hand-off (on hold) and answers its number. */
    placeOne: async () => (await submitOnce(first)).orderNumber,
    headers: () => ({ cookie }),
    /** Fills the cart and hands it off again, so that the page shows a checkout after submissions placed the last one. */
    handOffAgain: async () => void (await handedOff()),
    /** Median of a few submissions, each of a freshly filled cart (the filling is not timed). */
    async submissions(rounds: number) {
      const samples = [(await submitOnce(first)).elapsed];
      for (let i = 1; i < rounds; i++) samples.push((await submitOnce(await handedOff())).elapsed);
      samples.sort((a, b) => a - b);
      return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[samples.length - 1]! };
    },
  };
}
