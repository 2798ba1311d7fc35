import { Hono } from 'hono';
import { z } from 'zod';
import { historyPageOf } from '../../../app/domain/auctions/bid-history';
import { parseAuctionListQuery } from '../../../app/domain/auctions/list-query';
import type { MarketplaceEnv } from '../context';
import type { Auctions } from '../services/auctions';
import { photoResponse } from './photo-response';
import { idParam, idSegment, jsonBody } from './validate';

/** Any finite number: a fraction or a negative is the proxy rule's refusal (422 beside the field), not a 400. */
const amount = z.number().finite();
const bidBody = z
  .object({
    amount,
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .strict();
const quoteBody = z.object({ amount }).strict();
const answerBody = z.object({ accept: z.boolean() }).strict();

/** The buyer's auctions (issue 53): lots, a lot, bids, the bid confirmation's charges, watch list, summary. */
export function auctionRoutes(auctions: Auctions) {
  const lot = `/auctions/${idSegment('lotId')}`;
  return new Hono<MarketplaceEnv>()
    .get('/auctions', async (c) => {
      const query = parseAuctionListQuery(new URL(c.req.url).searchParams);
      return c.json(await auctions.lots.list(c.get('user'), query));
    })
    .get('/auctions/summary', async (c) => c.json(await auctions.lots.summary(c.get('user'))))
    .get(`${lot}/manifest`, async (c) => {
      const file = await auctions.manifest(c.get('user'), idParam(c, 'lotId'));
      return new Response(new Uint8Array(file.body), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'cache-control': 'private, no-store',
        },
      });
    })
    .get(`${lot}/photos/${idSegment('photoId')}`, async (c) =>
      photoResponse(await auctions.photos.photo(c.get('user'), idParam(c, 'lotId'), idParam(c, 'photoId'))),
    )
    .get(lot, async (c) =>
      c.json(
        await auctions.lots.detail(
          c.get('user'),
          idParam(c, 'lotId'),
          new Date(),
          historyPageOf(c.req.query('historyPage') ?? null),
        ),
      ),
    )
    .post(`${lot}/bids`, async (c) => {
      const user = c.get('user');
      const lotId = idParam(c, 'lotId');
      const body = await jsonBody(c, bidBody);
      const placed = await auctions.bids.place(user, lotId, body.amount, body.idempotencyKey);
      if (placed.outbidBuyerId !== null)
        void auctions.closing.mailOutbid(lotId, placed.outbidBuyerId, placed.bidId).catch(() => {});
      return c.json(
        { ...(await auctions.lots.detail(user, lotId)), replayed: placed.replayed },
        placed.replayed ? 200 : 201,
      );
    })
    .post(`${lot}/quote`, async (c) => {
      const body = await jsonBody(c, quoteBody);
      return c.json(await auctions.lots.quote(c.get('user'), idParam(c, 'lotId'), body.amount));
    })
    .put(`${lot}/watch`, async (c) => {
      await auctions.lots.watch(c.get('user'), idParam(c, 'lotId'), true);
      return c.body(null, 204);
    })
    .delete(`${lot}/watch`, async (c) => {
      await auctions.lots.watch(c.get('user'), idParam(c, 'lotId'), false);
      return c.body(null, 204);
    })
    .post(`${lot}/second-chance`, async (c) => {
      const body = await jsonBody(c, answerBody);
      return c.json(await auctions.lots.answerSecondChance(c.get('user'), idParam(c, 'lotId'), body.accept));
    });
}
