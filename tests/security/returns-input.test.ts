import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, Client, createBuyer, type ServerAddress, type SignedInBuyer as Buyer } from './server';
import { sharedServer } from './shared-server';
import { firstChoices } from '../integration/harness';

/**
 * The isolation matrix for returns (issue 38): another buyer's request, order and IMEIs, through the
 * portal's pages and forms and through the tenant API. Each answers as if it did not exist and
 * changes nothing; forms outside their schema are 4xx; a replayed request makes one request.
 */

let server: ServerAddress;
const api = (token: string, method: string, path: string, body?: unknown) => apiCall(server, token, method, path, body);

async function returnsBuyer(): Promise<Buyer> {
  const { email, password } = await createBuyer(server, ['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS']);
  const client = new Client(server.url);
  await client.signIn(email, password);
  const signIn = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { client, email, token: ((await signIn.json()) as { accessToken: string }).accessToken };
}

/** A released order of two units of one Amsterdam item, shipped yesterday with IMEIs. */
async function shipped(who: Buyer, offset: number) {
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
    readyToRelease: true,
    selection,
  });
  const orderNumber = submitted.body.phonexOrderNumber as string;
  const ship = await api(who.token, 'POST', `/admin/orders/${orderNumber}/ship`, {
    trackingNumber: `1ZSEC${offset}`,
    generateImeis: true,
    at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  expect(ship.status, JSON.stringify(ship.body)).toBe(201);
  return { orderNumber, imeis: (ship.body.shipment.lines as { imeis: string[] }[]).flatMap((l) => l.imeis) };
}

const requestOf = (orderNumber: string, imei: string, key = `sec-${Math.random().toString(36).slice(2, 12)}`) => ({
  orderNumber,
  idempotencyKey: key,
  note: '',
  units: [{ imei, reasonCode: 'DOA' }],
});

let alice: Buyer;
let mallory: Buyer;

beforeAll(async () => {
  server = await sharedServer();
  [alice, mallory] = [await returnsBuyer(), await returnsBuyer()];
}, 120_000);

describe("another buyer's returns", () => {
  it('answer 404 through the tenant API and change nothing', async () => {
    const order = await shipped(alice, 0);
    const { rmaNumber } = (await api(alice.token, 'POST', '/returns', requestOf(order.orderNumber, order.imeis[0]!)))
      .body;
    expect((await api(mallory.token, 'GET', `/returns/${rmaNumber}`)).status).toBe(404);
    expect((await api(mallory.token, 'POST', `/returns/${rmaNumber}/cancel`, {})).status).toBe(404);
    expect((await api(mallory.token, 'GET', `/returns/orders/${order.orderNumber}`)).status).toBe(404);
    expect((await api(mallory.token, 'POST', '/returns', requestOf(order.orderNumber, order.imeis[1]!))).status).toBe(
      404,
    );
    // Alice's IMEI on an order of Mallory's own is not a unit of it.
    const own = await shipped(mallory, 1);
    const foreign = await api(mallory.token, 'POST', '/returns', requestOf(own.orderNumber, order.imeis[1]!));
    expect(foreign.body).toMatchObject({ messageCode: 'return.refused.notShipped' });
    for (const search of [rmaNumber, order.orderNumber, order.imeis[0]])
      expect((await api(mallory.token, 'GET', `/returns?search=${search}`)).body.total, search).toBe(0);
    expect((await api(alice.token, 'GET', `/returns/${rmaNumber}`)).body).toMatchObject({
      status: 'REQUESTED',
      history: [{ to: 'REQUESTED' }],
    });
    expect((await api(alice.token, 'GET', '/returns')).body.total).toBe(1);
  });

  it('are not found through the portal, and its forms change nothing of them', async () => {
    const order = await shipped(alice, 2);
    const { rmaNumber } = (await api(alice.token, 'POST', '/returns', requestOf(order.orderNumber, order.imeis[0]!)))
      .body;
    const page = await mallory.client.request(`/returns/${rmaNumber}`);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/returns');
    const cancel = await mallory.client.post(`/returns/${rmaNumber}`, { intent: 'cancel' });
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get('location')).toBe('/returns');
    const form = await mallory.client.request(`/returns/new?order=${order.orderNumber}`);
    expect(form.status).toBe(404);
    expect(await form.text()).not.toContain(order.imeis[1]!);
    const posted = await mallory.client.post('/returns/new', {
      intent: 'request',
      order: order.orderNumber,
      key: 'sec-forged-key-1',
      note: '',
      'units[0].imei': order.imeis[1]!,
      'units[0].chosen': 'on',
      'units[0].reason': 'DOA',
    });
    expect(posted.status).toBe(404);
    const list = await mallory.client.request(`/returns?search=${order.imeis[0]}`);
    expect(await list.text()).not.toContain(rmaNumber);
    expect((await api(alice.token, 'GET', `/returns/${rmaNumber}`)).body.status).toBe('REQUESTED');
    expect(
      (await api(alice.token, 'GET', `/returns/orders/${order.orderNumber}`)).body.units.map(
        (u: { refusal: string | null }) => u.refusal,
      ),
    ).toEqual(['inOpenRequest', null]);
  });
});

