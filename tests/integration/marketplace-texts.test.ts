import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceTexts, orders, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { accessToken, apiCaller, readyCheckout, startTestMarketplace, submitOrder } from './harness';

type Harness = Awaited<ReturnType<typeof startTestMarketplace>>;

/** A new buyer of the harness's marketplace, signed in. */
async function newBuyer(call: ReturnType<typeof apiCaller>, email: string) {
  await call('POST', '/admin/users', {
    body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'] },
  });
  return accessToken(call, email, DEMO_PASSWORD);
}

/** An order of two units at list price from the warehouse, shipped by standard shipping to the buyer's first address, paid by wire, on hold. */
async function placeOrder(
  harness: Harness,
  call: ReturnType<typeof apiCaller>,
  token: string,
  warehouse: string,
  offset: number,
) {
  const items = await harness.database.db
    .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.warehouseCode, warehouse),
        gt(stockItems.quantityAvailable, 5),
        isNotNull(stockItems.listPrice),
        eq(stockItems.incrementSize, 1),
      ),
    )
    .orderBy(stockItems.id);
  const item = items[offset]!;
  const { orderNumber } = await submitOrder(call, token, [{ inw: item.inw, listPrice: item.listPrice, quantity: 2 }], {
    warehouse,
    readyToRelease: false,
  });
  return { number: orderNumber, inw: item.inw };
}

