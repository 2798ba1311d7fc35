import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, Client, createBuyer, type ServerAddress, type SignedInBuyer as Buyer } from './server';
import { sharedServer } from './shared-server';

/**
 * The isolation matrix and the bid form's refusals for auctions (issue 53), on the built server:
 * another buyer's bid key, second-chance offer and canceled lot answer 404 and change nothing; the
 * bid form refuses what is not a whole amount, a negative, an amount above the limit or below the
 * next minimum, and a closed lot, beside the field and never with a 500; a buyer without the
 * authority gets a 403; a replayed confirmation places one bid.
 * The auction e-mails box of the notifications page saves without scripts and only for those who see auctions.
 * A lot's photos: the seller's admin call keeps images only (by their bytes, within the limits); the
 * portal shows them to the buyers who may see the lot, as images that run nothing; a hidden lot's
 * photo, or a photo asked under another lot, is a 404.
 */
let server: ServerAddress;
const api = (token: string, method: string, path: string, body?: unknown) => apiCall(server, token, method, path, body);

async function bidder(authorities = ['CAN_BUY_ONLINE', 'CAN_VIEW_AUCTION_SUMMARY']): Promise<Buyer> {
  const { email, password } = await createBuyer(server, authorities);
  const client = new Client(server.url);
  await client.signIn(email, password);
  const signIn = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { client, email, token: ((await signIn.json()) as { accessToken: string }).accessToken };
}

const PNG = fs.readFileSync('tests/fixtures/photos/unit.png');

