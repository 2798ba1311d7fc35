import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHOTO_BYTES_IN_FLIGHT, photoWaitMs, photoBytesInFlight } from '../../app/.server/byte-budget';
import { RETURN_LIMITS } from '../../app/domain/returns/rules';
import { ADMIN_TOKEN, readOutbox, type apiCaller } from './harness';
import { ordering, testMarketplace } from './support/ordering';
import { returning } from './support/returning';

/**
 * Issue 38, what was left of returns: photos of the units (images only by their bytes, within the
 * limits, kept in stored_files, required for the reasons the tenant says, shown only to their
 * buyer), the seller's per-unit rejections in the buyer's e-mail, and the reasons per language.
 */
const started = testMarketplace({ items: 200 });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
const api = ordering(started, 'photos');
const { newReturnsBuyer, shippedOrder, request } = returning(call, api);

const PNG = readFileSync('tests/fixtures/photos/unit.png');
const JPEG = readFileSync('tests/fixtures/photos/unit.jpg');

let keys = 0;
/** A request with photos as the portal sends it: its JSON in `request`, each photo a file part its unit names. */
async function requestWithPhotos(
  token: string,
  orderNumber: string,
  units: { imei: string; reasonCode?: string; photos: [string, Uint8Array][] }[],
  extra: [string, Blob | string][] = [],
) {
  const form = new FormData();
  const body = {
    orderNumber,
    idempotencyKey: `photos-${Date.now()}-${++keys}`,
    note: '',
    units: units.map((u) => ({
      imei: u.imei,
      reasonCode: u.reasonCode ?? 'DOA',
      photos: u.photos.map(([name]) => name),
    })),
  };
  form.append('request', JSON.stringify(body));
  for (const u of units)
    for (const [name, bytes] of u.photos)
      form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${name}.png`);
  for (const [name, value] of extra) form.append(name, value);
  const response = await started().harness.marketplace.fetch(
    new Request('http://m/px-api-gateway/returns', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: await response.json() };
}

const photoOf = (token: string, rma: string, id: number, admin = false) =>
  started().harness.marketplace.fetch(
    new Request(`http://m/px-api-gateway/${admin ? 'admin/' : ''}returns/${rma}/photos/${id}`, {
      headers: admin ? { 'x-admin-token': ADMIN_TOKEN } : { authorization: `Bearer ${token}` },
    }),
  );

describe('photos of the units', () => {
  it('are kept with the request as the type their bytes say, and shown to their buyer only', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 2, 1);
    const created = await requestWithPhotos(token, n, [
      {
        imei: imeis[0]!,
        photos: [
          ['photo-0', PNG],
          ['photo-1', JPEG],
        ],
      },
      { imei: imeis[1]!, photos: [] },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rma = created.body.rmaNumber as string;
    const seen = (await call('GET', `/returns/${rma}`, { token })).body;
    expect(seen.units.map((u: { photos: unknown[] }) => u.photos.length)).toEqual([2, 0]);
    const [png, jpeg] = seen.units[0].photos as { id: number }[];
    const first = await photoOf(token, rma, png!.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await first.arrayBuffer()).equals(PNG)).toBe(true);
    // Sent as image/png, read as what it is.
    expect((await photoOf(token, rma, jpeg!.id)).headers.get('content-type')).toBe('image/jpeg');

    // Another buyer's photo, and a photo asked for under another request of the same buyer, are not found.
    expect((await photoOf(await newReturnsBuyer(), rma, png!.id)).status).toBe(404);
    const other = await shippedOrder(token, 1, 2);
    const otherRma = (await request(token, other.n, [{ imei: other.imeis[0]! }])).body.rmaNumber as string;
    expect((await photoOf(token, otherRma, png!.id)).status).toBe(404);
    expect((await photoOf(token, rma, 2_147_483_647)).status).toBe(404);
    // The seller sees them through the admin API.
    expect((await call('GET', `/admin/returns/${rma}`)).body.units[0].photos).toHaveLength(2);
  });

  it('refuse a file that is no image, too large, too many, or not named by a unit, and make nothing', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 3);
    const unit = (photos: [string, Uint8Array][]) => [{ imei: imeis[0]!, photos }];
    const text = new TextEncoder().encode('not a picture, whatever its name says');
    const notImage = await requestWithPhotos(token, n, unit([['photo-0', text]]));
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ messageCode: 'return.photoNotImage', params: { units: imeis[0] } });
    const large = new Uint8Array(RETURN_LIMITS.photoBytes + 1);
    large.set(PNG);
    expect((await requestWithPhotos(token, n, unit([['photo-0', large]]))).body).toMatchObject({
      messageCode: 'return.photoTooLarge',
      params: { mb: 5 },
    });
    const six = Array.from({ length: 6 }, (_, i) => [`photo-${i}`, PNG] as [string, Uint8Array]);
    expect((await requestWithPhotos(token, n, unit(six))).status).toBe(400);
    expect(
      (await requestWithPhotos(token, n, unit([['photo-0', PNG]]), [['photo-9', new Blob([PNG])]])).body.messageCode,
    ).toBe('photoNotNamed');
    expect((await requestWithPhotos(token, n, unit([['photo-0', PNG]]), [['stray', 'x']])).status).toBe(400);
    const missing = await requestWithPhotos(token, n, [{ imei: imeis[0]!, photos: [] }], []);
    expect(missing.status).toBe(201);
    expect((await call('GET', '/returns', { token })).body.total).toBe(1);
  });

  it('sent over HTTP wait for room in the budget for photos in flight, and are refused with Retry-After when none comes', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 1, 7);
    const send = (signal?: AbortSignal) => {
      const form = new FormData();
      form.append(
        'request',
        JSON.stringify({
          orderNumber: n,
          idempotencyKey: `photos-busy-${Date.now()}-${++keys}`,
          note: '',
          units: [{ imei: imeis[0], reasonCode: 'DOA', photos: ['photo-0'] }],
        }),
      );
      form.append('photo-0', new Blob([new Uint8Array(PNG)]), 'photo-0.png');
      return started().harness.marketplace.fetch(
        new Request('http://m/px-api-gateway/returns', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal,
        }),
      );
    };
    const held = (await photoBytesInFlight().take(PHOTO_BYTES_IN_FLIGHT, 0))!;
    try {
      // A client that is gone by then stops waiting at once (the wait is PHOTO_WAIT_SECONDS otherwise).
      const busy = await send(AbortSignal.abort());
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe(String(photoWaitMs() / 1000));
      expect(await busy.json()).toMatchObject({ messageCode: 'return.photosBusy' });
      const waiting = send();
      await new Promise((r) => setTimeout(r, 50));
      held();
      expect((await waiting).status).toBe(201);
    } finally {
      held();
    }
    expect(photoBytesInFlight().free).toBe(PHOTO_BYTES_IN_FLIGHT);
  });

  it('are required for the reasons the tenant says, naming the units without one', async () => {
    const settings = (await call('GET', '/admin/returns/settings')).body;
    expect(
      (
        await call('POST', '/admin/returns/settings', {
          body: {
            reasons: settings.reasons.map((r: { code: string }) => ({
              ...r,
              photoRequired: r.code === 'TRANSIT_DAMAGE',
            })),
          },
        })
      ).status,
    ).toBe(200);
    try {
      const token = await newReturnsBuyer();
      const { n, imeis } = await shippedOrder(token, 2, 4);
      const able = (await call('GET', `/returns/orders/${n}`, { token })).body;
      expect(able.reasons.find((r: { code: string }) => r.code === 'TRANSIT_DAMAGE').photoRequired).toBe(true);
      const without = await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[1]! }], {
        reasonCode: 'TRANSIT_DAMAGE',
      });
      expect(without.status).toBe(422);
      expect(without.body).toMatchObject({
        messageCode: 'return.photoRequired',
        params: { units: `${imeis[0]}, ${imeis[1]}` },
      });
      const withPhotos = await requestWithPhotos(token, n, [
        { imei: imeis[0]!, reasonCode: 'TRANSIT_DAMAGE', photos: [['photo-0', PNG]] },
        { imei: imeis[1]!, reasonCode: 'DOA', photos: [] },
      ]);
      expect(withPhotos.status, JSON.stringify(withPhotos.body)).toBe(201);
    } finally {
      await call('POST', '/admin/returns/settings', { body: { reasons: settings.reasons } });
    }
  });
});

