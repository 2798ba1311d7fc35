/**
 * The journey scripts/image-proof.sh runs against the server it started from the image's paths: a
 * browser without JavaScript signs in as the demo buyer, opens a group of the stock list, buys an
 * item, hands the cart to checkout and places the order (on hold). Every step submits the forms the
 * pages render, so a page that fails to render (a file the image lacks) fails the journey.
 *
 *   tsx scripts/image-proof-journey.ts http://127.0.0.1:3701 [--keep-session FILE]
 *   tsx scripts/image-proof-journey.ts http://127.0.0.1:3701 --resume-session FILE
 *
 * --keep-session writes the buyer's session and order to FILE at the end; --resume-session (the image
 * test, after a new container on the same volume) only checks that session still opens the order list
 * with that order in it.
 *
 * Requests carry X-Forwarded-Proto: https, as from the TLS-terminating proxy the image runs behind
 * (the server trusts it with TRUST_PROXY=loopback; the image sets SECURE_COOKIES=true).
 */
import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import { Client } from '../tests/security/server';

const BUYER = { email: 'buyer@example.com', password: 'Demo#2026' };
const PROXY = { 'x-forwarded-proto': 'https' };

interface Page {
  url: string;
  document: Document;
}

const [base, option, sessionFile] = process.argv.slice(2);
if (!base || (option && (!sessionFile || !['--keep-session', '--resume-session'].includes(option)))) {
  throw new Error('usage: image-proof-journey.ts BASE_URL [--keep-session FILE | --resume-session FILE]');
}
const client = new Client(base);

/** A request, its redirects followed (as a browser does, POST becoming GET); answers the page it lands on. */
async function navigate(pathname: string, init: { method?: string; form?: URLSearchParams } = {}): Promise<Page> {
  let url = new URL(pathname, base);
  let response = await client.request(url.pathname + url.search, {
    method: init.method ?? 'GET',
    form: init.form,
    headers: PROXY,
  });
  for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
    if (hops > 5) throw new Error(`${url.pathname}: too many redirects`);
    url = new URL(response.headers.get('location')!, url);
    if (url.origin !== new URL(base).origin) throw new Error(`redirected off the site to ${url.href}`);
    response = await client.request(url.pathname + url.search, { headers: PROXY });
  }
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(
      `${init.method ?? 'GET'} ${url.pathname}${url.search} answered ${response.status}: ${html.slice(0, 300)}`,
    );
  return { url: url.pathname + url.search, document: new JSDOM(html).window.document };
}

function find<T extends Element>(page: Page, selector: string, what: string): T {
  const element = page.document.querySelector<T>(selector);
  if (!element) throw new Error(`${page.url}: no ${what} (${selector})`);
  return element;
}

/** A file the page links to: answers its bytes after checking its type and first bytes. */
async function download(pathname: string, type: string, magic: string) {
  const response = await client.request(pathname, { headers: PROXY });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (
    response.status !== 200 ||
    !response.headers.get('content-type')?.startsWith(type) ||
    !bytes.subarray(0, magic.length).equals(Buffer.from(magic))
  ) {
    throw new Error(
      `${pathname} answered ${response.status} ${response.headers.get('content-type')} (${bytes.length} bytes), not a ${type}`,
    );
  }
  return bytes;
}

