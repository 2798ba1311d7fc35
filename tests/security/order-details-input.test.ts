import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInBuyer, type ServerAddress, type SignedInBuyer as Buyer } from './server';
import { readPage } from './page-html';
import { sharedServer } from './shared-server';
import { firstChoices } from '../integration/harness';

/**
 * The order details screen as an attacker posts to it: another buyer's order and lines, intents
 * outside the set, overlong and odd values, a body that is no form, and a save replayed after it
 * went through. Nothing foreign changes, nothing changes twice, no answer is a 500.
 */

let server: ServerAddress;

const api = (token: string, method: string, path: string, body?: unknown) => apiCall(server, token, method, path, body);

const buyer = () => signedInBuyer(server);

/** An on-hold order of one Amsterdam line (two increments), placed through the tenant API. */
async function placed(who: Buyer, offset: number) {
  const [item] = (await api(who.token, 'GET', `/admin/stock?warehouse=AMS&minQuantity=20&offset=${offset}&limit=1`))
    .body;
  const offer = await api(who.token, 'POST', '/stocklist/offer', {
    itemNumberWarehouse: item.itemNumberWarehouse,
    offerQuantity: item.incrementSize * 2,
    offerPrice: item.listPrice,
  });
  const { checkoutId } = (await api(who.token, 'POST', '/cart/cart-checkout/AMS', [offer.body.offerId])).body;
  const payload = (await api(who.token, 'GET', `/checkout/${checkoutId}`)).body;
  const selection = firstChoices(payload);
  const submitted = await api(who.token, 'POST', `/checkout/${checkoutId}/submit`, {
    submissionKey: payload.submissionKey,
    readyToRelease: false,
    selection,
  });
  const orderNumber = submitted.body.phonexOrderNumber as string;
  const details = (await api(who.token, 'GET', `/orders/${orderNumber}`)).body;
  return { orderNumber, lineId: details.salesOrder.items[0].id as number, incrementSize: item.incrementSize as number };
}

const versionOf = async (who: Buyer, orderNumber: string) =>
  (await api(who.token, 'GET', `/orders/${orderNumber}`)).body.salesOrder as {
    version: number;
    fulfillmentStatus: string;
    items: { orderedQuantity: number }[];
  };

let alice: Buyer;
let mallory: Buyer;

beforeAll(async () => {
  server = await sharedServer();
  [alice, mallory] = [await buyer(), await buyer()];
}, 120_000);

