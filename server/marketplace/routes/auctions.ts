import { Hono } from 'hono';
import { z } from 'zod';
import { historyPageParam } from '../../../app/domain/auctions/bid-history';
import { AUCTION_LIST_PARAMS, parseAuctionListQuery } from '../../../app/domain/auctions/list-query';
import { MAX_BID } from '../../../app/domain/auctions/proxy-bidding';
import type { MarketplaceEnv } from '../context';
import type { Auctions } from '../services/auctions';
import { photoResponse } from './photo-response';
import { checkedValue, idParam, idSegment, jsonBody } from './validate';

/**
 * Any finite number: a fraction or a negative is the proxy rule's refusal (422 beside the field), not
 * a 400. The document says what a bid can be (the rule's bounds), so a request it allows is refused
 * only by the lot's state (closed, below the next minimum).
 */
const amount = z.number().finite().meta({
  type: 'integer',
  minimum: 1,
  maximum: MAX_BID,
  description: 'Minor units; a bid below the next minimum is refused (422) with the amount needed',
});
export const bidBody = z
  .object({
    amount,
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .strict();
export const quoteBody = z.object({ amount }).strict();
export const secondChanceBody = z.object({ accept: z.boolean() }).strict();

const listParams = z.object(AUCTION_LIST_PARAMS).partial();
const historyParams = z.object({ historyPage: historyPageParam.default(1) });

/** The buyer's auctions (issue 53): lots, a lot, bids, the bid confirmation's charges, watch list, summary. */
export function auctionRoutes(auctions: Auctions) {
  const lot = `/auctions/${idSegment('lotId')}`;
  return new Hono<MarketplaceEnv>()
    .get('/auctions', async (c) => {
      const given = c.req.query();
      checkedValue(given, listParams);
      const query = parseAuctionListQuery(new URLSearchParams(given));
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
          checkedValue(c.req.query(), historyParams).historyPage,
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
      const body = await jsonBody(c, secondChanceBody);
      return c.json(await auctions.lots.answerSecondChance(c.get('user'), idParam(c, 'lotId'), body.accept));
    });
}