describe('return forms as an attacker posts them', () => {
  it('refuses what is outside the schema with a 4xx and makes nothing; a replay makes one request', async () => {
    const order = await shipped(alice, 3);
    const imei = order.imeis[0]!;
    const before = (await api(alice.token, 'GET', '/returns')).body.total as number;
    const base = {
      intent: 'request',
      order: order.orderNumber,
      key: 'sec-replayed-key',
      note: '',
      'units[0].imei': imei,
      'units[0].chosen': 'on',
      'units[0].reason': 'DOA',
    };
    const refused = async (form: Record<string, string> | URLSearchParams, path = '/returns/new') => {
      const answer = await alice.client.post(path, form);
      expect(answer.status, String(new URLSearchParams(form))).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    };
    await refused({ ...base, intent: 'approve' });
    await refused({ ...base, extra: 'x' });
    await refused({ ...base, 'units[0].imei': '12345' });
    await refused({ ...base, 'units[0].extra': 'x' });
    await refused({ ...base, 'units[0].chosen': 'yes' });
    await refused({ ...base, 'units[0].reason': '' });
    await refused({ ...base, 'units[0].reason': 'NOT_A_REASON' });
    await refused({ ...base, 'units[0].chosen': '' });
    await refused({ ...base, note: 'x'.repeat(1001) });
    await refused(new URLSearchParams([...Object.entries(base), ['intent', 'request']]));
    await refused({ intent: 'approve' }, `/returns/RMA-X-1`);
    const json = await alice.client.request('/returns/new', {
      method: 'POST',
      body: JSON.stringify(base),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect((await api(alice.token, 'GET', '/returns')).body.total).toBe(before);

    const first = await alice.client.post('/returns/new', base);
    const again = await alice.client.post('/returns/new', base);
    expect(first.status).toBe(302);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect((await api(alice.token, 'GET', '/returns')).body.total).toBe(before + 1);
  });
});

describe('the return form chooses many units at once, and a reason for each chosen one', () => {
  const pageOf = async (answer: Response) => new JSDOM(await answer.text()).window.document;
  const reasonOf = (page: Document, row: number) =>
    page.querySelector<HTMLSelectElement>(`select[name="units[${row}].reason"]`)!;
  const chosen = (page: Document, row: number) =>
    page.querySelector<HTMLInputElement>(`input[name="units[${row}].chosen"]`)!.checked;
  /** The error said beside a field: the error its aria-describedby names. */
  const besides = (page: Document, field: Element) => {
    const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
    return page.getElementById(ids.find((id) => id.endsWith('-error')) ?? '')?.textContent?.trim();
  };

  it('starts with no reason, refuses a chosen unit without one beside it, and makes nothing', async () => {
    const order = await shipped(alice, 4);
    const path = `/returns/new?order=${order.orderNumber}`;
    const page = await pageOf(await alice.client.request(path));
    for (const row of [0, 1]) {
      expect(reasonOf(page, row).value).toBe('');
      expect(reasonOf(page, row).options[0]!.textContent).toBe('Choose a reason');
      expect(reasonOf(page, row).required).toBe(false);
    }
    const before = (await api(alice.token, 'GET', '/returns')).body.total as number;
    const answer = await alice.client.post(path, {
      intent: 'request',
      order: order.orderNumber,
      key: 'sec-no-reason-key',
      note: '',
      'units[0].imei': order.imeis[0]!,
      'units[0].chosen': 'on',
      'units[0].reason': '',
      'units[1].imei': order.imeis[1]!,
      'units[1].reason': '',
    });
    expect(answer.status).toBe(400);
    const refused = await pageOf(answer);
    expect(besides(refused, reasonOf(refused, 0))).toBe('Choose a reason for this unit.');
    expect(reasonOf(refused, 0).required).toBe(true);
    expect(reasonOf(refused, 0).getAttribute('aria-invalid')).toBe('true');
    expect(reasonOf(refused, 1).getAttribute('aria-invalid')).toBeNull();
    expect((await api(alice.token, 'GET', '/returns')).body.total).toBe(before);
  });

  it('selects all, or the pasted IMEIs, and names beside the list what it could not choose', async () => {
    const order = await shipped(alice, 5);
    const [held, open] = order.imeis as [string, string];
    // One unit is in an open request already: it cannot be chosen.
    await api(alice.token, 'POST', '/returns', requestOf(order.orderNumber, held));
    const path = `/returns/new?order=${order.orderNumber}`;
    const before = (await api(alice.token, 'GET', '/returns')).body.total as number;
    const form = {
      order: order.orderNumber,
      key: 'sec-pick-key-1',
      note: '',
      paste: '',
      pickReason: '',
      'units[0].imei': open,
      'units[0].reason': '',
    };

    const all = await alice.client.post(path, { ...form, intent: 'select-all', pickReason: 'NOT_AS_GRADED' });
    expect(all.status).toBe(200);
    const selected = await pageOf(all);
    expect(chosen(selected, 0)).toBe(true);
    expect(reasonOf(selected, 0).value).toBe('NOT_AS_GRADED');
    expect(reasonOf(selected, 0).required).toBe(true);
    expect(selected.querySelector('.returns-pick [role="status"]')?.textContent).toBe(
      '1 unit selected. Check the reasons below, then request the return.',
    );

    const pasted = await alice.client.post(path, {
      ...form,
      intent: 'paste',
      paste: `${open}\r\n${held}, 123456789012345;nonsense\t${open}`,
    });
    expect(pasted.status).toBe(400);
    const picked = await pageOf(pasted);
    expect(chosen(picked, 0)).toBe(true);
    // No reason was chosen for them: the unit keeps its own (none), and must get one before it is requested.
    expect(reasonOf(picked, 0).value).toBe('');
    const paste = picked.querySelector('textarea[name="paste"]')!;
    expect(paste.textContent).toContain('nonsense');
    expect(besides(picked, paste)).toBe(
      `Not units of this order: 123456789012345, nonsense Cannot be returned now: ${held}`,
    );

    const many = Array.from({ length: 901 }, (_, i) => String(i).padStart(15, '0')).join(' ');
    const tooMany = await pageOf(await alice.client.post(path, { ...form, intent: 'paste', paste: many }));
    expect(besides(tooMany, tooMany.querySelector('textarea[name="paste"]')!)).toBe(
      'Paste at most 900 IMEIs at a time.',
    );
    expect(chosen(tooMany, 0)).toBe(false);
    // Choosing asks for nothing: no request was made.
    expect((await api(alice.token, 'GET', '/returns')).body.total).toBe(before);
  });
});
