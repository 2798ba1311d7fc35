import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargeLinesSum, type Charges } from '../../app/domain/checkout/charges';
import { formatMinor, type MoneyFormat } from '../../app/domain/money';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { chosenSelection } from '../integration/support/ordering';
import { apiCall, signedInBuyer, type ServerAddress, type SignedInBuyer } from './server';
import { sharedServer } from './shared-server';

/**
 * The attacker's requests on the production start (issue "Money and abuse", items 4 and 5): the
 * portal and the tenant API read typed numbers and ids by one set of rules, and answer what they
 * cannot take with a 4xx that changes nothing.
 */
let server: ServerAddress;
let buyer: SignedInBuyer;
let item: { itemNumberWarehouse: string; listPrice: number };
const PARTICIPANT = 'acme';
const DEMO = loadTenantConfig('config/tenants/demo.json');
const DEMO_MONEY: MoneyFormat = {
  locale: DEMO.language,
  currencyCode: DEMO.currencyCode,
  currencySymbol: DEMO.currencySymbol,
  currencyPrecision: DEMO.currencyPrecision,
};

beforeAll(async () => {
  server = await sharedServer();
  buyer = await signedInBuyer(server);
  const stock = await apiCall(server, buyer.token, 'GET', '/admin/stock?warehouse=AMS&minQuantity=20&limit=100');
  const plain = (stock.body as { itemNumberWarehouse: string; listPrice: number; incrementSize: number }[]).filter(
    (i) => i.incrementSize === 1 && i.listPrice > 10,
  );
  item = plain[0]!;
}, 180_000);

const offers = async () =>
  (await apiCall(server, buyer.token, 'GET', '/stocklist/offers')).body as Record<
    string,
    { offerPrice: number; offerQuantity: number }
  >;
const alerts = async () =>
  (await apiCall(server, buyer.token, 'GET', '/stocklist/alert/items')).body as Record<string, { quantity: number }>;

describe('the portal reads ASCII digits only', () => {
  it('a full-width or Arabic-Indic digit in the offer dialog is an error next to the field, and no offer', async () => {
    const offer = (quantity: string, price: string) =>
      buyer.client.post('/stock?index', {
        intent: 'offer-save',
        mode: 'offer',
        participantId: PARTICIPANT,
        itemNumberWarehouse: item.itemNumberWarehouse,
        quantity,
        price,
        offerId: '',
      });
    for (const [quantity, price] of [
      ['５', '3'],
      ['1', '٣'],
      ['１', '３'],
    ]) {
      const response = await offer(quantity!, price!);
      expect(response.status, `${quantity} ${price}`).toBe(400);
      expect(await response.text()).toContain('entry.errors.notNumber');
    }
    expect(await offers()).toEqual({});
  });

  it('the same in the stock alert dialog', async () => {
    const response = await buyer.client.post('/stock?index', {
      intent: 'alert-save',
      participantId: PARTICIPANT,
      itemNumberWarehouse: item.itemNumberWarehouse,
      quantity: '٣',
    });
    expect(response.status).toBe(400);
    expect(await alerts()).toEqual({});
  });
});

describe("the stock list's query string", () => {
  it('bad values give the list as its defaults would, never a 500 (moved from the stock journey)', async () => {
    const long = 'x'.repeat(10_000);
    for (const search of [
      'category=NOPE',
      'page=-5',
      'page=99999',
      'warehouse=,,;DROP TABLE;,<b>',
      `manufacturer=${long}`,
      `warehouseGroup=${long}`,
      'warehouseGroup=nope&grade=Z',
    ]) {
      const response = await buyer.client.request(`/stock?${search}`);
      expect(response.status, search.slice(0, 60)).toBe(200);
      const { document } = new JSDOM(await response.text()).window;
      expect(document.querySelector('h1')?.textContent, search.slice(0, 60)).toBe('Stock List');
      expect(document.querySelectorAll('.stock-group').length, search.slice(0, 60)).toBeGreaterThan(0);
    }
  });
});