describe('a French tenant’s marketplace', () => {
  let french: Harness;
  let call: ReturnType<typeof apiCaller>;
  let token: string;
  beforeAll(async () => {
    french = await startTestMarketplace({ items: 120, config: loadTenantConfig('config/tenants/second.json') });
    call = apiCaller(french.marketplace);
    token = await newBuyer(call, 'texts-fr@example.com');
  });
  afterAll(() => french.close());

  it('is European: EU warehouses in one group, VAT, European addresses', async () => {
    const participants = (await call('GET', '/stocklist/participants', { token })).body as {
      isOwn: boolean;
      warehouseGroups: { warehouseGroupName: string; warehouses: { warehouseId: string; warehouseLabel: string }[] }[];
    }[];
    const own = participants.find((p) => p.isOwn)!;
    expect(own.warehouseGroups.map((g) => g.warehouseGroupName)).toEqual(['Union européenne']);
    expect(own.warehouseGroups[0]!.warehouses.map((w) => w.warehouseLabel)).toEqual(['Lyon', 'Milan', 'Rotterdam']);
    const options = (await call('GET', '/preferences/options', { token })).body;
    expect(options.shippingAddresses.map((a: { city: string }) => a.city)).toEqual(['Lyon', 'Rotterdam', 'London']);
    expect(JSON.stringify(options)).not.toMatch(/Dallas|Texas|Miami/);
  });

  it('answers statuses, methods, services, grades and warehouses in French', async () => {
    const settings = (await call('GET', '/order/settings', { token })).body;
    const label = (statuses: { code: string; label: string }[], code: string) =>
      statuses.find((s) => s.code === code)!.label;
    expect(label(settings.fulfillmentSettings.statuses, 'ON_HOLD')).toBe('En attente');
    expect(label(settings.fulfillmentSettings.statuses, 'PARTIALLY_SHIPPED')).toBe('Expédiée en partie');
    expect(label(settings.paymentSettings.statuses, 'UNPAID')).toBe('Non payée');
    expect(label(settings.paymentSettings.statuses, 'NOTHING_DUE')).toBe('Rien à payer');
    expect(settings.payAndShipNowWarning.message).toMatch(/^Une fois libérée/);

    const options = (await call('GET', '/preferences/options', { token })).body;
    const byCode = (list: { code: string; label: string; instructions?: string }[], code: string) =>
      list.find((m) => m.code === code)!;
    expect(byCode(options.shippingMethods, 'LOCAL_PICKUP')).toMatchObject({
      label: 'Retrait à l’entrepôt',
      deliveryEstimate: 'Prêt à retirer le jour ouvré suivant',
    });
    expect(byCode(options.shippingMethods, 'ACME_STANDARD_SHIPPING').label).toBe('Livraison standard');
    expect(byCode(options.paymentMethods, 'TERMS_NET_30')).toMatchObject({
      label: 'Paiement à 30 jours',
      description: 'Payez sous 30 jours à compter de la facture.',
    });
    expect(byCode(options.paymentMethods, 'WIRE_TRANSFER').instructions).toMatch(/^Virez le total sur l’IBAN/);
    expect(byCode(options.additionalServices, 'PHOTO_AUDIT')).toMatchObject({
      label: 'Contrôle photo',
      description: 'Des photos de chaque appareil avant son expédition.',
    });

    const { grades } = (await call('GET', '/stocklist/grades', { token })).body as {
      grades: { grade: string; description: string }[];
    };
    expect(grades.find((g) => g.grade === 'B+')!.description).toBe(
      'Très bon\u00a0: rayures légères sur le cadre, écran sans marque.',
    );
    const stockSettings = (await call('GET', '/stocklist/settings', { token })).body;
    expect(stockSettings.gradeLabelDescriptions['B+']).toMatch(/^Très bon/);
    expect(stockSettings.warehouseLabels).toMatchObject({ LYS: 'Lyon', ROT: 'Rotterdam' });
    expect((await call('GET', '/inventory/settings', { token })).body.warehouseLabels).toMatchObject({
      MXP: 'Milan',
      'NST-DE': 'Hambourg',
    });
  });

  it('lists its stock in French: European carriers, French colours and options, nothing American or English', async () => {
    type Page = { pageCount: number; groups: { groupId: string; items: { attributes: Record<string, string> }[] }[] };
    const read = async (query: string) =>
      (await call('GET', `/stocklist/items?${query}`, { token })).body as Page & Record<string, unknown>;
    const pages: unknown[] = [];
    for (const category of ['PHONES', 'TABLETS', 'WATCHES', 'LAPTOPS']) {
      for (let page = 1, count = 1; page <= count; page++) {
        const closed = await read(`category=${category}&page=${page}`);
        count = closed.pageCount;
        const open = closed.groups.map((g) => `open=${encodeURIComponent(g.groupId)}`).join('&');
        pages.push(await read(`category=${category}&page=${page}&${open}`));
      }
    }
    const items = pages.flatMap((p) => (p as Page).groups.flatMap((g) => g.items));
    expect(items.length).toBeGreaterThan(50);
    // Every word a buyer reads on the list: titles, descriptions, attributes and the filters' options.
    const text = JSON.stringify(pages);
    expect(text).not.toMatch(/AT&T|Verizon|T-Mobile|Sprint/);
    expect(text).not.toMatch(
      /\b(Unlocked|Black|White|Blue|Red|Green|Silver|Pink|Purple|Yellow|Gr[ae]y|Midnight|Starlight|Titanium|Cellular|Keyboard|Like new|Good|Fair)\b/,
    );
    const carriers = new Set(items.flatMap((i) => i.attributes.carrier ?? []));
    expect([...carriers].every((c) => ['Débloqué', 'Orange', 'SFR', 'Bouygues Telecom', 'Free'].includes(c))).toBe(
      true,
    );
    expect(carriers.size).toBeGreaterThan(2);
    expect(items.some((i) => /^(Noir|Blanc|Bleu|Argent|Minuit)$/.test(i.attributes.color ?? ''))).toBe(true);
  });

  it('records the tax description in the language of the day an order is placed, and keeps it', async () => {
    const first = await placeOrder(french, call, token, 'LYS', 0);
    const summary = (await call('GET', `/orders/${first.number}/summary`, { token })).body;
    expect(summary.charges.taxDescription).toBe('TVA française 20\u202f%');
    expect(summary.warehouseLabel).toBe('Lyon');
    expect(summary.paymentMethod).toMatchObject({ label: 'Virement bancaire' });

    const changed = await call('PUT', '/admin/texts', {
      body: { kind: 'tax-rule', ref: 'FR', field: 'description', language: 'fr', text: 'TVA 20 % (France)' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ english: 'French VAT 20%', text: 'TVA 20 % (France)' });
    const second = await placeOrder(french, call, token, 'LYS', 1);
    const described = async (number: string) =>
      (
        await french.database.db
          .select({ d: orders.taxDescription })
          .from(orders)
          .where(eq(orders.phonexOrderNumber, number))
      )[0]!.d;
    expect(await described(first.number)).toBe('TVA française 20\u202f%');
    expect(await described(second.number)).toBe('TVA 20\u202f% (France)');
    // The seller cancels a unit of the first: its charges are worked out again, its words stay.
    const canceled = await call('POST', `/admin/orders/${first.number}/cancel-lines`, {
      body: { lines: [{ itemNumberWarehouse: first.inw, quantity: 1 }] },
    });
    expect(canceled.status).toBe(200);
    expect(await described(first.number)).toBe('TVA française 20\u202f%');
  });

  it('falls back to English where a text is missing, and shows a warehouse’s new name on the stock list at once', async () => {
    const removed = await call('DELETE', '/admin/texts', {
      body: { kind: 'payment-method', ref: 'TERMS_NET_30', field: 'label', language: 'fr' },
    });
    expect(removed.body).toMatchObject({ text: null, english: 'Net 30 terms' });
    const options = (await call('GET', '/preferences/options', { token })).body;
    const net30 = options.paymentMethods.find((m: { code: string }) => m.code === 'TERMS_NET_30');
    expect(net30).toMatchObject({ label: 'Net 30 terms', description: 'Payez sous 30 jours à compter de la facture.' });

    await call('PUT', '/admin/texts', {
      body: { kind: 'warehouse', ref: 'ROT', field: 'label', language: 'fr', text: 'Rotterdam (Pays-Bas)' },
    });
    await call('PUT', '/admin/texts', {
      body: { kind: 'warehouse-group', ref: 'eu', field: 'name', language: 'fr', text: 'UE' },
    });
    const participants = (await call('GET', '/stocklist/participants', { token })).body as {
      isOwn: boolean;
      warehouseGroups: { warehouseGroupName: string; warehouses: { warehouseLabel: string }[] }[];
    }[];
    const group = participants.find((p) => p.isOwn)!.warehouseGroups[0]!;
    expect(group.warehouseGroupName).toBe('UE');
    expect(group.warehouses.map((w) => w.warehouseLabel)).toContain('Rotterdam (Pays-Bas)');
    expect((await call('GET', '/stocklist/settings', { token })).body.warehouseLabels.ROT).toBe('Rotterdam (Pays-Bas)');
  });

  it('names the request-a-quote levels in French, and takes and records the level as kept', async () => {
    const [item] = await french.database.db
      .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
      .from(stockItems)
      .where(
        and(
          eq(stockItems.warehouseCode, 'LYS'),
          gt(stockItems.quantityAvailable, 5),
          isNotNull(stockItems.listPrice),
          eq(stockItems.incrementSize, 1),
        ),
      )
      .orderBy(stockItems.id)
      .offset(5)
      .limit(1);
    const { checkoutId, submissionKey, selection } = await readyCheckout(
      call,
      token,
      [{ inw: item!.inw, listPrice: item!.listPrice, quantity: 1 }],
      { warehouse: 'LYS' },
    );
    const { options } = (await call('GET', `/checkout/${checkoutId}`, { token })).body;
    expect(options.requestAQuote).toEqual({
      serviceLevelsRestricted: true,
      serviceLevels: ['Economy', 'Standard', 'Express'],
      serviceLevelLabels: { Economy: 'Économique', Standard: 'Standard', Express: 'Express' },
    });
    // London has no real-time quote: a quote is asked for there.
    const london = options.shippingAddresses.find((a: { city: string }) => a.city === 'London');
    expect(london.shippingMethodCodes).toContain('REQUEST_A_QUOTE');
    const quoted = (serviceLevel: string) => ({
      ...selection,
      shippingAddressId: london.id,
      shippingMethodCode: 'REQUEST_A_QUOTE',
      insured: null,
      requestAQuote: { serviceLevel, amount: '80' },
    });
    // The French words are what buyers read, not a level: the level itself is sent.
    const refused = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { submissionKey, readyToRelease: false, selection: quoted('Économique') },
    });
    expect(refused.status).toBe(422);
    const placed = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { submissionKey, readyToRelease: false, selection: quoted('Economy') },
    });
    expect(placed.status).toBe(201);
    const [order] = await french.database.db
      .select({ shipping: orders.shipping })
      .from(orders)
      .where(eq(orders.phonexOrderNumber, placed.body.phonexOrderNumber));
    expect((order!.shipping as { selection: { requestAQuote: unknown } }).selection.requestAQuote).toEqual({
      serviceLevel: 'Economy',
      amount: '80',
    });

    // The operator rewords a level; the level stays.
    await call('PUT', '/admin/texts', {
      body: { kind: 'quote-service-level', ref: 'Economy', field: 'label', language: 'fr', text: 'Éco (5 à 8 jours)' },
    });
    const again = await readyCheckout(call, token, [{ inw: item!.inw, listPrice: item!.listPrice, quantity: 1 }], {
      warehouse: 'LYS',
    });
    const reworded = (await call('GET', `/checkout/${again.checkoutId}`, { token })).body.options.requestAQuote;
    expect(reworded).toMatchObject({
      serviceLevels: ['Economy', 'Standard', 'Express'],
      serviceLevelLabels: { Economy: 'Éco (5 à 8 jours)' },
    });
  });

  it('sets an operator’s French words as the portal sets its own, once, and leaves English words alone', async () => {
    const set = (language: string, text: string) =>
      call('PUT', '/admin/texts', {
        body: { kind: 'payment-method', ref: 'COD', field: 'description', language, text },
      });
    const codDescription = async () =>
      (await call('GET', '/preferences/options', { token })).body.paymentMethods.find(
        (m: { code: string }) => m.code === 'COD',
      ).description;
    expect((await set('fr', 'Payez sous 30 jours : virement ou chèque?')).body.text).toBe(
      'Payez sous 30 jours : virement ou chèque?',
    );
    expect(await codDescription()).toBe('Payez sous 30 jours\u00a0: virement ou chèque\u202f?');
    // Typed with its no-break spaces already, it reads the same.
    await set('fr', 'Payez sous 30 jours\u00a0: virement ou chèque\u202f?');
    expect(await codDescription()).toBe('Payez sous 30 jours\u00a0: virement ou chèque\u202f?');
    // The operator's list keeps the text as typed.
    await set('fr', 'Payez sous 30 jours : virement ou chèque ?');
    const listed = (await call('GET', '/admin/texts?language=fr&kind=payment-method')).body as {
      ref: string;
      field: string;
      text: string | null;
    }[];
    expect(listed.find((t) => t.ref === 'COD' && t.field === 'description')!.text).toBe(
      'Payez sous 30 jours : virement ou chèque ?',
    );
    // Without a French text, the English one the operator set shows, as English sets it.
    await call('DELETE', '/admin/texts', {
      body: { kind: 'payment-method', ref: 'COD', field: 'description', language: 'fr' },
    });
    await set('en', 'Pay within 30 days: wire or cheque?');
    expect(await codDescription()).toBe('Pay within 30 days: wire or cheque?');
  });

  it('lists every word with its English and its text in a language, for the operator', async () => {
    const all = (await call('GET', '/admin/texts?language=de')).body as {
      kind: string;
      ref: string;
      field: string;
      english: string;
      text: string | null;
    }[];
    expect(all.find((t) => t.kind === 'fulfillment-status' && t.ref === 'ON_HOLD')).toEqual({
      kind: 'fulfillment-status',
      ref: 'ON_HOLD',
      field: 'label',
      english: 'On Hold',
      language: 'de',
      text: null,
    });
    const grades = (await call('GET', '/admin/texts?language=fr&kind=grade')).body as {
      ref: string;
      field: string;
      text: string | null;
    }[];
    expect(grades.every((g) => g.ref.includes('/'))).toBe(true);
    expect(grades.find((g) => g.ref === 'acme/B+' && g.field === 'description')!.text).toMatch(/^Très bon/);
  });
});

