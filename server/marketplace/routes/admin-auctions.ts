import { Hono } from 'hono';
import { z } from 'zod';
import { MANIFEST_LIMITS } from '../../../app/domain/auctions/manifest';
import { LOT_PHOTO_LIMITS } from '../../../app/domain/auctions/photos';
import { MAX_BID } from '../../../app/domain/auctions/proxy-bidding';
import { ApiError } from '../errors';
import { AUCTIONS_JOB } from '../jobs/auctions';
import type { JobRunner } from '../jobs/runner';
import type { Auctions } from '../services/auctions';
import type { LotInput } from '../services/auctions/admin';
import { readManifestSheet } from '../services/auctions/manifest-sheet';
import { filledText, idParam, idSegment, jsonBody } from './validate';

const text = filledText(MANIFEST_LIMITS.text);
const money = z.number().int().min(1).max(MAX_BID);
const line = z
  .object({
    model: text,
    grade: text,
    capacity: z.string().max(MANIFEST_LIMITS.text).default(''),
    colour: z.string().max(MANIFEST_LIMITS.text).default(''),
    quantity: z.number().int().min(1).max(MANIFEST_LIMITS.quantity),
    imeis: z
      .array(z.string().regex(/^\d{15}$/))
      .max(MANIFEST_LIMITS.imeisPerLine)
      .default([]),
  })
  .strict();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A manifest xlsx, base64 (the CLI reads the file and sends it). */
const MAX_MANIFEST_BASE64 = Math.ceil((10 * 1024 * 1024 * 4) / 3);
/** A photo, base64; one a byte over the limit still decodes, so that the refusal names its size. */
const MAX_PHOTO_BASE64 = Math.ceil(((LOT_PHOTO_LIMITS.bytes + 1) * 4) / 3) + 4;
export const lotBody = z
  .object({
    title: filledText(200),
    participantId: z.string().min(1).max(60).optional(),
    warehouseCode: z.string().min(1).max(60),
    startingPrice: money,
    reservePrice: money.nullable().default(null),
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }),
    lines: z.array(line).min(1).max(MANIFEST_LIMITS.lines).optional(),
    manifestXlsxBase64: z
      .string()
      .min(1)
      .max(MAX_MANIFEST_BASE64)
      .meta({
        contentEncoding: 'base64',
        contentMediaType: XLSX_TYPE,
        description: 'A file that is not a readable xlsx manifest is refused (auctionManifestRefused)',
      })
      .optional(),
    photosBase64: z
      .array(z.string().max(MAX_PHOTO_BASE64).meta({ contentEncoding: 'base64', contentMediaType: 'image/*' }))
      .max(LOT_PHOTO_LIMITS.photos)
      .optional(),
  })
  .strict()
  // lotInput takes the manifest as lines or as a spreadsheet, exactly one; the document says so.
  .meta({ oneOf: [{ required: ['lines'] }, { required: ['manifestXlsxBase64'] }] });
export const lotCancelBody = z.object({ reason: filledText(500) }).strict();

async function lotInput(body: z.infer<typeof lotBody>): Promise<LotInput> {
  if (body.manifestXlsxBase64 !== undefined && body.lines)
    throw new ApiError(400, 'validationFailed', 'lines: give the manifest as lines or manifestXlsxBase64, not both');
  const lines = body.manifestXlsxBase64
    ? await readManifestSheet(Buffer.from(body.manifestXlsxBase64, 'base64'))
    : body.lines;
  if (!lines)
    throw new ApiError(400, 'validationFailed', 'lines: a manifest (lines or manifestXlsxBase64) is required');
  return {
    title: body.title,
    participantId: body.participantId,
    warehouseCode: body.warehouseCode,
    startingPrice: body.startingPrice,
    reservePrice: body.reservePrice,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    lines,
    photos: body.photosBase64?.map((photo) => new Uint8Array(Buffer.from(photo, 'base64'))),
  };
}

/** The seller's side of auctions (under /admin/auctions, admin token). Close-now ends bidding and runs the closing job. */
export function adminAuctionRoutes(auctions: Auctions, jobs: JobRunner) {
  const lot = `/${idSegment('lotId')}`;
  return new Hono()
    .get('/', async (c) => c.json(await auctions.admin.list()))
    .post('/', async (c) => c.json(await auctions.admin.create(await lotInput(await jsonBody(c, lotBody))), 201))
    .get(lot, async (c) => c.json(await auctions.admin.lot(idParam(c, 'lotId'))))
    .put(lot, async (c) =>
      c.json(await auctions.admin.edit(idParam(c, 'lotId'), await lotInput(await jsonBody(c, lotBody)))),
    )
    .post(`${lot}/cancel`, async (c) =>
      c.json(await auctions.admin.cancel(idParam(c, 'lotId'), (await jsonBody(c, lotCancelBody)).reason)),
    )
    .post(`${lot}/close`, async (c) => {
      const lotId = idParam(c, 'lotId');
      await auctions.closing.endNow(lotId, new Date());
      await jobs.runNow(AUCTIONS_JOB);
      return c.json(await auctions.admin.lot(lotId));
    })
    .get(`${lot}/bids`, async (c) => c.json(await auctions.admin.bids(idParam(c, 'lotId'))))
    .post(`${lot}/second-chance`, async (c) => c.json(await auctions.admin.offerSecondChance(idParam(c, 'lotId'))));
}