describe('the tenant API refuses what the dialogs refuse', () => {
  it('ids past int32 are a 400, on the plain and the network paths', async () => {
    for (const [method, path, headers] of [
      ['DELETE', '/stocklist/offers', {}],
      ['PUT', '/stocklist/offers/move-to-cart', {}],
      ['DELETE', '/stocklist/pxnr/offers', { 'pxns-participant-id': 'pxn-bluewave' }],
      ['PUT', '/stocklist/pxnr/offers/move-to-cart', { 'pxns-participant-id': 'pxn-bluewave' }],
    ] as const) {
      const response = await fetch(`${server.url}/px-api-gateway${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, ...headers },
        body: '[2147483648]',
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('[0]');
    }
  });

  it('a lone surrogate escaped in the JSON is a 400 naming the field', async () => {
    const response = await fetch(`${server.url}/px-api-gateway/preferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: '{"selection":{"shippingAddressId":null,"shippingMethodCode":null,"insured":null,"insuredAmount":null,"shippingInstructions":"\\ud800","billMyAccount":{"carrier":"","serviceLevel":"","accountNumber":""},"requestAQuote":{"serviceLevel":"","amount":""},"billingAddressId":null,"paymentMethodCode":null,"additionalServiceCodes":[]}}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('selection.shippingInstructions');
  });

  it('an offer price with cents and an alert quantity of 0 are refused, not stored', async () => {
    const cents = await apiCall(server, buyer.token, 'POST', '/stocklist/offer', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      offerQuantity: 1,
      offerPrice: 1.5,
    });
    expect(cents.status).toBe(400);
    expect(cents.body.message).toContain('offerPrice');
    const zero = await apiCall(server, buyer.token, 'POST', '/stocklist/alert/item', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      quantity: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('quantity');
    expect(await offers()).toEqual({});
    expect(await alerts()).toEqual({});
  });

  it('a blank participant, in the portal form or the API header, never reaches the tenant’s own alert', async () => {
    expect(
      (
        await apiCall(server, buyer.token, 'POST', '/stocklist/alert/item', {
          itemNumberWarehouse: item.itemNumberWarehouse,
          quantity: 5,
        })
      ).status,
    ).toBe(201);
    const form = await buyer.client.post('/stock-alerts', {
      intent: 'delete',
      participantId: ' ',
      itemNumberWarehouse: item.itemNumberWarehouse,
    });
    expect(form.status).toBe(400);
    const api = await fetch(
      `${server.url}/px-api-gateway/stocklist/alert/item/${encodeURIComponent(item.itemNumberWarehouse)}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${buyer.token}`, 'pxns-participant-id': '' },
      },
    );
    expect(api.status).toBe(400);
    expect((await alerts())[item.itemNumberWarehouse]?.quantity).toBe(5);
  });
});

/** Another in-stock item of AMS with an increment of 1 and less than 1,000 units, each test its own. */
async function smallItem(skip: number) {
  const stock = await apiCall(server, buyer.token, 'GET', '/admin/stock?warehouse=AMS&minQuantity=20&limit=100');
  return (
    stock.body as { itemNumberWarehouse: string; listPrice: number; incrementSize: number; quantityAvailable: number }[]
  ).filter(
    (i) =>
      i.incrementSize === 1 &&
      i.listPrice > 10 &&
      i.quantityAvailable < 1000 &&
      i.itemNumberWarehouse !== item.itemNumberWarehouse,
  )[skip]!;
}