async function newLot(who: Buyer, options: { reservePrice?: number; photos?: Buffer[] } = {}): Promise<number> {
  const now = Date.now();
  const made = await api(who.token, 'POST', '/admin/auctions', {
    ...(options.photos ? { photosBase64: options.photos.map((p) => p.toString('base64')) } : {}),
    title: 'Security lot',
    warehouseCode: 'AMS',
    startingPrice: 10_000,
    reservePrice: options.reservePrice ?? null,
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
    lines: [{ model: 'iPhone 13', grade: 'A', quantity: 10 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as number;
}

let alice: Buyer;
let mallory: Buyer;

beforeAll(async () => {
  server = await sharedServer();
  [alice, mallory] = [await bidder(), await bidder()];
}, 120_000);

describe("another buyer's auctions", () => {
  it('answer 404 and change nothing: a bid key, a second-chance offer, a canceled lot', async () => {
    const lotId = await newLot(alice, { reservePrice: 90_000 });
    expect(
      (await api(alice.token, 'POST', `/auctions/${lotId}/bids`, { amount: 20_000, idempotencyKey: 'alice-key-1' }))
        .status,
    ).toBe(201);
    expect(
      (await api(mallory.token, 'POST', `/auctions/${lotId}/bids`, { amount: 30_000, idempotencyKey: 'alice-key-1' }))
        .status,
    ).toBe(404);
    expect((await api(alice.token, 'POST', `/admin/auctions/${lotId}/close`)).body.outcome).toBe('RESERVE_NOT_MET');
    expect((await api(alice.token, 'POST', `/admin/auctions/${lotId}/second-chance`)).status).toBe(200);
    expect((await api(mallory.token, 'POST', `/auctions/${lotId}/second-chance`, { accept: true })).status).toBe(404);
    expect((await mallory.client.post(`/auctions/${lotId}`, { intent: 'accept' })).status).toBe(302);
    expect((await api(alice.token, 'GET', `/auctions/${lotId}`)).body.secondChance).toEqual({
      state: 'OFFERED',
      price: 90_000,
    });

    const canceled = await newLot(alice);
    await api(alice.token, 'POST', `/auctions/${canceled}/bids`, { amount: 20_000 });
    await api(alice.token, 'POST', `/admin/auctions/${canceled}/cancel`, { reason: 'Damaged' });
    expect((await api(mallory.token, 'GET', `/auctions/${canceled}`)).status).toBe(404);
    expect((await mallory.client.request(`/auctions/${canceled}/manifest`)).status).toBe(404);
    expect((await api(alice.token, 'GET', `/auctions/${canceled}`)).body.cancelReason).toBe('Damaged');
  });
});

describe('the bid form', () => {
  it('says beside the field why it refuses an amount, never a 500', async () => {
    const lotId = await newLot(alice);
    const review = (amount: string) => alice.client.post(`/auctions/${lotId}`, { intent: 'review', amount });
    for (const [amount, words] of [
      ['12.5', 'Enter a whole amount, without decimals'],
      ['-3', 'Enter an amount above zero'],
      ['', 'Enter your maximum bid'],
      ['99999999999', 'Your bid can be at most'],
      ['50', 'Your bid must be at least'],
    ] as const) {
      const answer = await review(amount);
      expect([400, 422], amount).toContain(answer.status);
      expect(await answer.text(), amount).toContain(words);
    }
    const ok = await review('150');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Confirm your bid');

    expect(
      (await alice.client.post(`/auctions/${lotId}`, { intent: 'review', amount: '150', extra: 'x' })).status,
    ).toBe(400);
    expect(
      (await alice.client.post(`/auctions/${lotId}`, { intent: 'bid-everything', amount: '150' })).status,
    ).toBeLessThan(500);
    expect(
      (await alice.client.post(`/auctions/${lotId}`, { intent: 'confirm', amount: '150', key: '../../x' })).status,
    ).toBe(400);

    const confirm = () =>
      alice.client.post(`/auctions/${lotId}`, { intent: 'confirm', amount: '150', key: 'replayed-confirm-1' });
    expect((await confirm()).status).toBe(302);
    expect((await confirm()).status).toBe(302);
    expect((await api(alice.token, 'GET', `/auctions/${lotId}`)).body.bidCount).toBe(1);

    await api(alice.token, 'POST', `/admin/auctions/${lotId}/close`);
    const closed = await mallory.client.post(`/auctions/${lotId}`, { intent: 'review', amount: '500' });
    expect(closed.status).toBe(422);
    expect(await closed.text()).toContain('Bidding on this lot has ended');
  });

  it('is not for a buyer without the auctions authority', async () => {
    const viewer = await bidder([]);
    const lotId = await newLot(alice);
    expect((await viewer.client.request(`/auctions/${lotId}`)).status).toBe(403);
    expect((await viewer.client.post(`/auctions/${lotId}`, { intent: 'review', amount: '150' })).status).toBe(403);
    expect((await api(viewer.token, 'POST', `/auctions/${lotId}/bids`, { amount: 20_000 })).body.messageCode).toBe(
      'auctionBidNotAllowed',
    );
  });
});

describe('the auction e-mails box on the e-mail notifications page', () => {
  it('is on by default, saved off by a form posted without it, and left alone for a user who does not see auctions', async () => {
    const keen = await bidder();
    const page = await (await keen.client.request('/notifications')).text();
    expect(page).toMatch(/<input type="checkbox" name="auctionEmails" checked=""/);
    expect((await keen.client.post('/notifications', { intent: 'save', offerAnswerEmails: 'on' })).status).toBe(302);
    expect((await api(keen.token, 'GET', '/user/notification-preference')).body).toMatchObject({
      auctionEmails: false,
      offerAnswerEmails: true,
    });
    expect((await keen.client.post('/notifications', { intent: 'save', auctionEmails: 'on' })).status).toBe(302);
    expect((await api(keen.token, 'GET', '/user/notification-preference')).body).toMatchObject({
      auctionEmails: true,
      offerAnswerEmails: false,
    });

    const viewer = await bidder(['CAN_BUY_ONLINE']);
    expect(await (await viewer.client.request('/notifications')).text()).not.toContain('name="auctionEmails"');
    expect((await viewer.client.post('/notifications', { intent: 'save', offerAnswerEmails: 'on' })).status).toBe(302);
    expect((await api(viewer.token, 'GET', '/user/notification-preference')).body.auctionEmails).toBe(true);
  });
});

describe("a lot's photos", () => {
  const photoOf = (token: string, lotId: number, photoId: number) =>
    fetch(`${server.url}/px-api-gateway/auctions/${lotId}/photos/${photoId}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('are kept only as images within the limits, and refused beside the photo that is not', async () => {
    const refusal = async (photos: Buffer[]) => {
      const now = Date.now();
      const made = await api(alice.token, 'POST', '/admin/auctions', {
        title: 'Refused photos',
        warehouseCode: 'AMS',
        startingPrice: 10_000,
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        lines: [{ model: 'iPhone 13', grade: 'A', quantity: 10 }],
        photosBase64: photos.map((p) => p.toString('base64')),
      });
      return [made.status, made.body.message] as const;
    };
    expect(await refusal([PNG, Buffer.from('<svg onload="alert(1)"/>')])).toEqual([
      422,
      'Photo 2 is not a JPEG, PNG, WebP or GIF image',
    ]);
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    expect(await refusal([huge])).toEqual([422, 'Photo 1 is larger than 2 MB']);
    expect((await refusal(Array.from({ length: 9 }, () => PNG)))[0]).toBe(400);
    const listed = (await api(alice.token, 'GET', '/admin/auctions')).body as { title: string }[];
    expect(listed.filter((l) => l.title === 'Refused photos')).toEqual([]);
  });

  it('show on the lot page with a larger view, as images that run nothing; a hidden lot’s or another lot’s photo is a 404', async () => {
    const lotId = await newLot(alice, { photos: [PNG, PNG] });
    const { photos } = (await api(alice.token, 'GET', `/auctions/${lotId}`)).body as { photos: number[] };
    expect(photos).toHaveLength(2);
    const [first, second] = photos as [number, number];
    const page = await (await mallory.client.request(`/auctions/${lotId}`)).text();
    expect(page).toContain(
      `<img src="/auctions/${lotId}/photos/${first}" alt="Photo 1 of 2 of Security lot: show it larger"`,
    );
    expect(page).toContain(`href="/auctions/${lotId}?photo=${second}"`);
    expect(page).not.toContain('data-photo-large');
    // The larger view: a dialog the server renders open, with a close link and the other photo's.
    const large = await (await mallory.client.request(`/auctions/${lotId}?photo=${second}`)).text();
    expect(large).toContain(
      `<img class="lot-photos__large" src="/auctions/${lotId}/photos/${second}" alt="Photo 2 of 2 of Security lot" data-photo-large=""/>`,
    );
    expect(large).toMatch(/<dialog open="" class="route-dialog route-dialog--wide"/);
    expect(large).toContain(`href="/auctions/${lotId}?photo=${first}" data-discover="true">Previous photo</a>`);

    for (const answer of [
      await mallory.client.request(`/auctions/${lotId}/photos/${first}`),
      await photoOf(mallory.token, lotId, first),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await answer.arrayBuffer()).equals(PNG)).toBe(true);
    }

    // Asked under another lot, or a lot canceled before mallory bid on it: not there.
    const other = await newLot(alice);
    expect((await mallory.client.request(`/auctions/${other}/photos/${first}`)).status).toBe(404);
    expect((await photoOf(mallory.token, other, first)).status).toBe(404);
    expect((await mallory.client.request(`/auctions/${lotId}/photos/${first + 1000}`)).status).toBe(404);
    await api(alice.token, 'POST', `/auctions/${lotId}/bids`, { amount: 20_000 });
    await api(alice.token, 'POST', `/admin/auctions/${lotId}/cancel`, { reason: 'Damaged' });
    expect((await mallory.client.request(`/auctions/${lotId}/photos/${first}`)).status).toBe(404);
    expect((await photoOf(mallory.token, lotId, first)).status).toBe(404);
    expect((await photoOf(alice.token, lotId, first)).status).toBe(200);

    const viewer = await bidder([]);
    expect((await viewer.client.request(`/auctions/${other}/photos/${first}`)).status).toBe(403);
  });
});

describe("a lot's bid history", () => {
  it('shows the newest bids a page at a time, with a pager that works without scripts; any other page asked is the first', async () => {
    const lotId = await newLot(alice);
    for (let i = 0; i < 27; i++) {
      const placed = await api(i % 2 ? mallory.token : alice.token, 'POST', `/auctions/${lotId}/bids`, {
        amount: 20_000 + i * 10_000,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const rows = (html: string) =>
      html.split('data-bid-history')[1]?.split('<tbody>')[1]?.split('</tbody>')[0]?.match(/<tr/g)?.length ?? 0;
    const first = await (await alice.client.request(`/auctions/${lotId}`)).text();
    expect(first).toContain('aria-label="Pages of the bid history"');
    expect(first).toContain(`href="/auctions/${lotId}?history=2"`);
    expect(rows(first)).toBe(25);
    const second = await (await alice.client.request(`/auctions/${lotId}?history=2`)).text();
    expect(rows(second)).toBe(2);
    expect(second).toContain('You (bidder 1)');
    for (const asked of ['0', '-1', 'two', '1.5', '99999999']) {
      const response = await alice.client.request(`/auctions/${lotId}?history=${asked}`);
      expect(response.status, asked).toBe(200);
      expect(rows(await response.text()), asked).toBe(25);
    }
  });
});
