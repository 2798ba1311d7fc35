import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX } from '../../app/domain/stock/saved-search';
import { savedSearches, stockItems, warehouses } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { accessToken, apiCaller, readOutbox, startTestMarketplace } from './harness';

type Harness = Awaited<ReturnType<typeof startTestMarketplace>>;

let harness: Harness;
let call: ReturnType<typeof apiCaller>;
let users = 0;

async function newUser(caller = call) {
  const email = `saved${++users}@example.com`;
  await caller('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  return { email, token: await accessToken(caller, email, DEMO_PASSWORD) };
}

/** An in-stock priced item of the tenant's own stock, with the warehouse group it is listed in. */
async function anItem(h: Harness, skip: number) {
  const rows = await h.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      itemNumber: stockItems.itemNumber,
      quantity: stockItems.quantityAvailable,
      price: stockItems.listPrice,
      group: warehouses.groupId,
    })
    .from(stockItems)
    .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
    .where(
      and(eq(stockItems.participantId, 'acme'), gt(stockItems.quantityAvailable, 5), isNotNull(stockItems.listPrice)),
    )
    .orderBy(stockItems.id);
  return rows[skip]!;
}

const mailsTo = (h: Harness, email: string) => readOutbox(h.outboxDir).filter((m) => m.to === email);
const runOn = (caller: ReturnType<typeof apiCaller>, day: string) =>
  caller('POST', `/admin/jobs/saved-search-alerts?at=${day}T12:00:00Z`);

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 200 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('saved searches in the tenant API', () => {
  it('saves a search in its canonical form, lists, renames, turns alerts on and deletes it', async () => {
    const { token } = await newUser();
    const created = await call('POST', '/saved-searches', {
      token,
      body: { name: '  iPhones   in  stock ', query: '?sort=price&q=iphone&page=3&open=x' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'iPhones in stock',
      query: 'q=iphone&sort=price',
      participantId: 'acme',
      alerts: false,
    });
    const id = created.body.id as number;
    expect((await call('GET', '/saved-searches', { token })).body.savedSearches).toHaveLength(1);
    const renamed = await call('PUT', `/saved-searches/${id}`, { token, body: { name: 'Phones' } });
    expect(renamed.body).toMatchObject({ id, name: 'Phones', alerts: false });
    expect((await call('PUT', `/saved-searches/${id}`, { token, body: { alerts: true } })).body).toMatchObject({
      name: 'Phones',
      alerts: true,
    });
    expect((await call('DELETE', `/saved-searches/${id}`, { token })).status).toBe(204);
    expect((await call('GET', '/saved-searches', { token })).body.savedSearches).toEqual([]);
    expect((await call('DELETE', `/saved-searches/${id}`, { token })).status).toBe(404);
  });

  it('refuses an empty, long or taken name and more than the limit, changing nothing', async () => {
    const { token } = await newUser();
    expect((await call('POST', '/saved-searches', { token, body: { name: '   ', query: '' } })).status).toBe(400);
    expect(
      (
        await call('POST', '/saved-searches', {
          token,
          body: { name: 'x'.repeat(SAVED_SEARCH_NAME_MAX + 1), query: '' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/saved-searches', { token, body: { name: 'A', query: '', extra: 1, alerts: 'yes' } }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/saved-searches', { token, body: { name: 'Tablets', query: 'category=TABLETS' } })).status,
    ).toBe(201);
    const taken = await call('POST', '/saved-searches', { token, body: { name: 'tablets ', query: '' } });
    expect(taken).toMatchObject({ status: 409, body: { messageCode: 'savedSearchNameTaken' } });
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++)
      expect((await call('POST', '/saved-searches', { token, body: { name: `S${i}`, query: `q=s${i}` } })).status).toBe(
        201,
      );
    const tooMany = await call('POST', '/saved-searches', { token, body: { name: 'One more', query: '' } });
    expect(tooMany).toMatchObject({ status: 422, body: { messageCode: 'savedSearchLimit' } });
    expect((await call('GET', '/saved-searches', { token })).body.savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
    const [first] = (await call('GET', '/saved-searches', { token })).body.savedSearches;
    expect((await call('PUT', `/saved-searches/${first.id}`, { token, body: { name: 'S1' } })).status).toBe(409);
    expect((await call('PUT', `/saved-searches/${first.id}`, { token, body: {} })).status).toBe(400);
  });

  it("never reaches another user's saved search", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await call('POST', '/saved-searches', {
      token: owner.token,
      body: { name: 'Mine', query: 'q=ipad', alerts: true },
    });
    expect(await call('GET', `/saved-searches/${body.id}`, { token: other.token })).toMatchObject({ status: 404 });
    expect(
      await call('PUT', `/saved-searches/${body.id}`, { token: other.token, body: { name: 'Taken over' } }),
    ).toMatchObject({ status: 404 });
    expect(await call('DELETE', `/saved-searches/${body.id}`, { token: other.token })).toMatchObject({ status: 404 });
    expect((await call('GET', '/saved-searches', { token: other.token })).body.savedSearches).toEqual([]);
    expect((await call('GET', `/saved-searches/${body.id}`, { token: owner.token })).body).toMatchObject({
      name: 'Mine',
      alerts: true,
    });
    expect((await call('GET', '/saved-searches')).status).toBe(401);
  });
});

describe('the daily saved search alerts', () => {
  it('e-mail new matches and lower prices once, with a link to the saved view, and nothing when nothing changed', async () => {
    const { email, token } = await newUser();
    const item = await anItem(harness, 3);
    const query = `q=${encodeURIComponent(item.itemNumber)}&warehouseGroup=${item.group}`;
    // Out of stock when saved: back in stock later is a new match.
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 0 } });
    const saved = await call('POST', '/saved-searches', { token, body: { name: 'Watch this', query, alerts: true } });
    expect(saved.status).toBe(201);
    const quiet = await call('POST', '/saved-searches', { token, body: { name: 'Not watched', query } });
    expect(quiet.status).toBe(201);

    await runOn(call, '2031-03-01');
    expect(mailsTo(harness, email)).toHaveLength(0);

    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 12 } });
    await runOn(call, '2031-03-02');
    let mails = mailsTo(harness, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('saved searches');
    expect(mails[0]!.text).toContain('“Watch this”: 1 new matching items, 0 lower prices');
    expect(mails[0]!.text).toContain(`(item ${item.itemNumber}), 12 available`);
    expect(mails[0]!.text).toContain(`/stock?${saved.body.query}`);
    expect(mails[0]!.text).not.toContain('Not watched');

    // The same day again, and a day with nothing new: nothing more.
    await runOn(call, '2031-03-02');
    await runOn(call, '2031-03-03');
    expect(mailsTo(harness, email)).toHaveLength(1);

    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.price! - 5 } });
    await runOn(call, '2031-03-04');
    mails = mailsTo(harness, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('“Watch this”: 0 new matching items, 1 lower prices');
    expect(mails[1]!.text).toMatch(/Cheaper: .* instead of /);

    // A raise is not news; alerts turned off send nothing.
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.price! + 5 } });
    await runOn(call, '2031-03-05');
    await call('PUT', `/saved-searches/${saved.body.id}`, { token, body: { alerts: false } });
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.price! - 20 } });
    await runOn(call, '2031-03-06');
    expect(mailsTo(harness, email)).toHaveLength(2);

    // Turned on again, it starts from the matches now.
    await call('PUT', `/saved-searches/${saved.body.id}`, { token, body: { alerts: true } });
    await runOn(call, '2031-03-07');
    expect(mailsTo(harness, email)).toHaveLength(2);
    const [row] = await harness.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved.body.id));
    expect(row!.checkedOn).toBe('2031-03-07');
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item.inw, quantityAvailable: item.quantity, listPrice: item.price },
    });
  });

  it('waits for the daily hour', async () => {
    const { email, token } = await newUser();
    const item = await anItem(harness, 5);
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 0 } });
    await call('POST', '/saved-searches', {
      token,
      body: {
        name: 'Early',
        query: `q=${encodeURIComponent(item.itemNumber)}&warehouseGroup=${item.group}`,
        alerts: true,
      },
    });
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: item.quantity } });
    await call('POST', '/admin/jobs/saved-search-alerts?at=2031-04-01T00:30:00Z');
    expect(mailsTo(harness, email)).toHaveLength(0);
    await runOn(call, '2031-04-01');
    expect(mailsTo(harness, email)).toHaveLength(1);
  });
});

describe('in a French tenant', () => {
  let french: Harness;
  let frCall: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    french = await startTestMarketplace({ items: 60, config: loadTenantConfig('config/tenants/second.json') });
    frCall = apiCaller(french.marketplace);
  });
  afterAll(() => french.close());

  it('the alert e-mail is in French', async () => {
    const { email, token } = await newUser(frCall);
    const item = await anItem(french, 2);
    await frCall('POST', '/saved-searches', {
      token,
      body: {
        name: 'Suivi',
        query: `q=${encodeURIComponent(item.itemNumber)}&warehouseGroup=${item.group}`,
        alerts: true,
      },
    });
    await frCall('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.price! - 3 } });
    await runOn(frCall, '2031-05-01');
    const [mail] = mailsTo(french, email);
    expect(mail!.subject).toContain('recherches enregistrées');
    expect(mail!.text).toContain('«\u202fSuivi\u202f»\u00a0: 0 nouveaux articles correspondants, 1 baisses de prix');
    expect(mail!.text).toContain('Recherches enregistrées');
    expect(mail!.text).not.toMatch(/Cheaper|saved searches/);
  });
});
