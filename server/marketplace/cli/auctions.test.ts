import { describe, expect, it } from 'vitest';
import { auctionRequest } from './auctions';

describe('auctions command line', () => {
  it('turns each command into its admin call', () => {
    const file = () => Buffer.from('xlsx bytes');
    const create = {
      manifest: 'lot.xlsx',
      title: 'Mixed lot',
      warehouse: 'MIA',
      start: '10000',
      reserve: '50000',
      starts: '2026-12-01T10:00:00Z',
      ends: '2026-12-02T10:00:00Z',
    };
    expect(auctionRequest(['create'], create, file)).toEqual({
      method: 'POST',
      route: '/auctions',
      body: {
        title: 'Mixed lot',
        warehouseCode: 'MIA',
        startingPrice: 10_000,
        reservePrice: 50_000,
        startsAt: '2026-12-01T10:00:00.000Z',
        endsAt: '2026-12-02T10:00:00.000Z',
        manifestXlsxBase64: Buffer.from('xlsx bytes').toString('base64'),
      },
    });
    expect(auctionRequest(['edit', '7'], create, file)).toMatchObject({ method: 'PUT', route: '/auctions/7' });
    const read = (name: string) => Buffer.from(`bytes of ${name}`);
    expect(auctionRequest(['create'], { ...create, photos: 'front.jpg, back.png' }, read).body).toMatchObject({
      photosBase64: [read('front.jpg').toString('base64'), read('back.png').toString('base64')],
    });
    // Without --photos an edit keeps the lot's photos: none are sent.
    expect(auctionRequest(['edit', '7'], create, file).body).not.toHaveProperty('photosBase64');
    expect(auctionRequest(['close', '7'], {})).toEqual({ method: 'POST', route: '/auctions/7/close' });
    expect(auctionRequest(['cancel', '7'], { reason: 'Damaged' })).toEqual({
      method: 'POST',
      route: '/auctions/7/cancel',
      body: { reason: 'Damaged' },
    });
    expect(auctionRequest(['bids', '7'], {})).toEqual({ method: 'GET', route: '/auctions/7/bids' });
  });

  it('refuses what it cannot send', () => {
    expect(() => auctionRequest(['create'], { title: 'x' })).toThrow(/Usage/);
    expect(() => auctionRequest(['cancel', '7'], {})).toThrow(/Usage/);
    expect(() => auctionRequest(['close', 'L-7'], {})).toThrow(/Usage/);
    expect(() =>
      auctionRequest(['create'], {
        manifest: 'f',
        title: 't',
        warehouse: 'MIA',
        start: '12.5',
        starts: 'x',
        ends: 'y',
      }),
    ).toThrow(/minor units/);
  });
});