describe('a German tenant’s marketplace', () => {
  it('answers in German, European like the French one', async () => {
    const german = await startTestMarketplace({ items: 40, config: loadTenantConfig('config/tenants/third.json') });
    try {
      const call = apiCaller(german.marketplace);
      const token = await newBuyer(call, 'texts-de@example.com');
      const settings = (await call('GET', '/order/settings', { token })).body;
      expect(settings.paymentSettings.statuses.find((s: { code: string }) => s.code === 'PAID').label).toBe('Bezahlt');
      const options = (await call('GET', '/preferences/options', { token })).body;
      expect(options.paymentMethods.find((m: { code: string }) => m.code === 'WIRE_TRANSFER').label).toBe(
        'Banküberweisung',
      );
      expect(options.requestAQuote.serviceLevelLabels).toEqual({
        Economy: 'Günstig',
        Standard: 'Standard',
        Express: 'Express',
      });
      expect(options.shippingAddresses[0]).toMatchObject({ label: 'Hauptlager', city: 'Lyon' });
      const participants = (await call('GET', '/stocklist/participants', { token })).body as {
        isOwn: boolean;
        warehouseGroups: { warehouseGroupName: string; warehouses: { warehouseLabel: string }[] }[];
      }[];
      const group = participants.find((p) => p.isOwn)!.warehouseGroups[0]!;
      expect(group.warehouseGroupName).toBe('Europäische Union');
      expect(group.warehouses.map((w) => w.warehouseLabel)).toContain('Mailand');
    } finally {
      await german.close();
    }
  }, 120_000);
});

