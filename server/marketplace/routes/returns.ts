import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { RETURN_LIMITS } from '../../../app/domain/returns/rules';
import type { MarketplaceEnv } from '../context';
import type { ReturnDocuments } from '../services/return-documents';
import { RETURN_SORTS, type Returns } from '../services/returns';
import { jsonBody } from './validate';

const orderNumber = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
export const RMA_SEGMENT = '/:rmaNumber{RMA-[A-Za-z0-9-]{1,60}}';
const reasonCode = z.string().regex(/^[A-Z0-9_]{1,40}$/);

const newReturn = z
  .object({
    orderNumber,
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    note: z.string().max(RETURN_LIMITS.noteLength).default(''),
    units: z
      .array(
        z.union([
          z.object({ imei: z.string().regex(/^\d{15}$/), reasonCode }).strict(),
          z.object({ itemNumberWarehouse: z.string().min(1).max(200), quantity: z.number().int().min(1).max(RETURN_LIMITS.unitsPerRequest), reasonCode }).strict(),
        ]),
      )
      .min(1)
      .max(RETURN_LIMITS.unitsPerRequest),
  })
  .strict();

const listQuery = z.object({
  search: z.string().max(60).optional(),
  sort: z.enum(RETURN_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

/** The buyer's returns (issue 38): list, what an order can return, request, read, packing slip and cancel. Another buyer's request or order is a 404. */
export function returnRoutes(returns: Returns, documents: ReturnDocuments) {
  return new Hono<MarketplaceEnv>()
    .get('/returns', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ statusCode: 400, messageCode: 'validationFailed', message: query.error.issues[0]!.message }, 400);
      return c.json(await returns.list(c.get('user'), query.data));
    })
    .get('/returns/export', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ statusCode: 400, messageCode: 'validationFailed', message: query.error.issues[0]!.message }, 400);
      const { stream, fileName } = await documents.listExport(c.get('user'), query.data);
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      });
    })
    .post('/returns', async (c) => c.json(await returns.create(c.get('user'), await jsonBody(c, newReturn)), 201))
    .get('/returns/orders/:orderNumber{[A-Za-z0-9-]{1,40}}', async (c) => c.json(await returns.returnable(c.get('user'), c.req.param('orderNumber'))))
    .get(`/returns${RMA_SEGMENT}`, async (c) => c.json(await returns.get(c.get('user'), c.req.param('rmaNumber'))))
    .get(`/returns${RMA_SEGMENT}/packing-slip`, async (c) => {
      const file = await documents.packingSlip(c.get('user'), c.req.param('rmaNumber'));
      return new Response(new Uint8Array(file.body), {
        headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"`, 'content-length': String(file.body.length), 'cache-control': 'private, no-store' },
      });
    })
    .post(`/returns${RMA_SEGMENT}/cancel`, async (c) => c.json(await returns.cancel(c.get('user'), c.req.param('rmaNumber'))));
}