/** Submits a form as the browser would, with the button pressed. */
function submit(page: Page, button: HTMLButtonElement): Promise<Page> {
  const form = button.form;
  if (!form) throw new Error(`${page.url}: the button is in no form`);
  const window = form.ownerDocument.defaultView!;
  const fields = new URLSearchParams();
  for (const [name, value] of new window.FormData(form, button)) fields.append(name, String(value));
  const action = form.getAttribute('action') || page.url;
  if ((form.getAttribute('method') ?? 'get').toLowerCase() === 'get') {
    const target = new URL(action, base);
    target.search = fields.toString();
    return navigate(target.pathname + target.search);
  }
  return navigate(action, { method: 'POST', form: fields });
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ok  ${name} (${Math.round(performance.now() - started)} ms)`);
  return result;
}

if (option === '--resume-session') {
  const kept = JSON.parse(fs.readFileSync(sessionFile!, 'utf8')) as { session: string; order: string };
  client.setCookie('__session', kept.session);
  const orders = await step('open the order list with the session kept from before', () => navigate('/orders'));
  if (orders.document.querySelector('input[name="password"]'))
    throw new Error('the session kept from before was not accepted: back on the sign-in page');
  if (!orders.document.body.textContent?.includes(kept.order))
    throw new Error(`order ${kept.order} is not in the order list any more`);
  console.log(`image proof journey: the session and order ${kept.order} outlived the container`);
  process.exit(0);
}

const signIn = await navigate('/');
find<HTMLInputElement>(signIn, 'form input[name="email"]', 'sign-in form').value = BUYER.email;
find<HTMLInputElement>(signIn, 'form input[name="password"]', 'password field').value = BUYER.password;
const signedIn = await step('sign in as the demo buyer', () =>
  submit(signIn, find(signIn, 'form:has(input[name="password"]) button[type="submit"]', 'sign-in button')),
);
if (!client.cookie('__session')) throw new Error('no session cookie after sign-in');

const stock = await step('browse the stock list', () => navigate('/stock'));
if (signedIn.document.querySelector('input[name="password"]'))
  throw new Error('still on the sign-in page after signing in');
const group = await step('open an item group', () =>
  submit(stock, find(stock, 'button.stock-group__toggle', 'item group')),
);
const buyLink = find<HTMLAnchorElement>(group, 'a[href*="buy="]', 'Buy link');
const dialog = await step('open the buy dialog', () => navigate(buyLink.getAttribute('href')!));
const itemNumber = find(
  dialog,
  '.offer-dialog__item .item-number, .offer-dialog__item .muted',
  'item number',
).textContent!.trim();
await step(`add ${itemNumber} to the cart`, () =>
  submit(
    dialog,
    find(dialog, 'form:has(input[name="intent"][value="offer-save"]) button[type="submit"]', 'Add to cart button'),
  ),
);

const cart = await step('open the cart', () => navigate('/cart'));
const row = [...cart.document.querySelectorAll('li.cart-row')].find((li) =>
  li.querySelector('.item-number')?.textContent?.includes(itemNumber),
);
const tick = row?.querySelector<HTMLInputElement>('input[type="checkbox"][name="offerId"]');
if (!tick) throw new Error(`the cart has no row to choose for ${itemNumber}`);
tick.checked = true;
const checkoutButton = tick.form?.querySelector<HTMLButtonElement>('button[name="intent"][value="checkout"]');
if (!checkoutButton) throw new Error(`the warehouse of ${itemNumber} has no Checkout button`);
const checkout = await step('hand the chosen row to checkout', () => submit(cart, checkoutButton));
if (!checkout.url.startsWith('/checkout/'))
  throw new Error(`the hand-off landed on ${checkout.url}, not a checkout page`);
const confirmation = await step('place the order (on hold)', () =>
  submit(checkout, find(checkout, 'button[name="intent"][value="hold"]', 'Hold button')),
);
const order = new URL(confirmation.url, base).searchParams.get('order');
if (!confirmation.url.startsWith('/checkout/order-release-confirmation') || !order)
  throw new Error(`the submission landed on ${confirmation.url}, not a confirmation`);
const orders = await step(`find order ${order} in the order list`, () => navigate('/orders'));
if (!orders.document.body.textContent?.includes(order)) throw new Error(`order ${order} is not in the order list`);

// Files made at run time by the production dependencies (exceljs, pdfkit and its font metrics).
const exportLink = find<HTMLAnchorElement>(stock, 'a[href^="/stock/export"]', 'stock export link').getAttribute(
  'href',
)!;
await step('download the stock list as a spreadsheet', () =>
  download(exportLink, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'PK'),
);
const invoiced = find<HTMLAnchorElement>(orders, 'a[href*="-INVC"]', 'invoiced demo order').getAttribute('href')!;
const orderPage = await step('open an invoiced order', () => navigate(invoiced));
const invoice = find<HTMLAnchorElement>(orderPage, 'a[href*="/invoices/"]', 'invoice link').getAttribute('href')!;
await step('download its invoice as PDF', () => download(invoice, 'application/pdf', '%PDF'));
if (option === '--keep-session')
  fs.writeFileSync(sessionFile!, JSON.stringify({ session: client.cookie('__session'), order }), { mode: 0o600 });
console.log(`image proof journey: order ${order} placed`);
