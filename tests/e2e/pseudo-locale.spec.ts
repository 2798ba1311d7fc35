import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/marketplace/db/seed/users';
import { DEVICE_MODELS } from '../../server/marketplace/db/seed/device-models';
import { NETWORK_GRADES, OWN_GRADES, PARTICIPANTS } from '../../server/marketplace/db/seed/demo-catalogue';
import { PSEUDO_LANGUAGE, pseudoText } from '../../app/locales/pseudo';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { countryName } from '../../app/domain/pick-up';
import { timeZoneChoices } from '../../app/domain/time-zone';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, DEMO_PASSWORD, expect, test } from './support/fixtures';
import { untranslatedWords, wordsOf } from './support/leaks';
import { SERVERS_OF } from '../../playwright.config';

/**
 * The pseudo-locale walk (issue 36): the fourth test server runs a tenant in the test-only language
 * en-XA, where every text of the portal, the marketplace and the tenant is "[Šţöçķ Ļîšţ]". Every
 * screen a buyer reaches — pages, dialogs, errors — is read for plain words; one is a text that
 * skipped the language. Product names, company and person names and addresses stay data.
 */
const base = `http://localhost:${SERVERS_OF.pglite.pseudo.port}`;

/** What a page may show in plain letters: the demo catalogue's product words, companies and people. */
function dataWords(people: unknown[] = []): Set<string> {
  const strings: unknown[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(DEVICE_MODELS);
  collect(PARTICIPANTS.map((p) => p.name));
  // An item's name ends in its grade's label, in the seller's words ("… Black Grade C").
  collect([...OWN_GRADES, ...NETWORK_GRADES].map((g) => g.label));
  collect(people);
  return wordsOf(strings);
}

/**
 * Addresses as a page shows them: without the codes of their methods (ACME_STANDARD_SHIPPING would
 * let a plain "Standard" pass), the country named as Intl names it for the pseudo-locale's region
 * (English, as it writes the months).
 */
const shownAddresses = (addresses: { shippingMethodCodes?: string[]; country?: string }[]) =>
  addresses.map(({ shippingMethodCodes: _codes, ...shown }) => ({
    ...shown,
    countryName: countryName(shown.country ?? '', 'en'),
  }));

async function leaksOn(page: Page, path: string, words: Set<string>): Promise<[string, string[]] | null> {
  const response = await page.goto(`${base}${path}`);
  expect(response?.status(), path).toBeLessThan(500);
  const found = await untranslatedWords(page, words);
  return found.length ? [path, found] : null;
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto(`${base}/`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').first().click();
  await expect(page).toHaveURL(/\/stock$/);
}

/** Every screen of the walk, read for plain words: none may show one. */
async function walk(page: Page) {
  // The demo buyer has orders in every state, a cart, offers and alerts.
  const buyer = DEMO_ACCOUNTS.find((a) => a.email === 'buyer@example.com')!;
  const api = await buyerApi(buyer.email, DEMO_PASSWORD, 'pseudo');
  const me = (await api('GET', '/user-info')) as { firstName: string; lastName: string; buyerName: string };
  // The buyer's own addresses, and the carriers' product names a buyer picks from.
  const options = (await api('GET', '/preferences/options')) as {
    shippingAddresses: { shippingMethodCodes: string[] }[];
    billingAddresses: { country: string }[];
    billMyAccount: unknown;
  };
  const words = dataWords([
    me.firstName,
    me.lastName,
    me.buyerName,
    shownAddresses(options.shippingAddresses),
    shownAddresses(options.billingAddresses),
    options.billMyAccount,
  ]);
  const found = [await leaksOn(page, '/', words), await leaksOn(page, '/reset-password', words)];

  await signInAs(page, buyer.email, DEMO_PASSWORD);
  // One order of each fulfilment and payment state the demo buyer has.
  const { items: orders } = (await api('GET', '/orders?page=1')) as {
    items: { phonexOrderNumber: string; fulfillmentStatus: string; paymentStatus: string }[];
  };
  const orderNumbers = [
    ...new Map(orders.map((o) => [`${o.fulfillmentStatus} ${o.paymentStatus}`, o.phonexOrderNumber])).values(),
  ];
  // Order numbers are data: their generated part may have no digit (SO-MWZCXUJC-CANC), and a page may
  // show one in brackets, where the walk would read its letters as a word.
  for (const word of wordsOf(orders.map((o) => o.phonexOrderNumber))) words.add(word);
  const [item] = (await admin('GET', '/stock?warehouse=MIA&minQuantity=5&limit=1', undefined, 'pseudo')) as {
    itemNumberWarehouse: string;
  }[];
  const itemParam = encodeURIComponent(item!.itemNumberWarehouse);

  const paths = [
    '/stock',
    '/stock?dialog=import',
    '/stock?dialog=daily-report',
    `/stock?buy=${itemParam}`,
    `/stock?offer=${itemParam}`,
    `/stock?alert=${itemParam}`,
    '/stock?q=0000000',
    '/stock/quick-order',
    '/stock/saved-searches',
    '/stock-alerts',
    '/cart',
    '/cart?tab=1',
    '/cart?tab=2',
    '/orders',
    ...orderNumbers.map((n) => `/orders/${n}`),
    `/orders/${orderNumbers[0]}/buy-again`,
    '/returns',
    '/returns/new',
    '/dashboard',
    '/notifications',
    '/help',
    '/terms-of-sale',
    '/no-such-page',
  ];
  for (const path of paths) found.push(await leaksOn(page, path, words));
  // The time zones to choose are named as Intl names them for the language's region (English, as it writes the months): there only.
  const zoneWords = wordsOf(timeZoneChoices(PSEUDO_LANGUAGE).map((choice) => choice.label));
  found.push(await leaksOn(page, '/preferences', new Set([...words, ...zoneWords])));
  found.push(...(await quoteCheckoutLeaks(page)));
  expect(Object.fromEntries(found.filter((entry) => entry !== null))).toEqual({});
}

/**
 * The checkout of a buyer whose preferred shipping is a requested quote: the level chosen in the
 * shipping method's summary, and every level to choose from with the row open (the levels are the
 * marketplace's words; the carriers' service levels of bill my account are their product names).
 */
async function quoteCheckoutLeaks(page: Page) {
  const user = await createUser(
    { authorities: ALL_AUTHORITIES, firstName: pseudoText('Sam'), lastName: pseudoText('Quinn') },
    'pseudo',
  );
  const api = await buyerApi(user.email, user.password, 'pseudo');
  const options = (await api('GET', '/preferences/options')) as {
    shippingAddresses: { id: number; shippingMethodCodes: string[] }[];
    billingAddresses: { id: number; country: string }[];
    requestAQuote: { serviceLevels: string[] };
  };
  const quoted = options.shippingAddresses.find((a) => a.shippingMethodCodes.includes('REQUEST_A_QUOTE'))!;
  await api('POST', '/preferences', {
    selection: {
      ...EMPTY_SELECTION,
      shippingAddressId: quoted.id,
      shippingMethodCode: 'REQUEST_A_QUOTE',
      requestAQuote: { serviceLevel: options.requestAQuote.serviceLevels[0], amount: '80' },
      billingAddressId: options.billingAddresses[0]!.id,
      paymentMethodCode: 'WIRE_TRANSFER',
    },
  });
  const [item] = (await admin('GET', '/stock?warehouse=MIA&minQuantity=5&offset=3&limit=1', undefined, 'pseudo')) as {
    itemNumberWarehouse: string;
    listPrice: number;
  }[];
  await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: item!.itemNumberWarehouse,
    offerQuantity: 1,
    offerPrice: item!.listPrice,
  });
  // No carrier's product names here: bill my account is not chosen ("Express Saver" would let a plain "Express" pass).
  const words = dataWords([
    user.firstName,
    user.lastName,
    shownAddresses(options.shippingAddresses),
    shownAddresses(options.billingAddresses),
  ]);

  // The walk's buyer signs out: the session is its cookie.
  await page.context().clearCookies();
  await signInAs(page, user.email, user.password);
  await page.goto(`${base}/cart`);
  await page.locator('.menu-button > summary').first().click();
  await page.locator('button[name=intent][value="select:all"]').first().click();
  await page.locator('button[name=intent][value=checkout]').first().click();
  await expect(page).toHaveURL(/\/checkout\//);
  const checkout = new URL(page.url()).pathname;
  return [await leaksOn(page, checkout, words), await leaksOn(page, `${checkout}?edit=shippingMethod`, words)];
}

/**
 * One worker walks both modes, then changes a text: no walk may read the tenant while a text is
 * changed, so the spec runs in the desktop project with scripts only (playwright.config.ts), one test after the other.
 */
test.describe('the pseudo-locale', () => {
  test.describe.configure({ mode: 'serial' });

  for (const javaScriptEnabled of [true, false]) {
    test(`every screen a buyer reaches shows the language’s texts only, ${javaScriptEnabled ? 'with' : 'without'} scripts`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        await walk(await context.newPage());
      } finally {
        await context.close();
      }
    });
  }

  test('finds a marketplace text kept only in English', async ({ page }) => {
    const user = await createUser(
      { authorities: ALL_AUTHORITIES, firstName: pseudoText('Robin'), lastName: pseudoText('Lee') },
      'pseudo',
    );
    // A warehouse whose text in the tenant's language is removed: its English shows instead.
    const texts = (await admin('GET', '/texts?language=en-XA&kind=warehouse', undefined, 'pseudo')) as {
      kind: string;
      ref: string;
      field: string;
      english: string;
    }[];
    const miami = texts.find((t) => t.english === 'Miami')!;
    await admin(
      'DELETE',
      '/texts',
      { kind: miami.kind, ref: miami.ref, field: miami.field, language: 'en-XA' },
      'pseudo',
    );
    try {
      await signInAs(page, user.email, user.password);
      // The portal keeps the stock list's settings until the list's revision moves, as the change makes it.
      await expect
        .poll(async () => {
          await page.reload();
          return untranslatedWords(page, dataWords());
        })
        .toEqual(['Miami']);
    } finally {
      await admin(
        'PUT',
        '/texts',
        { kind: miami.kind, ref: miami.ref, field: miami.field, language: 'en-XA', text: pseudoText('Miami') },
        'pseudo',
      );
    }
  });
});
