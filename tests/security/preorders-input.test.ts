import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../app/locales/en';
import { apiCall, createBuyer, signedInBuyer, Client, type ServerAddress, type SignedInBuyer } from './server';
import { sharedServer } from './shared-server';

/**
 * Pre-orders (issue 53) through the built server: another buyer's commitment answers 404 and changes
 * nothing, through the tenant API and the page's form; bad input (not a whole number, negative,
 * below the minimum, above the expected quantity, past the cut-off, not authorised) is refused
 * beside its field, never a 500; a form field outside the schema is a 400. A pre-order the seller
 * canceled shows its reason beside the buyer's canceled commitment.
 */
let server: ServerAddress;
let alice: SignedInBuyer;
let mallory: SignedInBuyer;
let preorderId: number;
let rangeId: number;

const api = (who: SignedInBuyer, method: string, path: string, body?: unknown) =>
  apiCall(server, who.token, method, path, body);
const announce = async (terms: Record<string, unknown>) =>
  (
    await api(alice, 'POST', '/admin/preorders', {
      warehouseCode: 'MIA',
      itemNumber: `SEC-${Math.random().toString(36).slice(2, 8)}`,
      model: 'Galaxy S24',
      grade: 'B',
      capacity: '256GB',
      expectedQuantity: 50,
      expectedDate: '2027-02-01',
      minimumCommitment: 5,
      cutOff: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      ...terms,
    })
  ).body.id as number;
const commit = (who: SignedInBuyer, id: number, fields: Record<string, string>) =>
  who.client.post('/preorders', {
    intent: 'commit',
    preorderId: String(id),
    quantity: '',
    maxUnitPrice: '',
    ...fields,
  });

beforeAll(async () => {
  server = await sharedServer();
  [alice, mallory] = [await signedInBuyer(server), await signedInBuyer(server)];
  preorderId = await announce({ unitPrice: 30_000 });
  rangeId = await announce({ priceMin: 28_000, priceMax: 32_000 });
}, 120_000);

describe("another buyer's pre-order commitment", () => {
  it('answers 404 through the tenant API and the page, and changes nothing', async () => {
    expect((await commit(alice, preorderId, { quantity: '10' })).status).toBe(302);
    expect((await api(mallory, 'DELETE', `/preorders/${preorderId}/commitment`)).status).toBe(404);
    const withdraw = await mallory.client.post('/preorders', { intent: 'withdraw', preorderId: String(preorderId) });
    expect(withdraw.status).toBe(404);
    const page = await (await mallory.client.request('/preorders')).text();
    expect(page).not.toContain('data-state="OPEN"');
    expect((await api(alice, 'GET', '/preorders')).body.commitments).toMatchObject([
      { preorderId, quantity: 10, state: 'OPEN' },
    ]);
  });
});

/** The refusals the page shows beside each field of one pre-order's commit form, in English, by field name. */
async function besideFields(response: Response, id: number) {
  const html = await response.text();
  const found: Record<string, string> = {};
  for (const [, field, text] of html.matchAll(new RegExp(`id="commit-${id}-(\\w+)-error"[^>]*>([^<]+)<`, 'g')))
    found[field!] = text!.replace(/&#x27;/g, "'");
  return found;
}
const english = (key: string) => en[key as keyof typeof en];

describe('the commit form', () => {
  it.each([
    ['2.5', 'Not a whole number', 'entry.errors.notWhole'],
    ['-3', 'negative', 'entry.errors.notNumber'],
    ['4', 'below the minimum', 'preorders.errors.belowMinimum'],
    ['51', 'above the expected quantity', 'preorders.errors.aboveExpected'],
    ['', 'empty', 'preorders.errors.required'],
  ])('refuses %s (%s) beside the quantity', async (quantity, _why, key) => {
    const response = await commit(mallory, preorderId, { quantity });
    expect(response.status).toBe(422);
    expect(await besideFields(response, preorderId)).toEqual({ quantity: english(key) });
  });

  it('refuses a maximum price below the range beside the price, and a pre-order past its cut-off beside the quantity', async () => {
    const low = await commit(mallory, rangeId, { quantity: '5', maxUnitPrice: '279' });
    expect(await besideFields(low, rangeId)).toEqual({ maxUnitPrice: english('preorders.errors.priceBelowRange') });
    const past = await announce({ unitPrice: 30_000, cutOff: new Date(Date.now() - 60_000).toISOString() });
    const closed = await commit(mallory, past, { quantity: '5' });
    expect(closed.status).toBe(409);
    // Shown again, though no longer open, with the refusal beside its quantity.
    expect(await besideFields(closed, past)).toEqual({ quantity: english('preorders.errors.closed') });
    expect((await api(mallory, 'GET', '/preorders')).body.commitments).toEqual([]);
  });

  it('refuses a buyer without the authority to buy beside the quantity, and a field outside the form with a 400', async () => {
    const { email, password } = await createBuyer(server, []);
    const client = new Client(server.url);
    await client.signIn(email, password);
    const refused = await client.post('/preorders', {
      intent: 'commit',
      preorderId: String(preorderId),
      quantity: '5',
      maxUnitPrice: '',
    });
    expect(refused.status).toBe(422);
    expect(await besideFields(refused, preorderId)).toEqual({ quantity: english('preorders.errors.notAllowed') });
    expect((await commit(mallory, preorderId, { quantity: '5', extra: '1' })).status).toBe(400);
    expect((await mallory.client.post('/preorders', { intent: 'bid', preorderId: String(preorderId) })).status).toBe(
      400,
    );
  });
});

describe('a pre-order the seller canceled', () => {
  it('says so with the reason in its buyer’s commitments, and a commitment to it is refused beside the quantity', async () => {
    const buyer = await signedInBuyer(server);
    const id = await announce({ unitPrice: 30_000 });
    expect((await commit(buyer, id, { quantity: '10' })).status).toBe(302);
    const canceled = await api(alice, 'POST', `/admin/preorders/${id}/cancel`, { reason: 'Shipment <lost> & gone' });
    expect(canceled.body.status).toBe('CANCELED');
    const page = await (await buyer.client.request('/preorders')).text();
    expect(page).toContain(
      `<tr data-state="CANCELED"><th scope="row">Galaxy S24 256GB B</th><td class="num" data-label="${english('preorders.column.quantity')}">10</td><td class="num" data-label="${english('preorders.column.unitPrice')}">$300.00</td><td data-label="${english('preorders.column.state')}">${english('preorders.state.CANCELED')}<span class="preorder-commitments__reason">Reason: Shipment &lt;lost&gt; &amp; gone</span></td>`,
    );
    const refused = await commit(buyer, id, { quantity: '10' });
    expect(refused.status).toBe(409);
    expect(await besideFields(refused, id)).toEqual({ quantity: english('preorders.errors.closed') });
  });
});
