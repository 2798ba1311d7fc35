import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import { declaredBytes, photoWaitMs, photoBytesInFlight } from '../../../app/.server/byte-budget';
import { formOf, isInProcessRequest } from '../../http/in-process-request';
import { z } from 'zod';
import { RETURN_LIMITS } from '../../../app/domain/returns/rules';
import type { MarketplaceEnv } from '../context';
import { ApiError } from '../errors';
import type { ReturnDocuments } from '../services/returns/return-documents';
import { RETURN_SORTS } from '../services/returns/return-list';
import type { NewReturn, Returns } from '../services/returns/returns';
import { photoResponse } from './photo-response';
import { checkedValue, idSegment, idParam, jsonBody } from './validate';

const orderNumber = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
export const RMA_SEGMENT = '/:rmaNumber{RMA-[A-Za-z0-9-]{1,60}}';
const reasonCode = z.string().regex(/^[A-Z0-9_]{1,40}$/);
/** A unit's photos: the names of files sent with the request. */
const PHOTO_PART = /^photo-\d{1,3}$/;
const photos = z.array(z.string().regex(PHOTO_PART)).max(RETURN_LIMITS.photosPerUnit).optional();

export const newReturn = z
  .object({
    orderNumber,
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    note: z.string().max(RETURN_LIMITS.noteLength).default(''),
    units: z
      .array(
        z.union([
          z.object({ imei: z.string().regex(/^\d{15}$/), reasonCode, photos }).strict(),
          z
            .object({
              itemNumberWarehouse: z.string().min(1).max(200),
              quantity: z.number().int().min(1).max(RETURN_LIMITS.unitsPerRequest),
              reasonCode,
              photos,
            })
            .strict(),
        ]),
      )
      .min(1)
      .max(RETURN_LIMITS.unitsPerRequest),
  })
  .strict();

const photosTooLarge = () => {
  const params = { max: RETURN_LIMITS.photosPerRequest, mb: RETURN_LIMITS.photoRequestBytes / 1024 / 1024 };
  return new ApiError(
    413,
    'return.photosTooLarge',
    `At most ${params.max} photos and ${params.mb} MB of photos per request`,
    params,
  );
};

/** The form around the photos: a request's JSON, a few field names, a little slack. */
const MULTIPART_SLACK = 256 * 1024;
const LARGEST_BODY = RETURN_LIMITS.photoRequestBytes + MULTIPART_SLACK;

const photosBusy = () =>
  new ApiError(
    503,
    'return.photosBusy',
    'Many photos are being received right now: send the request again in a minute',
  );

/**
 * A multipart body read part by part: each photo kept once, as a File of the chunks that came, up to
 * one byte past its limit (the service then refuses it by name); the `request` part as text.
 */
async function readMultipart(request: Request): Promise<FormData> {
  const handler: UploadHandler = async ({ filename, data }) => {
    const kept: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    const limit = filename === undefined ? MULTIPART_SLACK : RETURN_LIMITS.photoBytes + 1;
    for await (const chunk of data) {
      if (size < limit) kept.push(chunk.subarray(0, limit - size) as Uint8Array<ArrayBuffer>);
      size += chunk.byteLength;
    }
    return filename === undefined
      ? new TextDecoder().decode(Buffer.concat(kept))
      : new File(kept, filename.slice(0, 200));
  };
  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch {
    throw new ApiError(400, 'badUpload', 'The request is not a multipart form');
  }
}

/**
 * A new request as JSON, or with photos as a multipart form: its JSON in the part `request`, each
 * photo a file part `photo-N` that a unit names. Any other part is a 400. The embedded portal hands
 * its form over as it is (in-process-request.ts); one sent over HTTP is read as it comes.
 */
async function newReturnOf(c: Context): Promise<NewReturn> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return jsonBody(c, newReturn);
  const form = formOf(c.req.raw) ?? (await readMultipart(c.req.raw));
  let raw: unknown;
  const files: { name: string; file: Blob }[] = [];
  for (const [name, value] of form) {
    if (name === 'request' && typeof value === 'string') {
      try {
        raw = JSON.parse(value);
      } catch {
        throw new ApiError(400, 'invalidJson', 'The request part is not valid JSON');
      }
    } else if (PHOTO_PART.test(name) && value instanceof File) {
      if (files.length >= RETURN_LIMITS.photosPerRequest) throw photosTooLarge();
      files.push({ name, file: value });
    } else {
      throw new ApiError(400, 'validationFailed', `${name.slice(0, 40)}: not a part of a return request`);
    }
  }
  if (raw === undefined) throw new ApiError(400, 'validationFailed', 'request: the JSON part is missing');
  return { ...checkedValue(raw, newReturn), files };
}

const bodyWithinLimit = bodyLimit({
  maxSize: LARGEST_BODY,
  onError: () => {
    throw photosTooLarge();
  },
});

/**
 * A request's photos count against the process's budget for photos in flight (app/.server/byte-budget.ts)
 * from before its body is read until it is stored; past a wait it is a 503. The embedded portal's
 * calls took their share already, for the form they read.
 */
const photosWithinBudget = createMiddleware<MarketplaceEnv>(async (c, next) => {
  if (isInProcessRequest(c.req.raw)) return next();
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return bodyWithinLimit(c, next);
  const release = await photoBytesInFlight().take(
    declaredBytes(c.req.raw.headers, LARGEST_BODY),
    photoWaitMs(),
    c.req.raw.signal,
  );
  if (!release) {
    c.header('Retry-After', String(photoWaitMs() / 1000));
    throw photosBusy();
  }
  try {
    await bodyWithinLimit(c, next);
  } finally {
    release();
  }
});

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
      const query = checkedValue(c.req.query(), listQuery);
      return c.json(await returns.list(c.get('user'), query));
    })
    .get('/returns/export', async (c) => {
      const query = checkedValue(c.req.query(), listQuery);
      const { stream, fileName } = await documents.listExport(c.get('user'), query);
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      });
    })
    .post('/returns', photosWithinBudget, async (c) =>
      c.json(await returns.create(c.get('user'), await newReturnOf(c)), 201),
    )
    .get('/returns/orders/:orderNumber{[A-Za-z0-9-]{1,40}}', async (c) =>
      c.json(await returns.returnable(c.get('user'), c.req.param('orderNumber'))),
    )
    .get(`/returns${RMA_SEGMENT}`, async (c) => c.json(await returns.get(c.get('user'), c.req.param('rmaNumber'))))
    .get(`/returns${RMA_SEGMENT}/packing-slip`, async (c) => {
      const file = await documents.packingSlip(c.get('user'), c.req.param('rmaNumber'));
      return new Response(new Uint8Array(file.body), {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'content-length': String(file.body.length),
          'cache-control': 'private, no-store',
        },
      });
    })
    .get(`/returns${RMA_SEGMENT}/photos/${idSegment('photoId')}`, async (c) =>
      photoResponse(await returns.photo(c.get('user'), c.req.param('rmaNumber'), idParam(c, 'photoId'))),
    )
    .post(`/returns${RMA_SEGMENT}/cancel`, async (c) =>
      c.json(await returns.cancel(c.get('user'), c.req.param('rmaNumber'))),
    );
}
