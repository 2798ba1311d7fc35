import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RETURN_LIMITS } from '../../app/domain/returns/rules';
import { firstChoices } from '../integration/harness';

/**
 * Return photos as a buyer sends them through the portal's form (issue 49, point 3): a buyer with a
 * shipped order of units by IMEI, requests of five 5 MB photos each posted at once, and the server's
 * resident memory meanwhile. Used by tests/security/return-photos-memory.test.ts and by the bench's
 * row (tests/bench/return-photos.ts), so both measure the same thing.
 */

const PASSWORD = 'Demo#2026';

function adminHeaders(dataDir: string) {
  return {
    'content-type': 'application/json',
    'x-admin-token': fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim(),
  };
}

async function call(base: string, dataDir: string, token: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${base}/px-api-gateway${pathname}`, {
    method,
    headers: { ...adminHeaders(dataDir), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A new buyer who may return, signed in to the portal (its session cookie) and to the tenant API. */
export async function photoBuyer(base: string, dataDir: string) {
  const email = `photos-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const made = await fetch(`${base}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: adminHeaders(dataDir),
    body: JSON.stringify({
      email,
      password: PASSWORD,
      isBuyer: true,
      authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS'],
    }),
  });
  if (made.status !== 201) throw new Error(`making ${email} answered ${made.status}: ${await made.text()}`);
  const portal = await fetch(`${base}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email, password: PASSWORD, redirectTo: '' }),
  });
  const cookie = portal.headers
    .getSetCookie()
    .find((c) => c.startsWith('__session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`${email} could not sign in to the portal: ${portal.status}`);
  const signIn = await fetch(`${base}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return { email, cookie, token: ((await signIn.json()) as { accessToken: string }).accessToken };
}

/** An order of at least `units` units of one Amsterdam item, shipped yesterday with IMEIs. */
export async function shippedUnits(
  base: string,
  dataDir: string,
  token: string,
  units: number,
): Promise<{ orderNumber: string; imeis: string[] }> {
  const api = (method: string, pathname: string, body?: unknown) => call(base, dataDir, token, method, pathname, body);
  const [item] = await api('GET', `/admin/stock?warehouse=AMS&minQuantity=${units * 4}&limit=1`);
  const offer = await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: item.itemNumberWarehouse,
    offerQuantity: item.incrementSize * Math.ceil(units / item.incrementSize),
    offerPrice: item.listPrice,
  });
  const { checkoutId } = await api('POST', '/cart/cart-checkout/AMS', [offer.offerId]);
  const payload = await api('GET', `/checkout/${checkoutId}`);
  const selection = firstChoices(payload);
  const submitted = await api('POST', `/checkout/${checkoutId}/submit`, {
    submissionKey: payload.submissionKey,
    readyToRelease: true,
    selection,
  });
  const orderNumber = submitted.phonexOrderNumber as string;
  const ship = await api('POST', `/admin/orders/${orderNumber}/ship`, {
    trackingNumber: `1ZPHOTO${Date.now()}`,
    generateImeis: true,
    at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  return { orderNumber, imeis: (ship.shipment.lines as { imeis: string[] }[]).flatMap((l) => l.imeis) };
}

/** A photo of `bytes` bytes: a PNG's signature, then bytes that do not compress (as a real photo's). */
export function photoOf(bytes: number = RETURN_LIMITS.photoBytes): Blob {
  const body = randomBytes(bytes);
  body.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  return new Blob([body], { type: 'image/png' });
}

export interface PhotoAnswer {
  status: number;
  location: string | null;
  /** The page's text when the form came back (a refusal). */
  text: string;
  ms: number;
}

/** The portal's return form for one unit with `photos` (the same blob each time, sent as separate files). */
export async function postPhotos(
  base: string,
  cookie: string,
  orderNumber: string,
  imei: string,
  photo: Blob,
  photos: number = RETURN_LIMITS.photosPerUnit,
): Promise<PhotoAnswer> {
  const form = new FormData();
  form.append('intent', 'request');
  form.append('order', orderNumber);
  form.append('key', `photos-${randomBytes(8).toString('hex')}`);
  form.append('note', '');
  form.append('units[0].imei', imei);
  form.append('units[0].chosen', 'on');
  form.append('units[0].reason', 'DOA');
  for (let i = 0; i < photos; i++) form.append('units[0].photos', photo, `unit-${i}.png`);
  const started = performance.now();
  const response = await fetch(`${base}/returns/new?order=${encodeURIComponent(orderNumber)}`, {
    method: 'POST',
    body: form,
    headers: { cookie },
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text, ms: performance.now() - started };
}

const status = (pid: number) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? NaN);

/** The process's resident memory now, in MB. */
export const rssMb = (pid: number) => kb(status(pid), 'VmRSS') / 1024;

/**
 * The peak resident memory of a process from now on: the kernel's own high-water mark (VmHWM) reset
 * here through clear_refs where the kernel lets the owner do it, and VmRSS sampled every 25 ms
 * besides (what is reported is the higher of the two, so a missed reset cannot hide a peak).
 */
export function rssPeak(pid: number) {
  let reset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    // Not allowed here: the samples stand alone.
  }
  let sampled = rssMb(pid);
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, rssMb(pid));
    } catch {
      // the process is gone
    }
  }, 25);
  return {
    stop(): { peakMb: number; sampledMb: number; hwmMb: number | null } {
      clearInterval(timer);
      const hwmMb = reset ? kb(status(pid), 'VmHWM') / 1024 : null;
      return { peakMb: Math.max(sampled, hwmMb ?? 0), sampledMb: sampled, hwmMb };
    },
  };
}
