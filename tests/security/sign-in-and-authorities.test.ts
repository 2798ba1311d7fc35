import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITIES } from '../../app/domain/authorities';
import { readPage, type ReadPage } from './page-html';
import { Client, createBuyer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';

/**
 * What the sign-in form answers, and what a buyer without an authority is shown and refused: each
 * a page's answer read as it comes (moved from the journeys, which keep what needs a browser).
 */

let server: ServerAddress;
beforeAll(async () => {
  server = await sharedServer();
});

/** A new buyer with these authorities, signed in to the portal. */
async function buyerWith(authorities: string[]) {
  const { email, password } = await createBuyer(server, authorities);
  const client = new Client(server.url);
  await client.signIn(email, password);
  return client;
}

/** The stock list with its first group opened, as its toggle button asks for it. */
async function stockWithFirstGroupOpen(client: Client) {
  const list = await readPage(await client.request('/stock'));
  const toggle = list.document.querySelector<HTMLButtonElement>('button.stock-group__toggle')!;
  const toggled = await client.request(`/stock?toggle=${encodeURIComponent(toggle.value)}`);
  expect(toggled.status).toBe(302);
  const page = await readPage(await client.request(toggled.headers.get('location')!));
  expect(page.document.querySelectorAll('.stock-items')).toHaveLength(1);
  return page;
}

const mainMenu = (page: ReadPage) => page.getByRole('navigation', { name: 'Main menu' });
const toolbar = (page: ReadPage) => page.getByRole('navigation', { name: 'Stock list actions' });
const linkTexts = (within: HTMLElement) => Array.from(within.querySelectorAll('a'), (link) => link.textContent!.trim());

describe('the sign-in form', () => {
  it('answers a wrong password and an unknown user alike: "Incorrect username or password", and no session (moved from the sign-in journey)', async () => {
    const { email } = await createBuyer(server);
    for (const [who, password] of [
      [email, 'Wrong#Password1'],
      ['nobody-here@example.com', 'Whatever#1'],
    ]) {
      const client = new Client(server.url);
      const answer = await client.post('/?index', {
        intent: 'sign-in',
        email: who!,
        password: password!,
        redirectTo: '',
      });
      expect(answer.status, who).toBe(400);
      expect(client.cookie('__session'), who).toBeUndefined();
      const page = await readPage(answer);
      expect(
        page.getAllByRole('alert').some((alert) => alert.textContent!.includes('Incorrect username or password')),
      ).toBe(true);
    }
  });
});

describe('a buyer without an authority', () => {
  it('without any sees only the open entries of the main menu (moved from the shell journey)', async () => {
    const client = await buyerWith([]);
    const home = await client.request('/');
    expect(home.headers.get('location')).toBe('/stock');
    const page = await readPage(await client.request('/stock'));
    expect(linkTexts(mainMenu(page))).toEqual(['Home', 'Stock List', 'Pre Orders', 'Saved Searches']);
  });

  it('without CAN_BUY_ONLINE has no buy or offer buttons, no import, a cart link that says why it is off; export stays (moved from the stock journey)', async () => {
    // A link's name is its text and its visually hidden item ("BUY" then the item, without a space here: no styles).
    const buying = (page: ReadPage) =>
      [...page.queryAllByRole('link', { name: /^BUY/ }), ...page.queryAllByRole('link', { name: /^MAKE OFFER/ })].map(
        (link) => link.textContent,
      );
    expect(buying(await stockWithFirstGroupOpen(await buyerWith(['CAN_BUY_ONLINE']))).length).toBeGreaterThan(0);
    const page = await stockWithFirstGroupOpen(await buyerWith([]));
    expect(buying(page)).toEqual([]);
    expect(page.queryAllByText('IMPORT', { exact: true })).toHaveLength(0);
    expect(page.queryAllByText('STOCK ALERTS', { exact: true })).toHaveLength(0);
    expect(page.getAllByText('EXPORT', { exact: true }).length).toBeGreaterThan(0);
    expect(
      page
        .getByRole('link', { name: 'Cart and Offers (not available for your account)' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('without the right to buy has no quick order pad: no link, and its address leads to the stock list (moved from the quick order journey)', async () => {
    const client = await buyerWith(['CAN_SET_STOCKLIST_ALERT']);
    const page = await readPage(await client.request('/stock'));
    expect(linkTexts(toolbar(page))).not.toContain('QUICK ORDER');
    const pad = await client.request('/stock/quick-order');
    expect(pad.status).toBe(302);
    expect(pad.headers.get('location')).toMatch(/^\/stock(\?|$)/);
  });

  it('without the alert authority has no alert buttons in the list or the toolbar, and the alerts page says so (moved from the alerts journey)', async () => {
    const alertLinks = (page: ReadPage) =>
      page.queryAllByRole('link', { name: /^SET ALERT/ }).map((link) => link.textContent);
    const toolbarAlerts = (page: ReadPage) =>
      linkTexts(toolbar(page)).filter((text) => text.startsWith('STOCK ALERTS'));
    const allowed = await stockWithFirstGroupOpen(await buyerWith(['CAN_BUY_ONLINE', 'CAN_SET_STOCKLIST_ALERT']));
    expect(alertLinks(allowed).length).toBeGreaterThan(0);
    expect(toolbarAlerts(allowed)).toHaveLength(1);
    const client = await buyerWith(['CAN_BUY_ONLINE']);
    const page = await stockWithFirstGroupOpen(client);
    expect(alertLinks(page)).toEqual([]);
    expect(toolbarAlerts(page)).toEqual([]);
    const alerts = await readPage(await client.request('/stock-alerts'));
    expect(alerts.getByText('Stock alerts are not enabled for your account.')).toBeTruthy();
  });

  it('without CAN_VIEW_RETURNS is told so on every returns address with a 403, and the menu has no Returns (moved from the returns journey)', async () => {
    const client = await buyerWith(AUTHORITIES.filter((a) => a !== 'CAN_VIEW_RETURNS'));
    const message = 'Your account cannot view returns. Your sales rep can tell you more.';
    for (const address of [
      '/returns',
      '/returns/new',
      '/returns/RMA-000001',
      '/returns/export',
      '/returns/RMA-000001/packing-slip',
    ]) {
      // The export leads to the list's own address first, as a link from the list would.
      const first = await client.request(address);
      const answer = first.status === 302 ? await client.request(first.headers.get('location')!) : first;
      expect(answer.status, address).toBe(403);
      expect((await readPage(answer)).getByRole('alert').textContent, address).toBe(message);
    }
    const stock = await readPage(await client.request('/stock'));
    expect(linkTexts(mainMenu(stock))).not.toContain('Returns');
    expect(linkTexts(mainMenu(stock))).toContain('Orders');
  });
});

describe('an address inside the portal that is no page', () => {
  it('answers 404 with "Page not found" to a signed-in buyer (moved from the shell journey)', async () => {
    const client = await buyerWith([]);
    const answer = await client.request('/no-such-page');
    expect(answer.status).toBe(404);
    expect((await readPage(answer)).getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
