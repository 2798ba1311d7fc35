import ExcelJS from 'exceljs';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, apiCaller, readOutbox, startTestMarketplace } from '../../tests/integration/harness';
import { stockItems, warehouses } from './db/schema';
import { DEMO_PASSWORD } from './db/seed/users';
import { createTranslator, MAIL_LOCALES } from './i18n';
import { mailEn } from './locales/en';
import { loadTenantConfig } from './tenant-config';
import { typesetFilled } from '../../app/i18n/typography';

/** The French tenant (config/tenants/second.json): every e-mail it sends is French. */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
const second = loadTenantConfig('config/tenants/second.json');

const mailsTo = (email: string) => readOutbox(harness.outboxDir).filter((mail) => mail.to === email);

async function anItem(skip: number, takingOffers?: true) {
  const rows = await harness.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      quantity: stockItems.quantityAvailable,
      price: stockItems.listPrice,
      description: stockItems.skuDescription,
    })
    .from(stockItems)
    .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
    .where(
      and(
        eq(stockItems.participantId, 'acme'),
        gt(stockItems.quantityAvailable, 5),
        eq(stockItems.incrementSize, 1),
        isNotNull(stockItems.listPrice),
        takingOffers && eq(warehouses.acceptingOffers, true),
      ),
    )
    .orderBy(stockItems.id);
  return rows[skip]!;
}

beforeAll(async () => {
  expect(second.language).toBe('fr');
  harness = await startTestMarketplace({ items: 200, config: second });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('the marketplace’s texts', () => {
  it('have every key in every language, keeping the placeholders of English', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}|\$t\(([\w.]+)\)/g)].map((m) => m[0]).sort();
    for (const [language, texts] of Object.entries(MAIL_LOCALES)) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(mailEn).sort());
      for (const [key, text] of Object.entries(mailEn))
        expect(placeholders(texts[key as keyof typeof mailEn]), `${language} ${key}`).toEqual(placeholders(text));
    }
  });

  it('in French, already elide where a name is not filled in: filling changes none of their own words', () => {
    const changed = Object.entries(MAIL_LOCALES.fr!).filter(([, text]) => typesetFilled('fr', text) !== text);
    expect(changed).toEqual([]);
  });

  it('write numbers as the pages do, and still choose the plural form by the count', () => {
    expect(createTranslator({ language: 'en', labels: {} }).t('mail.alert.available', { count: 1519 })).toBe(
      '1,519 units are available now.',
    );
    const { t } = createTranslator({ language: 'fr', labels: {} });
    expect(t('mail.alert.available', { count: 1519 })).toMatch(/^1\u202f519 /);
    // A text with plural forms is asked for by its base name, which is no key of its own.
    const alertNote = 'stock.alertNote' as Parameters<typeof t>[0];
    expect(t(alertNote, { count: 1 })).toBe(t('stock.alertNote_one', { count: 1 }));
    expect(t(alertNote, { count: 2500 })).toBe(t('stock.alertNote_other', { count: 2500 }));
    expect(t(alertNote, { count: 2500 })).toContain('2\u202f500');
    // A million is French's "many", which no text writes out: i18next showed the key.
    expect(t(alertNote, { count: 1_000_000 })).toBe(t('stock.alertNote_other', { count: 1_000_000 }));
    // French says "one" for 0.
    expect(t(alertNote, { count: 0 })).toBe(t('stock.alertNote_one', { count: 0 }));
  });

  it('take the portal’s words and the tenant’s labels for the names they share', () => {
    const { t } = createTranslator({ language: 'fr', labels: { fr: { 'menu.stockAlerts': 'Mes alertes' } } });
    expect(t('mail.alert.why', { siteTitle: 'X' })).toContain('sur la page Mes alertes.');
    expect(createTranslator({ language: 'en', labels: {} }).t('mail.report.why', { siteTitle: 'X' })).toContain(
      'the DAILY REPORT button',
    );
  });
});

/** A pre-order announced on the French tenant, preorder-fr@example.com committed to it for `quantity` units. */
async function committedPreorder(terms: Record<string, string | number>, quantity: number) {
  const token = await accessToken(call, 'preorder-fr@example.com', DEMO_PASSWORD);
  const [warehouse] = await harness.database.db.select({ code: warehouses.code }).from(warehouses).limit(1);
  const { body: preorder } = await call('POST', '/admin/preorders', {
    body: {
      warehouseCode: warehouse!.code,
      expectedQuantity: 100,
      expectedDate: '2027-01-15',
      cutOff: new Date(Date.now() + 86_400_000).toISOString(),
      ...terms,
    },
  });
  await call('PUT', `/preorders/${preorder.id}/commitment`, { token, body: { quantity } });
  return preorder as { id: number };
}

