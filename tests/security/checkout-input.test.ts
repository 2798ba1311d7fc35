import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiCall, signedInBuyer, type ServerAddress, type SignedInBuyer as Buyer } from './server';
import { sharedServer } from './shared-server';

/**
 * The checkout screen as an attacker posts to it: prices and totals written into the form, another
 * buyer's addresses and orders, odd and overlong text, a forged or replayed submission key. The
 * server decides every amount; nothing the form says about money is read; nothing foreign is taken.
 */

let server: ServerAddress;

const api = (token: string, method: string, path: string, body?: unknown) => apiCall(server, token, method, path, body);

const buyer = () => signedInBuyer(server);

/**
 * Amsterdam's items this file offers on, read once: other files buy on the same shared server, and an
 * item that drops under 20 would shift every offset after it (a buyer's second offer on one item
 * answers 200, not 201). The last of the list, with ten increments or more: the other files buy two
 * increments of the first items, and an item bought down under this file's two answers 400.
 */
let items: { itemNumberWarehouse: string; incrementSize: number; listPrice: number; quantityAvailable: number }[];

/** Puts the nth of the file's items in the buyer's cart and hands it to checkout through the cart page; answers the checkout's id. */
async function atCheckout(who: Buyer, nth: number) {
  const item = items[nth]!;
  const placed = await api(who.token, 'POST', '/stocklist/offer', {
    itemNumberWarehouse: item.itemNumberWarehouse,
    offerQuantity: item.incrementSize * 2,
    offerPrice: item.listPrice,
  });
  expect(placed.status).toBe(201);
  const handOff = await who.client.post('/cart', {
    intent: 'checkout',
    box: 'AMS',
    offerId: String(placed.body.offerId),
  });
  expect(handOff.headers.get('location')).toBe('/checkout/Amsterdam');
  const page = await who.client.request('/checkout/Amsterdam');
  const html = await page.text();
  const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(html)![1]!;
  const ids = [...html.matchAll(/name="(shippingAddressId|billingAddressId)" value="(\d+)"/g)].map((m) => [m[1], m[2]]);
  return {
    submissionKey,
    shippingAddressId: ids.find(([n]) => n === 'shippingAddressId')![1]!,
    billingAddressId: ids.find(([n]) => n === 'billingAddressId')![1]!,
  };
}

const fullForm = (at: Awaited<ReturnType<typeof atCheckout>>, extra: Record<string, string> = {}) => ({
  submissionKey: at.submissionKey,
  wasShippingAddressId: at.shippingAddressId,
  wasShippingMethodCode: 'ACME_STANDARD_SHIPPING',
  wasInsured: 'no',
  shippingAddressId: at.shippingAddressId,
  shippingMethodCode: 'ACME_STANDARD_SHIPPING',
  insured: 'no',
  billingAddressId: at.billingAddressId,
  paymentMethodCode: 'WIRE_TRANSFER',
  ...extra,
});

const orders = async (email: string) =>
  (await fetch(`${server.url}/px-api-gateway/admin/orders?email=${encodeURIComponent(email)}`, {
    headers: { 'x-admin-token': adminToken(server) },
  }).then((r) => r.json())) as { phonexOrderNumber: string; total: number }[];

let alice: Buyer;
let mallory: Buyer;

beforeAll(async () => {
  server = await sharedServer();
  [alice, mallory] = [await buyer(), await buyer()];
  const amsterdam: (typeof items)[number][] = (
    await api(alice.token, 'GET', '/admin/stock?warehouse=AMS&minQuantity=20&limit=5000')
  ).body;
  items = amsterdam.filter((i) => i.quantityAvailable >= 10 * i.incrementSize).slice(-8);
  expect(items).toHaveLength(8);
});