describe('an English tenant’s marketplace', () => {
  let english: Harness;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    english = await startTestMarketplace({ items: 60 });
    call = apiCaller(english.marketplace);
  });
  afterAll(() => english.close());

  it('stays American and English, with no texts seeded', async () => {
    const token = await newBuyer(call, 'texts-en@example.com');
    expect(await english.database.db.select().from(marketplaceTexts)).toEqual([]);
    const options = (await call('GET', '/preferences/options', { token })).body;
    expect(options.shippingAddresses[0]).toMatchObject({ city: 'Dallas', state: 'TX' });
    expect(options.shippingMethods.find((m: { code: string }) => m.code === 'LOCAL_PICKUP').label).toBe(
      'Pick up at the warehouse',
    );
    expect(options.requestAQuote.serviceLevelLabels).toEqual({
      Economy: 'Economy',
      Standard: 'Standard',
      Express: 'Express',
    });
    expect((await call('GET', '/order/settings', { token })).body.fulfillmentSettings.statuses[0].label).toBe(
      'On Hold',
    );
    const order = await placeOrder(english, call, token, 'MIA', 0);
    expect((await call('GET', `/orders/${order.number}/summary`, { token })).body.charges.taxDescription).toBe(
      'Texas sales tax 8.25%',
    );
  });

  it('shows a French text to nobody: its buyers read English', async () => {
    const token = await newBuyer(call, 'texts-en2@example.com');
    expect(
      (
        await call('PUT', '/admin/texts', {
          body: { kind: 'fulfillment-status', ref: 'ON_HOLD', field: 'label', language: 'fr', text: 'En attente' },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/order/settings', { token })).body.fulfillmentSettings.statuses[0].label).toBe(
      'On Hold',
    );
  });

  it('refuses a text it cannot take, saying why, and changes nothing', async () => {
    const put = (body: unknown) => call('PUT', '/admin/texts', { body });
    const good = { kind: 'payment-method', ref: 'WIRE_TRANSFER', field: 'label', language: 'fr', text: 'Virement' };
    const refusals: [unknown, number, RegExp][] = [
      [{ ...good, language: 'xx' }, 400, /^language: must be one of en, fr, de$/],
      [{ ...good, language: undefined }, 400, /^language: /],
      [{ ...good, kind: 'colour' }, 400, /^kind: must be one of fulfillment-status, payment-status/],
      [
        { ...good, field: 'colour' },
        400,
        /^field: a payment-method has no field "colour": it has label, description, instructions$/,
      ],
      [
        { ...good, text: 'x'.repeat(101) },
        400,
        /^text: a payment-method label is at most 100 characters \(this one has 101\)$/,
      ],
      [{ ...good, text: '   ' }, 400, /^text: must not be empty/],
      [
        { ...good, ref: 'SWIFT' },
        404,
        /^There is no payment-method "SWIFT": known are TERMS_NET_30, COD, WIRE_TRANSFER, INTEGRATED_PAYPAL$/,
      ],
      [{ ...good, kind: 'warehouse', ref: 'ZZZ' }, 404, /^There is no warehouse "ZZZ"/],
      [{ ...good, extra: 1, text: 'a\u0000b' }, 400, /NUL/],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    const list = await call('GET', '/admin/texts?language=xx');
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('language: must be one of en, fr, de');
    expect(
      (await call('DELETE', '/admin/texts', { body: { kind: 'grade', ref: 'acme/Z', field: 'label', language: 'fr' } }))
        .status,
    ).toBe(404);
    const unauthorised = await english.marketplace.fetch(
      new Request('http://m/px-api-gateway/admin/texts', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(good),
      }),
    );
    expect(unauthorised.status).toBe(401);
    const wire = await english.database.db
      .select()
      .from(marketplaceTexts)
      .where(eq(marketplaceTexts.ref, 'WIRE_TRANSFER'));
    expect(wire).toEqual([]);
  });
});