describe('order details posts', () => {
  it("another buyer's order: every command goes to the orders list and changes nothing", async () => {
    const order = await placed(alice, 0);
    for (const form of <Record<string, string>[]>[
      { intent: 'save', version: '1' },
      { intent: 'cancel-order-confirmed', version: '1', cancellationFee: '0' },
      { intent: 'release-confirmed', version: '1' },
      { intent: `line-remove:${order.lineId}` },
      { intent: `line-done:${order.lineId}`, quantity: '1' },
      { intent: 'discard' },
    ]) {
      const answer = await mallory.client.post(`/orders/${order.orderNumber}`, form);
      expect(answer.status, JSON.stringify(form)).toBe(302);
      expect(answer.headers.get('location')).toBe('/orders');
    }
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ version: 1, fulfillmentStatus: 'ON_HOLD' });
    expect((await api(alice.token, 'GET', `/orders/${order.orderNumber}`)).body.pending.count).toBe(0);
  });

  it("another buyer's order documents are not found and name nothing of it; signed out they ask to sign in (moved from the documents journey)", async () => {
    const order = await placed(alice, 3);
    for (const path of [`/orders/${order.orderNumber}/export`, `/orders/${order.orderNumber}/manifest`]) {
      const answer = await mallory.client.request(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain(order.orderNumber);
    }
    expect((await alice.client.request(`/orders/${order.orderNumber}/export`)).status).toBe(200);
    const signedOut = await fetch(`${server.url}/orders/${order.orderNumber}/export`, { redirect: 'manual' });
    expect([302, 303]).toContain(signedOut.status);
    expect(signedOut.headers.get('location')).toMatch(/^\/\?redirectTo=/);
    expect(signedOut.headers.get('content-disposition')).toBeNull();
  });

  it("another buyer's order, its terms, or an order that does not exist: not found, and nothing of the order shows (moved from the order details and terms journeys)", async () => {
    const order = await placed(alice, 7);
    for (const [path, orderNumber] of [
      [`/orders/${order.orderNumber}`, order.orderNumber],
      [`/orders/${order.orderNumber}/terms`, order.orderNumber],
      ['/orders/PX-99999999', 'PX-99999999'],
    ] as const) {
      const answer = await mallory.client.request(path);
      const shown = answer.status === 302 ? await mallory.client.request(answer.headers.get('location')!) : answer;
      expect(shown.status, path).toBe(200);
      const page = await readPage(shown);
      expect(page.getByText(`No order found of this id: ${orderNumber}`), path).toBeTruthy();
      expect(page.queryByRole('region', { name: 'Late payment policy' }), path).toBeNull();
      expect(page.document.querySelector('[data-item]'), path).toBeNull();
      if (path.endsWith('/terms')) continue;
      expect(answer.headers.get('location'), path).toBe('/orders');
    }
  });

  it("a line of another buyer's order is not a line of this one", async () => {
    const mine = await placed(alice, 1);
    const theirs = await placed(mallory, 2);
    const answer = await alice.client.post(`/orders/${mine.orderNumber}`, { intent: `line-remove:${theirs.lineId}` });
    expect(answer.status).toBe(302);
    expect((await api(alice.token, 'GET', `/orders/${mine.orderNumber}`)).body.pending.count).toBe(0);
    expect((await api(mallory.token, 'GET', `/orders/${theirs.orderNumber}`)).body.pending.count).toBe(0);
  });

  it('intents outside the set, odd values and bodies that are no form are refused with a 4xx', async () => {
    const order = await placed(alice, 3);
    const path = `/orders/${order.orderNumber}`;
    const refused = async (form: Record<string, string> | URLSearchParams) => {
      const answer = await alice.client.post(path, form);
      expect(answer.status, String(new URLSearchParams(form))).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    };
    await refused({ intent: 'delete-everything' });
    await refused({ intent: 'line-remove:abc' });
    await refused({ intent: 'line-remove:0' });
    await refused({ intent: `line-done:${order.lineId}`, quantity: '9'.repeat(10_000) });
    await refused({ intent: 'save', version: 'one' });
    await refused({ intent: 'save', version: '-1' });
    await refused(
      new URLSearchParams([
        ['intent', 'save'],
        ['intent', 'cancel-order-confirmed'],
        ['version', '1'],
      ]),
    );
    const json = await alice.client.request(path, {
      method: 'POST',
      body: JSON.stringify({ intent: 'save', version: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    // A quantity that is no number is the rule's message on the page, not a change.
    const typed = await alice.client.post(path, { intent: `line-done:${order.lineId}`, quantity: '١٢' });
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain('Invalid order quantity');
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ version: 1 });
  });

  it('a save replayed after it went through is refused as outdated; the change happens once', async () => {
    const order = await placed(alice, 4);
    const path = `/orders/${order.orderNumber}`;
    const done = await alice.client.post(path, {
      intent: `line-done:${order.lineId}`,
      quantity: String(order.incrementSize * 3),
    });
    expect(done.status).toBe(302);
    const save = { intent: 'save', version: '1' };
    expect((await alice.client.post(path, save)).status).toBe(302);
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({
      version: 2,
      items: [{ orderedQuantity: order.incrementSize * 3 }],
    });
    const replay = await alice.client.post(path, save);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(path);
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ version: 2 });
    // So is a cancel naming the version before the save.
    await alice.client.post(path, { intent: 'cancel-order-confirmed', version: '1', cancellationFee: '0' });
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ version: 2, fulfillmentStatus: 'ON_HOLD' });
  });

  it("a canceled order's page holds no form that cannot change anything (no empty lines form)", async () => {
    const order = await placed(alice, 6);
    const path = `/orders/${order.orderNumber}`;
    const cancel = { intent: 'cancel-order-confirmed', version: '1' };
    // A cancellation fee other than the one a cancellation now charges is shown again before anything counts.
    const moved = await alice.client.post(path, { ...cancel, cancellationFee: '5' });
    expect(moved.status).toBe(409);
    expect(await moved.text()).toContain('The cancellation fee has changed since it was shown. Please confirm again.');
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ version: 1, fulfillmentStatus: 'ON_HOLD' });
    expect((await alice.client.post(path, { ...cancel, cancellationFee: 'none' })).status).toBe(400);
    expect((await alice.client.post(path, cancel)).status).toBe(400);
    expect((await alice.client.post(path, { ...cancel, cancellationFee: '0' })).status).toBe(302);
    expect(await versionOf(alice, order.orderNumber)).toMatchObject({ fulfillmentStatus: 'CANCELED' });
    const page = new JSDOM(await (await alice.client.request(path)).text()).window.document;
    expect(page.querySelector(`[data-item]`), 'the lines are shown').not.toBeNull();
    expect(page.querySelector('#order-lines')).toBeNull();
    expect(page.querySelectorAll('[form="order-lines"]')).toHaveLength(0);
    // Every form left on the page has something to send.
    const empty = [...page.querySelectorAll('main form[method="post"]')].filter(
      (form) => !form.querySelector('button, input:not([type="hidden"]), select, textarea'),
    );
    expect(empty.map((form) => form.outerHTML.slice(0, 120))).toEqual([]);
  });
});