describe('checkout under attack', () => {
  it('money in the form is not read: a form with prices is refused, and the order is priced by the server', async () => {
    const at = await atCheckout(alice, 0);
    // Names the checkout's schema does not read are a 400 that changes nothing.
    const tampered = fullForm(at, {
      intent: 'hold',
      unitPrice: '0.01',
      total: '1',
      subtotal: '1',
      freight: '0',
      paymentFee: '0',
      price: '0.01',
    });
    expect((await alice.client.post('/checkout/Amsterdam', tampered)).status).toBe(400);
    expect(await orders(alice.email)).toEqual([]);
    const answer = await alice.client.post('/checkout/Amsterdam', fullForm(at, { intent: 'hold' }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/^\/checkout\/order-release-confirmation\?order=SO-/);
    const [order] = await orders(alice.email);
    const summary = await api(alice.token, 'GET', `/orders/${order!.phonexOrderNumber}/summary`);
    const subtotal = summary.body.lineItems.reduce(
      (n: number, l: { quantity: number; unitPrice: number }) => n + l.quantity * l.unitPrice,
      0,
    );
    expect(summary.body.charges.subtotal).toBe(subtotal);
    expect(order!.total).toBe(summary.body.charges.total);
    expect(order!.total).toBeGreaterThan(subtotal);
  });

  it("another buyer's address is not a choice, and nothing is saved", async () => {
    const theirs = await atCheckout(alice, 1);
    const at = await atCheckout(mallory, 2);
    const answer = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, {
        intent: 'done:shippingAddress',
        shippingAddressId: theirs.shippingAddressId,
        wasShippingAddressId: theirs.shippingAddressId,
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Please select a shipping address.');
    const billing = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', billingAddressId: theirs.billingAddressId }),
    );
    expect(billing.status).toBe(400);
    expect(await orders(mallory.email)).toEqual([]);
  });

  it('a refused DONE says why beside its button, on the page the post answers: its fragment opens the page there, untouched fields show no error', async () => {
    const at = await atCheckout(alice, 4);
    const page = await (await alice.client.request('/checkout/Amsterdam?edit=shippingAddress')).text();
    // Without scripts each DONE posts to the page's own address with its reason's fragment.
    expect(page).toContain('formaction="/checkout/Amsterdam?edit=shippingAddress#row-shippingAddress-done"');
    const answer = await alice.client.post(
      '/checkout/Amsterdam?edit=shippingAddress',
      fullForm(at, { intent: 'done:shippingAddress', open: 'shippingAddress', insured: '', wasShippingMethodCode: '' }),
    );
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toMatch(/id="row-shippingAddress-done"[^>]*><p>Please finalize the following: Shipping Method<\/p>/);
    // The insurance question the buyer has not answered yet is not refused in red before its own DONE.
    expect(html).not.toContain('Please Select Insurance.');
  });

  it("a refused order answers the error summary, each error a link to its field; the buyer's reference is kept across a DONE, refused past its limit, stored with the order", async () => {
    const carol = await buyer();
    const at = await atCheckout(carol, 5);
    const summaryOf = async (response: Response) => {
      const page = new JSDOM(await response.text()).window.document;
      const summary = page.querySelector('.error-summary[role="alert"]');
      const links = [...(summary?.querySelectorAll('a[href^="#"]') ?? [])].map((a) => ({
        text: a.textContent,
        // Each link leads to a field of the page.
        field: page.getElementById(a.getAttribute('href')!.slice(1))?.getAttribute('name'),
      }));
      return { page, title: summary?.querySelector('h2')?.textContent, links };
    };
    // Rows to finish: the spec's sentence, then each refused field.
    const blocked = await summaryOf(
      await carol.client.post('/checkout/Amsterdam', fullForm(at, { intent: 'hold', paymentMethodCode: '' })),
    );
    expect(blocked.title).toBe('There is a problem');
    expect(blocked.page.querySelector('.error-summary')!.textContent).toContain(
      'Please finalize the following: Payment Method',
    );
    expect(blocked.links).toEqual([
      { text: 'Please select a payment method before continuing', field: 'paymentMethodCode' },
    ]);

    const tooLong = await carol.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', refOrderNumber: 'P'.repeat(41) }),
    );
    expect(tooLong.status).toBe(400);
    const refused = await summaryOf(tooLong);
    const message =
      'Enter a reference of up to 40 letters, digits, spaces and . _ / -, starting and ending with a letter or digit';
    expect(refused.links).toEqual([{ text: message, field: 'refOrderNumber' }]);
    const field = refused.page.getElementById('checkout-refOrderNumber') as HTMLInputElement;
    expect([field.value, field.getAttribute('aria-invalid'), field.maxLength]).toEqual(['P'.repeat(41), 'true', 40]);
    expect(refused.page.getElementById('checkout-refOrderNumber-error')!.textContent).toBe(message);
    // Far past any page of ours: the same message, never a 5xx.
    const huge = await carol.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', refOrderNumber: 'P'.repeat(5000) }),
    );
    expect(huge.status).toBe(400);
    expect((await summaryOf(huge)).links).toEqual([{ text: message, field: 'refOrderNumber' }]);
    expect(await orders(carol.email)).toEqual([]);

    // A DONE's redirect brings the reference back with the page.
    const done = await carol.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'done:shippingAddress', refOrderNumber: 'PO-2026/77' }),
    );
    expect(done.status).toBe(302);
    const again = new JSDOM(await (await carol.client.request(done.headers.get('location')!)).text()).window.document;
    expect((again.getElementById('checkout-refOrderNumber') as HTMLInputElement).value).toBe('PO-2026/77');
    const placed = await carol.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', refOrderNumber: 'PO-2026/77' }),
    );
    expect(placed.status).toBe(302);
    const [order] = await orders(carol.email);
    const summary = await api(carol.token, 'GET', `/orders/${order!.phonexOrderNumber}/summary`);
    expect(summary.body.refOrderNumberOrPhonexOrderNumber).toBe('PO-2026/77');
  });

  it('overlong, odd and non-numeric text gets the rule or a 400, never a 5xx', async () => {
    const at = await atCheckout(mallory, 3);
    const long = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'done:shippingMethod', shippingInstructions: 'x'.repeat(2000) }),
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Shipping instructions can be at most 1,024 characters.');
    const huge = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'done:shippingMethod', shippingInstructions: 'x'.repeat(10_000) }),
    );
    expect(huge.status).toBe(400);
    const odd = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'done:shippingMethod', insured: 'yes', wasInsured: 'yes', insuredAmount: 'lots' }),
    );
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain('Invalid value, must be greater than');
    for (const form of [
      fullForm(at, { intent: 'release-now' }),
      fullForm(at, { intent: '__proto__' }),
      fullForm(at, { intent: 'hold', submissionKey: 'not-a-key' }),
      fullForm(at, { intent: 'hold', shippingAddressId: '-1' }),
      fullForm(at, { intent: 'hold', insured: 'maybe' }),
      fullForm(at, { intent: 'hold', open: 'everything' }),
      fullForm(at, { intent: 'update-confirmed' }),
    ]) {
      const response = await mallory.client.post('/checkout/Amsterdam', form);
      expect(response.status, JSON.stringify(form)).toBe(400);
    }
    expect(await orders(mallory.email)).toEqual([]);
  });

  it("an insured amount above the order's maximum, or of 0, is refused beside its field in the spec's words (moved from the checkout journey)", async () => {
    const at = await atCheckout(mallory, 5);
    const insured = (insuredAmount: string) =>
      fullForm(at, { intent: 'done:shippingMethod', insured: 'yes', wasInsured: 'yes', insuredAmount });
    const above = await mallory.client.post('/checkout/Amsterdam', insured('999999'));
    expect(above.status).toBe(400);
    const field = (html: string) => new JSDOM(html).window.document.querySelector('[name="insuredAmount"]')!;
    const aboveField = field(await above.text());
    expect(aboveField.getAttribute('aria-invalid')).toBe('true');
    expect(
      aboveField.ownerDocument.getElementById(aboveField.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
    ).toMatch(/^Max Value for this order is \$[\d,]+\.\d\d$/);
    const zero = await mallory.client.post('/checkout/Amsterdam', insured('0'));
    expect(zero.status).toBe(400);
    expect(await zero.text()).toContain('Invalid value, must be greater than $0.00');
    expect(await orders(mallory.email)).toEqual([]);
  });

  it('a forged or stale submission key creates nothing', async () => {
    const at = await atCheckout(mallory, 4);
    const forged = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', submissionKey: crypto.randomUUID() }),
    );
    expect(forged.headers.get('location')).toBe('/cart');
    expect(await orders(mallory.email)).toEqual([]);
    // Alice's key in Mallory's checkout.
    const aliceAt = await atCheckout(alice, 5);
    const stolen = await mallory.client.post(
      '/checkout/Amsterdam',
      fullForm(at, { intent: 'hold', submissionKey: aliceAt.submissionKey }),
    );
    expect(stolen.headers.get('location')).toBe('/cart');
    expect(await orders(mallory.email)).toEqual([]);
  });

  it("another buyer's order cannot be reviewed, joined or shown", async () => {
    const [aliceOrder] = await orders(alice.email);
    const at = await atCheckout(mallory, 6);
    expect(at.submissionKey).toBeTruthy();
    const join = await mallory.client.post('/cart', { intent: 'add-to-existing-order', box: 'AMS', offerId: '1' });
    expect(join.status).toBeLessThan(500);
    const review = await mallory.client.request(
      `/checkout/add-to-unshipped-order/Amsterdam/${aliceOrder!.phonexOrderNumber}`,
    );
    // Back to the cart, which with scripts may hand over again only what this browser kept of its own.
    expect(review.headers.get('location')).toBe('/cart?resume=Amsterdam');
    const thanks = await mallory.client.request(
      `/checkout/order-release-confirmation?order=${aliceOrder!.phonexOrderNumber}`,
    );
    expect(thanks.headers.get('location')).toBe('/stock');
    expect((await api(mallory.token, 'GET', `/orders/${aliceOrder!.phonexOrderNumber}/summary`)).status).toBe(404);
  });

  it("another buyer's offer id in the cart's forms changes nothing (moved from the cart journey)", async () => {
    const item = items[7]!;
    const offer = await api(alice.token, 'POST', '/stocklist/offer', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      offerQuantity: item.incrementSize,
      offerPrice: item.listPrice,
    });
    expect(offer.status).toBe(201);
    // Her cart whole, but for the items' stock, which other files' buyers change meanwhile.
    const cart = async () =>
      ((await api(alice.token, 'GET', '/cart/items')).body as { quantityAvailable: number }[]).map(
        ({ quantityAvailable: _stock, ...line }) => line,
      );
    const before = await cart();
    const offerId = String(offer.body.offerId);
    for (const form of <Record<string, string>[]>[
      { intent: `delete:${offerId}`, box: 'AMS' },
      { intent: `save:${offerId}`, box: 'AMS', offerId, quantity: '1', price: '1' },
      { intent: 'move-to-cart', box: 'AMS', offerId },
    ]) {
      const answer = await mallory.client.post('/cart', form);
      expect(answer.status, form.intent).toBeLessThan(500);
    }
    expect(await cart()).toEqual(before);
  });
});
