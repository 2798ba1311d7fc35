import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/marketplace/db/seed/users';
import { accessToken, type apiCaller } from '../harness';

type Call = ReturnType<typeof apiCaller>;

const MINUTE = 60_000;

/** Lots made through the admin API, and the demo buyers' tokens, for the auction tests. */
export function auctioning(call: () => Call) {
  return {
    MINUTE,
    token: (email: string) => accessToken(call(), email, DEMO_PASSWORD),

    /** A lot open now (started a minute ago) ending in `endsIn` ms, in Miami. */
    async openLot(
      options: {
        startingPrice?: number;
        reservePrice?: number | null;
        endsIn?: number;
        startsIn?: number;
        title?: string;
        /** The seller's photos. */
        photos?: Buffer[];
      } = {},
    ): Promise<number> {
      const now = Date.now();
      const startsAt = new Date(now + (options.startsIn ?? -MINUTE));
      const { status, body } = await call()('POST', '/admin/auctions', {
        body: {
          title: options.title ?? 'Mixed iPhone lot',
          ...(options.photos ? { photosBase64: options.photos.map((p) => p.toString('base64')) } : {}),
          warehouseCode: 'MIA',
          startingPrice: options.startingPrice ?? 10_000,
          reservePrice: options.reservePrice ?? null,
          startsAt: startsAt.toISOString(),
          endsAt: new Date(now + (options.endsIn ?? 30 * MINUTE)).toISOString(),
          lines: [
            { model: 'iPhone 12', grade: 'A', capacity: '128GB', colour: 'Black', quantity: 40 },
            {
              model: 'iPhone 13',
              grade: 'B',
              capacity: '256GB',
              colour: 'Blue',
              quantity: 20,
              imeis: ['356789012345678'],
            },
          ],
        },
      });
      expect(status, JSON.stringify(body)).toBe(201);
      return body.id as number;
    },

    bid: (token: string, lotId: number, amount: number, idempotencyKey?: string) =>
      call()('POST', `/auctions/${lotId}/bids`, {
        token,
        body: { amount, ...(idempotencyKey ? { idempotencyKey } : {}) },
      }),
  };
}