/** The page a redirect leads to, with the toast it carries. */
async function followed(response: Response) {
  expect(response.status).toBe(302);
  return (await buyer.client.request(response.headers.get('location')!)).text();
}

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('no quantity changes without a word (issue 51)', () => {
  it('a cart row saves "1,000" above the stock with ONE SAVE, as the stock, and says what it saved and why', async () => {
    const small = await smallItem(0);
    const placed = await apiCall(server, buyer.token, 'POST', '/stocklist/offer', {
      itemNumberWarehouse: small.itemNumberWarehouse,
      offerQuantity: 1,
      offerPrice: small.listPrice,
    });
    expect(placed.status).toBe(201);
    const offerId = placed.body.offerId as number;
    // The row open for editing, as its EDIT button leaves the page.
    const page = await followed(
      await buyer.client.post(`/cart?edit=${offerId}`, {
        intent: `save:${offerId}`,
        box: 'AMS',
        [`quantity-${offerId}`]: '1,000',
      }),
    );
    expect((await offers())[small.itemNumberWarehouse]?.offerQuantity).toBe(small.quantityAvailable);
    expect(page).toContain(`Your offer was updated: ${small.quantityAvailable.toLocaleString('en-US')} × `);
    expect(page).toContain(
      `total ${dollars(small.quantityAvailable * small.listPrice)}. Your quantity was updated, quantity reduced to match available stock`,
    );
  });

  it('the buy dialog answers 99999 back as the stock with the warning and sends nothing; sent again, the confirmation says what went to the cart', async () => {
    const small = await smallItem(1);
    const buy = (quantity: string) =>
      buyer.client.post(`/stock?buy=${encodeURIComponent(small.itemNumberWarehouse)}`, {
        intent: 'offer-save',
        mode: 'buy',
        participantId: PARTICIPANT,
        itemNumberWarehouse: small.itemNumberWarehouse,
        quantity,
        price: '',
      });
    const answered = await buy('99999');
    expect(answered.status).toBe(400);
    const dialog = await answered.text();
    expect(dialog).toContain('Your quantity was updated, quantity reduced to match available stock');
    expect(dialog).toContain('Nothing was sent yet: check the values and send again to confirm them.');
    expect(dialog).toContain(`value="${small.quantityAvailable}"`);
    expect((await offers())[small.itemNumberWarehouse]).toBeUndefined();
    const page = await followed(await buy(String(small.quantityAvailable)));
    expect((await offers())[small.itemNumberWarehouse]?.offerQuantity).toBe(small.quantityAvailable);
    expect(page).toContain(`Added to the Cart: ${small.quantityAvailable.toLocaleString('en-US')} × `);
    expect(page).toContain(
      `at ${dollars(small.listPrice)}, total ${dollars(small.quantityAvailable * small.listPrice)}`,
    );
  });

  it('an item sold in increments answers 1.5 increments back as one, with why, and adds nothing until sent again', async () => {
    const stock = await apiCall(server, buyer.token, 'GET', '/admin/stock?warehouse=AMS&minQuantity=40&limit=200');
    const stepped = (
      stock.body as {
        itemNumberWarehouse: string;
        listPrice: number;
        incrementSize: number;
        quantityAvailable: number;
      }[]
    ).find((i) => i.incrementSize > 1 && i.listPrice > 10)!;
    const typed = stepped.incrementSize + Math.floor(stepped.incrementSize / 2);
    const buy = (quantity: string) =>
      buyer.client.post(`/stock?buy=${encodeURIComponent(stepped.itemNumberWarehouse)}`, {
        intent: 'offer-save',
        mode: 'buy',
        participantId: PARTICIPANT,
        itemNumberWarehouse: stepped.itemNumberWarehouse,
        quantity,
        price: '',
      });
    const answered = await buy(String(typed));
    expect(answered.status).toBe(400);
    const dialog = await answered.text();
    expect(dialog).toContain('Your quantity was updated to follow the increments and minimum of this item.');
    expect(dialog).toContain(`value="${stepped.incrementSize}"`);
    expect(dialog).toContain(`Total ${dollars(stepped.incrementSize * stepped.listPrice)}<`);
    expect((await offers())[stepped.itemNumberWarehouse]).toBeUndefined();
    const page = await followed(await buy(String(stepped.incrementSize)));
    expect(page).toContain(`Added to the Cart: ${stepped.incrementSize} × `);
    expect((await offers())[stepped.itemNumberWarehouse]?.offerQuantity).toBe(stepped.incrementSize);
  });
});

describe('the time zone a buyer chooses in My Preferences (issue 51)', () => {
  it('keeps a zone the runtime knows in this browser, refuses anything else beside the field, and shows the choice', async () => {
    for (const timeZone of ['Mars/Olympus', 'UTC; Path=/', '']) {
      const refused = await buyer.client.post('/preferences', { intent: 'time-zone', timeZone });
      expect(refused.status, timeZone).toBe(400);
      expect(await refused.text()).toContain('preferences.timeZone.invalid');
    }
    expect(buyer.client.cookie('px_tz')).toBeUndefined();
    const saved = await buyer.client.post('/preferences', { intent: 'time-zone', timeZone: 'Asia/Tokyo' });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/preferences');
    expect(buyer.client.cookie('px_tz')).toBe('Asia%2FTokyo');
    const page = await (await buyer.client.request('/preferences')).text();
    expect(page).toMatch(/<option value="Asia\/Tokyo" selected="">/);
  });
});

describe('an order picked up at its warehouse (issue 51)', () => {
  it('is never told it will be shipped: the thank-you page and the order page name the warehouse, its address and opening hours', async () => {
    const api = (method: string, path: string, body?: unknown) => apiCall(server, buyer.token, method, path, body);
    const { offerId } = (
      await api('POST', '/stocklist/offer', {
        itemNumberWarehouse: item.itemNumberWarehouse,
        offerQuantity: 1,
        offerPrice: item.listPrice,
      })
    ).body as { offerId: number };
    const { checkoutId } = (await api('POST', '/cart/cart-checkout/AMS', [offerId])).body as { checkoutId: string };
    const payload = (await api('GET', `/checkout/${checkoutId}`)).body as {
      submissionKey: string;
      options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] };
    };
    const selection = chosenSelection(payload, { shippingMethodCode: 'LOCAL_PICKUP' });
    const submitted = await api('POST', `/checkout/${checkoutId}/submit`, {
      submissionKey: payload.submissionKey,
      readyToRelease: true,
      selection,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const orderNumber = (submitted.body as { phonexOrderNumber: string }).phonexOrderNumber;
    const said = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");

    const thanks = said(
      await (await buyer.client.request(`/checkout/order-release-confirmation?order=${orderNumber}`)).text(),
    );
    expect(thanks).toContain(
      `Your order ${orderNumber} is released. We will prepare it for you to pick up at Amsterdam.`,
    );
    expect(thanks).not.toContain('ship it to you');
    for (const page of [thanks, said(await (await buyer.client.request(`/orders/${orderNumber}`)).text())]) {
      expect(page).toContain('Pick up at Amsterdam');
      expect(page).toContain('Schiphol Boulevard 120');
      expect(page).toContain('Netherlands');
      expect(page).toContain('Opening hours: Monday to Friday, 8:30 to 17:30 (local time)');
    }
  });
});