describe('the French tenant’s e-mails', () => {
  it('sends the reset code in French', async () => {
    await call('POST', '/admin/users', {
      body: { email: 'reset-fr@example.com', password: DEMO_PASSWORD, firstName: 'Camille' },
    });
    expect((await call('POST', '/identity/forgot-password', { body: { email: 'reset-fr@example.com' } })).status).toBe(
      200,
    );
    const [mail] = mailsTo('reset-fr@example.com');
    expect(mail?.subject).toBe('Refurb Europe SAS\u00a0: votre code de vérification');
    expect(mail?.text).toMatch(
      /^Bonjour Camille,\n\nVotre code de vérification est \d{6}\n\nIl est valable 30 minutes\./,
    );
    expect(mail?.text).not.toMatch(/verification code|Hello/);
  });

  it('sends the stock alert in French', async () => {
    await call('POST', '/admin/users', {
      body: {
        email: 'alert-fr@example.com',
        password: DEMO_PASSWORD,
        firstName: 'Camille',
        authorities: ['CAN_SET_STOCKLIST_ALERT'],
      },
    });
    const token = await accessToken(call, 'alert-fr@example.com', DEMO_PASSWORD);
    const item = await anItem(0);
    await call('POST', '/stocklist/alert/item', { token, body: { itemNumberWarehouse: item.inw, quantity: 10 } });
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: item.inw, quantityAvailable: item.quantity + 12 },
    });
    const [mail] = mailsTo('alert-fr@example.com');
    expect(mail?.subject).toBe(`Refurb Europe SAS\u00a0: 12 unités de plus d’${item.description}`);
    expect(mail?.text).toContain('Bonjour Camille,');
    expect(mail?.text).toContain(`12 unités d’${item.description} (article `);
    expect(mail?.text).toContain(`${item.quantity + 12} unités sont disponibles maintenant.`);
    expect(mail?.text).toContain('sur Portail Acheteurs Refurb. Gérez vos alertes sur la page Alertes de stock.');
  });

  it('sends the pre-order allocation in French: allocated against requested, with its order', async () => {
    await call('POST', '/admin/users', {
      body: {
        email: 'preorder-fr@example.com',
        password: DEMO_PASSWORD,
        firstName: 'Camille',
        authorities: ['CAN_BUY_ONLINE'],
      },
    });
    const preorder = await committedPreorder(
      { itemNumber: 'PRE-FR-1', model: 'iPhone 15', grade: 'A', capacity: '128GB', unitPrice: 42_000 },
      30,
    );
    const allocated = await call('POST', `/admin/preorders/${preorder.id}/allocate`, { body: { quantity: 12 } });
    const { orderNumber } = allocated.body.commitments[0];
    const [mail] = mailsTo('preorder-fr@example.com');
    expect(mail?.subject).toBe(
      'Refurb Europe SAS\u00a0: votre précommande d’iPhone 15 128GB A, 12 unités attribuées sur 30',
    );
    expect(mail?.text).toContain('Bonjour Camille,');
    expect(mail?.text).toContain(`Elles figurent sur la commande ${orderNumber} à 420,00\u00a0€ l’unité.`);
    expect(mail?.text).toContain('Retrouvez vos engagements sur la page Précommandes.');
    expect(mail?.text).not.toMatch(/allocated|committed|Hello/);
  });

  it('sends the seller’s cancellation of a pre-order in French, with the seller’s reason', async () => {
    const preorder = await committedPreorder(
      { itemNumber: 'PRE-FR-2', model: 'iPhone 14', grade: 'B', capacity: '256GB', unitPrice: 30_000 },
      20,
    );
    const reason = 'Le lot a été perdu en transit';
    expect((await call('POST', `/admin/preorders/${preorder.id}/cancel`, { body: { reason } })).status).toBe(200);
    const mail = mailsTo('preorder-fr@example.com').find((m) => m.subject.includes('iPhone 14'));
    expect(mail?.subject).toBe('Refurb Europe SAS\u00a0: la précommande d’iPhone 14 256GB B a été annulée');
    expect(mail?.text).toContain(
      `Le vendeur a annulé la précommande d’iPhone 14 256GB B\u00a0: votre engagement de 20 unités est annulé et rien ne sera commandé. Motif du vendeur\u00a0: ${reason}`,
    );
    expect(mail?.text).not.toMatch(/canceled|committed|Hello/);
  });

  it('sends the daily report in French, its spreadsheet too', async () => {
    await call('POST', '/admin/users', {
      body: {
        email: 'daily-fr@example.com',
        password: DEMO_PASSWORD,
        firstName: 'Camille',
        authorities: ['CAN_SUBSCRIBE_DAILY_REPORT'],
      },
    });
    const token = await accessToken(call, 'daily-fr@example.com', DEMO_PASSWORD);
    await call('PUT', '/user/notification-preference', { token, body: { stockReportNotification: true } });
    const item = await anItem(1);
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.price! - 10 } });
    expect((await call('POST', '/admin/reports/daily')).body).toMatchObject({ sent: 1 });
    const [mail] = mailsTo('daily-fr@example.com');
    const day = new Date().toISOString().slice(0, 10);
    expect(mail?.subject).toBe(`Refurb Europe SAS\u00a0: nouvelles disponibilités et baisses de prix, ${day}`);
    expect(mail?.text).toMatch(
      /Ci-joint\u00a0: \d+ articles devenus disponibles ou moins chers depuis votre dernier rapport\./,
    );
    expect(mail?.text).toContain('désabonnez-vous avec le bouton RAPPORT QUOTIDIEN de la liste de stock.');
    expect(mail?.attachments).toEqual([`rapport-quotidien-${day}.xlsx`]);
  });

  it('writes the daily spreadsheet’s sheet, headers and changes in French', async () => {
    const { reportWorkbook } = await import('./services/stock/daily-report');
    const { t } = createTranslator(second);
    const file = await reportWorkbook(
      [
        {
          itemNumber: 'X1',
          description: 'Phone',
          warehouse: 'Lyon',
          category: 'PHONES',
          grade: 'A',
          quantityAvailable: 10,
          listPrice: 90,
          previousPrice: 100,
          change: 'Price drop',
        },
      ],
      second,
      t,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Rapport quotidien')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'N° d’article',
      'Description',
      'Entrepôt',
      'Catégorie',
      'Grade',
      'Quantité disponible',
      'Prix catalogue',
      'Prix précédent',
      'Changement',
    ]);
    expect(sheet.getRow(2).getCell(9).value).toBe('Baisse de prix');
  });

  it('sends the seller’s answer to an offer in French, to a user who has not turned it off', async () => {
    const answered = async (email: string, skip: number) => {
      await call('POST', '/admin/users', {
        body: { email, password: DEMO_PASSWORD, firstName: 'Camille', authorities: ['CAN_BUY_ONLINE'] },
      });
      const token = await accessToken(call, email, DEMO_PASSWORD);
      const item = await anItem(skip, true);
      const offered = Math.floor(item.price! * 0.8);
      const placed = await call('POST', '/stocklist/offer', {
        token,
        body: { itemNumberWarehouse: item.inw, offerQuantity: 2, offerPrice: offered },
      });
      expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ offerStatus: 'PENDING_ACCEPTANCE' });
      return { token, item, offerId: placed.body.offerId as number };
    };
    const on = await answered('offer-fr@example.com', 3);
    expect((await call('GET', '/user/notification-preference', { token: on.token })).body).toMatchObject({
      offerAnswerEmails: true,
    });
    await call('POST', `/admin/offers/${on.offerId}/review`, {
      body: { action: 'counter', price: Math.floor(on.item.price! * 0.9), validHours: 48 },
    });
    for (let i = 0; i < 50 && !mailsTo('offer-fr@example.com').length; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [mail] = mailsTo('offer-fr@example.com');
    expect(mail?.subject).toBe(
      `Refurb Europe SAS\u00a0: le vendeur a répondu à votre offre sur ${on.item.description}`,
    );
    expect(mail?.text).toContain('Bonjour Camille,');
    expect(mail?.text).toMatch(
      /Le vendeur a fait une contre-proposition sur .+\u00a0: 2 à .+ au lieu de .+, jusqu’au /,
    );
    expect(mail?.text).not.toMatch(/seller|offer/i);

    const off = await answered('offer-off-fr@example.com', 4);
    await call('PUT', '/user/notification-preference', { token: off.token, body: { offerAnswerEmails: false } });
    await call('POST', `/admin/offers/${off.offerId}/review`, { body: { action: 'reject' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('offer-off-fr@example.com')).toEqual([]);
  });

  it('shows the cart’s system messages in French: the free shipping of the tenant’s rule, the amount in euros and cents', async () => {
    await call('POST', '/admin/users', {
      body: { email: 'cart-fr@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
    });
    const token = await accessToken(call, 'cart-fr@example.com', DEMO_PASSWORD);
    const { body } = await call('GET', '/cart/settings', { token });
    expect(body.systemMessages.freeShippingMessage).toEqual({
      display: true,
      defaultMessage: expect.stringMatching(
        /^Livraison offerte \(.+\) pour les commandes de plus de 3\s000,00\s€ depuis un même entrepôt\.$/,
      ),
    });
    expect(body.systemMessages.offerClearingSchedule.defaultMessage).toContain('Les offres sont examinées');
  });
});
