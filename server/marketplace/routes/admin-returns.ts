import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_RESTOCKING_FEE_RATE, RETURN_LIMITS, RETURN_STATUSES } from '../../../app/domain/returns/rules';
import { SUPPORTED_LANGUAGES } from '../../../app/locales/languages';
import type { Returns } from '../services/returns/returns';
import { photoResponse } from './photo-response';
import { RMA_SEGMENT } from './returns';
import { idParam, idSegment, jsonBody } from './validate';

const actor = z.string().min(1).max(100).default('seller');
const at = z.string().datetime({ offset: true }).optional();
const reason = z.string().min(1).max(RETURN_LIMITS.reasonNoteLength);
const unitKey = z.string().min(1).max(220);

export const approveBody = z
  .object({
    instructions: z.string().max(RETURN_LIMITS.instructionsLength).default(''),
    answer: z.string().max(RETURN_LIMITS.reasonNoteLength).optional(),
    rejectUnits: z
      .array(z.object({ unit: unitKey, reason }).strict())
      .max(RETURN_LIMITS.unitsPerRequest)
      .optional(),
    actor,
    at,
  })
  .strict();
export const rejectBody = z.object({ reason, actor, at }).strict();
export const plainBody = z.object({ actor, at }).strict();
export const creditBody = z
  .object({ amounts: z.record(unitKey, z.number().int().min(0).max(2_147_483_647)).optional(), actor, at })
  .strict();
/** A reason's label in each language the portal speaks (English, the fallback, always), on one line. */
const reasonLabels = z
  .record(
    z.string(),
    z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'one line of text'),
  )
  .refine(
    (labels) => Object.keys(labels).every((language) => SUPPORTED_LANGUAGES.includes(language)),
    `labels in ${SUPPORTED_LANGUAGES.join(', ')} only`,
  )
  .refine((labels) => 'en' in labels, 'an English label');
/** Made-up past returns for a buyer (demos and tests). */
export const returnHistoryBody = z
  .object({ email: z.string().email().max(254), count: z.number().int().min(1).max(20_000) })
  .strict();

export const settingsBody = z
  .object({
    windowDays: z.number().int().min(0).max(3650).optional(),
    restockingFeeRate: z.number().int().min(0).max(MAX_RESTOCKING_FEE_RATE).optional(),
    reasons: z
      .array(
        z
          .object({
            code: z.string().regex(/^[A-Z0-9_]{1,40}$/),
            labels: reasonLabels,
            photoRequired: z.boolean().default(false),
          })
          .strict(),
      )
      .min(1)
      .max(50)
      .refine((reasons) => new Set(reasons.map((r) => r.code)).size === reasons.length, 'each reason code once')
      .optional(),
  })
  .strict();

const when = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** The seller's side of returns (under /admin/returns, admin token): list, read, approve or reject, receive, credit or replace, and the tenant's settings. */
export function adminReturnRoutes(returns: Returns) {
  return new Hono()
    .get('/', async (c) => {
      const status = z
        .enum(RETURN_STATUSES)
        .optional()
        .safeParse(c.req.query('status') || undefined);
      return c.json(
        await returns.sellerList({
          email: c.req.query('email') || undefined,
          status: status.success ? status.data : undefined,
        }),
      );
    })
    .get('/settings', async (c) => c.json(await returns.readSettings()))
    .post('/settings', async (c) => c.json(await returns.saveSettings(await jsonBody(c, settingsBody))))
    .post('/history', async (c) => {
      const body = await jsonBody(c, returnHistoryBody);
      return c.json(await returns.history(body.email, body.count), 201);
    })
    .get(RMA_SEGMENT, async (c) => c.json(await returns.sellerDetails(c.req.param('rmaNumber'))))
    .get(`${RMA_SEGMENT}/photos/${idSegment('photoId')}`, async (c) =>
      photoResponse(await returns.sellerPhoto(c.req.param('rmaNumber'), idParam(c, 'photoId'))),
    )
    .post(`${RMA_SEGMENT}/approve`, async (c) => {
      const body = await jsonBody(c, approveBody);
      await returns.approve(c.req.param('rmaNumber'), { ...body, at: when(body.at) });
      return c.json(await returns.sellerDetails(c.req.param('rmaNumber')));
    })
    .post(`${RMA_SEGMENT}/reject`, async (c) => {
      const body = await jsonBody(c, rejectBody);
      await returns.reject(c.req.param('rmaNumber'), { ...body, at: when(body.at) });
      return c.json(await returns.sellerDetails(c.req.param('rmaNumber')));
    })
    .post(`${RMA_SEGMENT}/receive`, async (c) => {
      const body = await jsonBody(c, plainBody);
      await returns.receive(c.req.param('rmaNumber'), { ...body, at: when(body.at) });
      return c.json(await returns.sellerDetails(c.req.param('rmaNumber')));
    })
    .post(`${RMA_SEGMENT}/credit`, async (c) => {
      const body = await jsonBody(c, creditBody);
      await returns.credit(c.req.param('rmaNumber'), { ...body, at: when(body.at) });
      return c.json(await returns.sellerDetails(c.req.param('rmaNumber')));
    })
    .post(`${RMA_SEGMENT}/replace`, async (c) => {
      const body = await jsonBody(c, plainBody);
      await returns.replace(c.req.param('rmaNumber'), { ...body, at: when(body.at) });
      return c.json(await returns.sellerDetails(c.req.param('rmaNumber')));
    });
}