describe('each charge on its own line of the pages a buyer reads (issue 51)', () => {
  it('an insured order above the free-shipping amount: the thank-you page and the order page show the rows’ amounts, line by line', async () => {
    const api = (method: string, path: string, body?: unknown) => apiCall(server, buyer.token, method, path, body);
    const stock = (await api('GET', '/admin/stock?warehouse=MIA&minQuantity=40&limit=100')).body as {
      itemNumberWarehouse: string;
      listPrice: number;
      incrementSize: number;
      quantityAvailable: number;
    }[];
    const bought = stock.find((i) => i.incrementSize === 1 && i.listPrice >= 150)!;
    const quantity = Math.min(bought.quantityAvailable, Math.ceil(5_100 / bought.listPrice));
    const { offerId } = (
      await api('POST', '/stocklist/offer', {
        itemNumberWarehouse: bought.itemNumberWarehouse,
        offerQuantity: quantity,
        offerPrice: bought.listPrice,
      })
    ).body as { offerId: number };
    const { checkoutId } = (await api('POST', '/cart/cart-checkout/MIA', [offerId])).body as { checkoutId: string };
    const payload = (await api('GET', `/checkout/${checkoutId}`)).body as Parameters<typeof chosenSelection>[0] & {
      submissionKey: string;
      charges: { subtotal: number };
    };
    const selection = chosenSelection(payload, { insured: true, insuredAmount: payload.charges.subtotal });
    const submitted = await api('POST', `/checkout/${checkoutId}/submit`, {
      submissionKey: payload.submissionKey,
      readyToRelease: true,
      selection,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const orderNumber = (submitted.body as { phonexOrderNumber: string }).phonexOrderNumber;

    const { charges } = (await api('GET', `/orders/${orderNumber}/summary`)).body as { charges: Charges };
    expect(charges.insurance, 'an insured order has an insurance charge').toBeGreaterThan(0);
    expect(chargeLinesSum(charges)).toBe(charges.total);
    const money = (minor: number) => formatMinor(minor, DEMO_MONEY);
    const lines = [
      charges.subtotal,
      charges.additionalServicesFee,
      charges.freight,
      ...(charges.freightDiscount ? [-charges.freightDiscount] : []),
      charges.insurance,
      charges.paymentFee,
      charges.tax,
      charges.total,
    ].map(money);
    const text = (html: string) =>
      html
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, '')
        .trim();

    const thanks = await (
      await buyer.client.request(`/checkout/order-release-confirmation?order=${orderNumber}`)
    ).text();
    const shownThere = [
      ...thanks.matchAll(
        /<tr data-total="(subtotal|services|freight|freightDiscount|insurance|fees|tax|total)">[\s\S]*?<td>([\s\S]*?)<\/td><\/tr>/g,
      ),
    ].map((m) => text(m[2]!));
    expect(shownThere, 'the thank-you page').toEqual(lines);

    const orderPage = await (await buyer.client.request(`/orders/${orderNumber}`)).text();
    const totals = /<dl class="order-totals"[^>]*>([\s\S]*?)<\/dl>/.exec(orderPage)?.[1] ?? '';
    expect(
      [...totals.matchAll(/<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => text(m[1]!)),
      'the order page',
    ).toEqual(lines);

    // The payment fee is named after its method on both pages, not a bare "Fees" on the order's own.
    const feeThere = text(/<tr data-total="fees"><th[^>]*>([\s\S]*?)<\/th>/.exec(thanks)![1]!);
    expect(feeThere).toMatch(/^Fees \(.+\)$/);
    expect(
      [...totals.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((m) => text(m[1]!)),
      'the order page names the fee as the thank-you page does',
    ).toContain(feeThere);
  });
});