describe("the buyer's e-mail", () => {
  it('names each unit the seller rejected with its reason, on approval and on rejection', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 3, 5);
    const approved = (await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[1]! }])).body.rmaNumber as string;
    await call('POST', `/admin/returns/${approved}/approve`, {
      body: { instructions: 'Dock 4', rejectUnits: [{ unit: imeis[1], reason: 'Works fine on our bench' }] },
    });
    const rejected = (await request(token, n, [{ imei: imeis[2]! }])).body.rmaNumber as string;
    await call('POST', `/admin/returns/${rejected}/reject`, { body: { reason: 'Outside the warranty' } });
    const mail = (rma: string, status: string) =>
      readOutbox(started().harness.outboxDir).find((m) => m.subject.includes(rma) && m.subject.endsWith(status))!;
    const approval = mail(approved, 'approved').text;
    expect(approval).toContain('Not accepted for return:');
    expect(approval).toContain(`- ${imeis[1]}: Works fine on our bench`);
    expect(approval).not.toContain(`- ${imeis[0]}:`);
    expect(mail(rejected, 'rejected').text).toContain(`- ${imeis[2]}: Outside the warranty`);
    // Nothing rejected, nothing listed.
    expect(mail(approved, 'requested').text).not.toContain('Not accepted for return:');
  });
});

describe('the reasons per language', () => {
  it('keep a label per language the portal speaks, English always, each code once', async () => {
    const settings = (await call('GET', '/admin/returns/settings')).body;
    const save = (reasons: unknown) => call('POST', '/admin/returns/settings', { body: { reasons } });
    try {
      expect((await save([{ code: 'DOA', labels: { en: 'Dead', es: 'Muerto' } }])).status).toBe(400);
      expect((await save([{ code: 'DOA', labels: { fr: 'Mort' } }])).status).toBe(400);
      expect(
        (
          await save([
            { code: 'DOA', labels: { en: 'Dead' } },
            { code: 'DOA', labels: { en: 'Again' } },
          ])
        ).status,
      ).toBe(400);
      expect((await save([{ code: 'DOA', labels: { en: 'two\nlines' } }])).status).toBe(400);
      const saved = await save([{ code: 'DOA', labels: { en: 'Dead on arrival', fr: 'Hors service', de: 'Defekt' } }]);
      expect(saved.status).toBe(200);
      // This tenant speaks English.
      const token = await newReturnsBuyer();
      const { n } = await shippedOrder(token, 1, 6);
      expect((await call('GET', `/returns/orders/${n}`, { token })).body.reasons).toEqual([
        { code: 'DOA', label: 'Dead on arrival', photoRequired: false },
      ]);
    } finally {
      await save(settings.reasons);
    }
  });
});
