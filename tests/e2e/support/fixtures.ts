import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { servers } from './servers';
import { PAGE_CHECK_STEPS } from '../../support/page-check-steps';

export const DEMO_PASSWORD = 'Demo#2026';
/** The demo tenant's seeded buyer, whose orders the demo data holds. */
export const DEMO_BUYER = { email: 'buyer@example.com', password: DEMO_PASSWORD };

export interface NewUser {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isBuyer?: boolean;
  mustChangePassword?: boolean;
  isProspect?: boolean;
  authorities?: string[];
  salesRepWhatsApp?: string;
}

type ServerName = keyof ReturnType<typeof servers>;

/** Creates a user of its own for a test through the marketplace's admin endpoint. */
export async function createUser(options: NewUser = {}, server: ServerName = 'demo') {
  const { port, dataDir } = servers()[server];
  const token = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const user = {
    email: options.email ?? `e2e-${randomUUID().slice(0, 12)}@example.com`,
    password: options.password ?? DEMO_PASSWORD,
    firstName: options.firstName ?? 'Pat',
    lastName: options.lastName ?? 'Tester',
    isBuyer: options.isBuyer ?? true,
    mustChangePassword: options.mustChangePassword ?? false,
    isProspect: options.isProspect ?? false,
    authorities: options.authorities ?? [],
  };
  const response = await fetch(`http://localhost:${port}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: JSON.stringify({ ...user, salesRepWhatsApp: options.salesRepWhatsApp }),
  });
  if (response.status !== 201)
    throw new Error(`creating a test user failed: ${response.status} ${await response.text()}`);
  return user;
}

export const ALL_AUTHORITIES = [
  'CAN_BUY_ONLINE',
  'CAN_SET_STOCKLIST_ALERT',
  'CAN_SUBSCRIBE_DAILY_REPORT',
  'CAN_VIEW_AUCTION_SUMMARY',
  'CAN_VIEW_ORDER',
  'CAN_UPDATE_ORDER',
  'CAN_VIEW_RETURNS',
];

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

/**
 * Signs in by posting the sign-in form as the browser would (the context keeps the session cookie),
 * then opens the page: what a journey about something else needs, without rendering the sign-in page
 * and its redirect first. Journeys about signing in use `signIn`, through the page.
 */
export async function openSignedIn(page: Page, path: string, user: { email: string; password: string }) {
  await postSignIn(page.request, user);
  await page.goto(path);
  // A page loaded whole is not the sign-in's client-side navigation: with scripts, wait until they
  // have taken over (root.tsx marks it), so that the journey's first change is handled by them.
  if (test.info().project.use.javaScriptEnabled !== false)
    await page.locator('html.scripted').waitFor({ state: 'attached' });
}

/** Posts the sign-in form in a browser context's name (its cookies keep the session), without opening a page. */
export async function postSignIn(request: APIRequestContext, user: { email: string; password: string }) {
  const origin = `http://localhost:${servers().demo.port}`;
  const response = await request.post('/?index', {
    form: { intent: 'sign-in', email: user.email, password: user.password, redirectTo: '' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in ${user.email}: ${await response.text()}`).toBe(302);
}

/**
 * The answer to a form posted to `pathname`: without scripts the page's own address; with them
 * Remix's single fetch posts to `<pathname>.data` (`/_root.data` for the index).
 */
export function postAnswered(page: Page, pathname: string) {
  const addresses = new Set([pathname, `${pathname === '/' ? '/_root' : pathname}.data`]);
  return page.waitForResponse(
    (response) => response.request().method() === 'POST' && addresses.has(new URL(response.url()).pathname),
  );
}

/**
 * A refused form's error summary (docs/design.md §8): focused, with each error a link in the page's
 * order of fields. Following the first link (the one named `follow`, if given) focuses its field,
 * which says the same error beside it.
 */
export async function expectErrorSummary(page: Page, links: (string | RegExp)[], follow: string | RegExp = links[0]!) {
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(links);
  const link = summary.getByRole('link', { name: follow });
  const field = page.locator(`[id="${(await link.getAttribute('href'))!.slice(1)}"]`);
  await link.click();
  await expect(field).toBeFocused();
  // The field's own message comes first in its description (a hint may follow).
  const escaped = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  await expect(field).toHaveAccessibleDescription(typeof follow === 'string' ? escaped(follow) : follow);
  return summary;
}

/** A new buyer of the French tenant (the second server), signed in on its stock list. */
export async function signInToSecond(page: Page) {
  const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
  await page.goto(`http://localhost:${servers().second.port}/`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'SE CONNECTER' }).click();
  await expect(page).toHaveURL(/\/stock$/);
  return user;
}

/** The verification code of the newest reset e-mail to this address in the server's outbox. */
export async function readResetCode(email: string, server: ServerName = 'demo'): Promise<string> {
  const outbox = path.join(servers()[server].dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text)) continue;
      const match = /(?:verification code is|code de v=C3=A9rification est|code de vérification est) (\d{6})/.exec(
        text,
      );
      if (match) return match[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset e-mail for ${email} in ${outbox}`);
}

/**
 * axe-core's own run in the page (decision 050): its source is put in each frame whose window lacks
 * it, and stays for later checks of the same window (after a navigation made by the page's scripts,
 * and in the scripted page, where `setContent` writes each served copy into the same document); only
 * the violations are collected. @axe-core/playwright put it in twice a check and took 250 to 300 ms
 * more than the run itself (on /cart, 420 ms against 150 ms).
 */
async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    const inFrame = frame !== page.mainFrame();
    try {
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
    } catch (error) {
      // A frame gone since it was listed is not checked; the page itself must be.
      if (!inFrame) throw error;
    }
  }
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The desktop's width, at which no text a buyer reads may be cut either. */
const DESKTOP = 1366;
/** The widths every checked page must fit without scrolling sideways: two phones, a tablet, a laptop. */
const WIDTHS = [360, 390, 768, DESKTOP];

/**
 * What scrolls sideways at the window's width: the page itself (naming the outermost boxes that
 * stick out) or a box inside it that scrolls (a wide table in a scroller is still a sideways scroll).
 */
function sidewaysScroll(): string | null {
  const width = window.innerWidth;
  // Boxes past the edge count only when the page scrolls: a clipped box (a visually hidden header) does not.
  const pageScrolls = document.documentElement.scrollWidth > width;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
  const found: string[] = [];
  const elements = document.querySelectorAll('body *');
  // Reading sizes is cheap once laid out; styles and boxes only where something is wider than its box.
  for (const el of elements) {
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
    const { overflowX } = getComputedStyle(el);
    if (overflowX === 'auto' || overflowX === 'scroll')
      found.push(`${name(el)} scrolls (${el.scrollWidth} in ${el.clientWidth})`);
  }
  if (pageScrolls) {
    for (const el of elements) {
      const box = el.getBoundingClientRect();
      const parent = el.parentElement;
      if (box.width > 0 && box.right > width + 1 && !(parent && parent.getBoundingClientRect().right > width + 1))
        found.push(`${name(el)} ends at ${Math.round(box.right)}`);
    }
  }
  if (pageScrolls && !found.length) found.push(`the page is ${document.documentElement.scrollWidth} wide`);
  return found.length ? found.slice(0, 4).join('; ') : null;
}

/**
 * Text cut short in its box: an ellipsis's, a field's placeholder or a list's chosen option (a box
 * of the browser's own, which cuts what does not fit without a mark). Measured with the box's font.
 */
function cutText(): string[] {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
  const context = document.createElement('canvas').getContext('2d')!;
  const widthOf = (text: string, style: CSSStyleDeclaration) => {
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return context.measureText(text).width;
  };
  const room = (el: HTMLElement, style: CSSStyleDeclaration) =>
    el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  // A list's arrow is drawn inside its padding box.
  const ARROW = 20;
  const found: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    // Not shown, or only to a screen reader (the visually hidden pattern's box of 1 px).
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
      if (widthOf(el.placeholder, style) > room(el, style) + 1)
        found.push(`${name(el)}'s placeholder "${el.placeholder}"`);
    } else if (el instanceof HTMLSelectElement && el.selectedOptions[0]) {
      const text = el.selectedOptions[0].text;
      if (widthOf(text, style) > room(el, style) - ARROW + 1) found.push(`${name(el)}'s option "${text}"`);
    } else if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)} "${el.textContent!.trim().slice(0, 60)}"`);
    }
  }
  return found;
}

/**
 * Fields, lists and buttons of one form side by side that do not line up: another height or another
 * top than the control beside them (a search bar's text field, date, list and button).
 */
function raggedControls(): string[] {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
  // A bar that stays in view (sticky or fixed) passes over what scrolls under it: its controls line up among themselves.
  const pinnedIn = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement)
      if (/^(sticky|fixed)$/.test(getComputedStyle(at).position)) return at;
    return null;
  };
  const controls = [
    ...document.querySelectorAll<HTMLElement>(
      "form :is(input:not([type='hidden'], [type='checkbox'], [type='radio'], [type='file']), select, button:not(.button--link))",
    ),
  ].flatMap((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden'
      ? [{ el, box, form: el.closest('form'), row: el.closest('tr'), pinned: pinnedIn(el) }]
      : [];
  });
  const found: string[] = [];
  for (const [i, a] of controls.entries()) {
    for (const b of controls.slice(i + 1)) {
      // A table's row lines up within itself.
      if (a.form !== b.form || a.row !== b.row || a.pinned !== b.pinned) continue;
      const overlap = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (overlap < Math.min(a.box.height, b.box.height) / 2) continue;
      if (Math.abs(a.box.height - b.box.height) > 1 || Math.abs(a.box.top - b.box.top) > 1)
        found.push(
          `${name(a.el)} (${Math.round(a.box.height)} px at ${Math.round(a.box.top)}) beside ${name(b.el)} (${Math.round(b.box.height)} px at ${Math.round(b.box.top)})`,
        );
    }
  }
  return found.slice(0, 4);
}

async function expectFitsEveryWidth(page: Page) {
  const original = page.viewportSize()!;
  const wide: string[] = [];
  let cut: string[] = [];
  let ragged: string[] = [];
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: original.height });
      // The window takes its new width a moment after the call on a loaded machine: measure the page at it, not mid-resize.
      await page.waitForFunction((w) => window.innerWidth === w, width, { polling: 50 });
      const found = await page.evaluate(sidewaysScroll);
      if (found) wide.push(`${width} px: ${found}`);
      if (width === DESKTOP) [cut, ragged] = await Promise.all([page.evaluate(cutText), page.evaluate(raggedControls)]);
    }
  } finally {
    await page.setViewportSize(original);
  }
  expect(wide, `${new URL(page.url()).pathname} scrolls sideways`).toEqual([]);
  expect(cut, `${new URL(page.url()).pathname} cuts text at ${DESKTOP} px`).toEqual([]);
  expect(
    ragged,
    `${new URL(page.url()).pathname} has controls side by side that do not line up at ${DESKTOP} px`,
  ).toEqual([]);
}

/**
 * What the browser reports as going wrong in the page's scripts: an uncaught error or rejection
 * (React 18 reports a hydration mismatch this way, then renders the page again from scratch), or an
 * error written to the console. Not a request answered with an error (a refused form answers 400;
 * the test tenant's widgets are on a host that does not exist), nor Remix's log of a page's data cut
 * short when a newer navigation or submission takes over (an AbortError).
 */
function collectScriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource') || text.startsWith('AbortError')) return;
    errors.push(`${new URL(page.url()).pathname}: console: ${text.split('\n')[0]}`);
  });
  return errors;
}

export const test = base.extend<
  { javaScriptOn: boolean; scriptErrors: string[]; expectNoAxeViolations: (page: Page) => Promise<void> },
  { scriptedPage: Page }
>({
  javaScriptOn: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled ?? true),
  /** Every journey's page is watched for script errors: each page check, and the journey's end, find none. */
  scriptErrors: [
    async ({ page }, use) => {
      const errors = collectScriptErrors(page);
      await use(errors);
      expect(errors, 'script errors in the journey').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * One page with scripts a worker, where pages served without them are checked: a context each cost
   * about a second, and a page each with its first visit half a second more.
   */
  scriptedPage: [
    async ({ browser }, use) => {
      // The test runner lends new contexts the project's options: ask for scripts explicitly.
      const context = await browser.newContext({ javaScriptEnabled: true });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  /**
   * Every page a journey checks passes axe-core and fits 360, 390, 768 and 1366 px without scrolling
   * sideways, in the journey's mode. axe-core runs as a script, which a page without JavaScript
   * cannot run: there the served HTML (scripts stripped) is checked in a scripted page of the same
   * origin, with the same styles. No text or attribute holds U+FFFD, what a browser makes of a byte
   * the server sent wrong (decision 046). No script error has been reported in the journey's page.
   */
  expectNoAxeViolations: async ({ javaScriptEnabled, scriptedPage, scriptErrors }, use) => {
    await use(async (page) => {
      expect(scriptErrors, 'script errors on the page').toEqual([]);
      // Steps of their own: the journeys' reporter sums what the widths and axe-core cost a run.
      await base.step(PAGE_CHECK_STEPS.widths, () => expectFitsEveryWidth(page), { box: true });
      const served = await page.content();
      expect(served.includes('\uFFFD'), 'a U+FFFD on the page').toBe(false);
      await base.step(
        PAGE_CHECK_STEPS.axe,
        async () => {
          if (javaScriptEnabled !== false) {
            expect(await axeViolations(page), 'axe-core violations').toEqual([]);
            return;
          }
          const html = served.replace(/<script\b[\s\S]*?<\/script>/gi, '');
          // The copy's address gives its styles and images the page's origin (each server has its own).
          const origin = new URL('/healthz', page.url()).toString();
          if (scriptedPage.url() !== origin) await scriptedPage.goto(origin);
          await scriptedPage.setContent(html, { waitUntil: 'load' });
          expect(await axeViolations(scriptedPage), 'axe-core violations').toEqual([]);
        },
        { box: true },
      );
    });
  },
});
export { expect };

/** A call to the demo marketplace's admin API: the seller's side of the market, driven by a test. */
export async function admin(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
  server: ServerName = 'demo',
) {
  const { port, dataDir } = servers()[server];
  const token = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const response = await fetch(`http://localhost:${port}/px-api-gateway/admin${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`admin ${method} ${route} failed: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The tenant API as a signed-in buyer: lets a journey put things in a cart before it starts. */
export async function buyerApi(email: string, password: string, server: ServerName = 'demo') {
  const base = `http://localhost:${servers()[server].port}/px-api-gateway`;
  const signIn = await fetch(`${base}/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = response.status === 204 ? null : await response.json();
    if (!response.ok) throw new Error(`${method} ${route} failed: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}
