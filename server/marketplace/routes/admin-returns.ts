import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_RESTOCKING_FEE_RATE, RETURN_LIMITS, RETURN_STATUSES } from '../../../app/domain/returns/rules';
import type { Returns } from '../services/returns';
import { RMA_SEGMENT } from './returns';
import { jsonBody } from './validate';

const actor = z.string().min(1).max(100).default('seller');
const at = z.string().datetime({ offset: true }).optional();
const reason = z.string().min(1).max(RETURN_LIMITS.reasonNoteLength);
const unitKey = z.string().min(1).max(220);

const approveBody = z
  .object({ instructions: z.string().max(RETURN_LIMITS.instructionsLength).default(''), answer: z.string().max(RETURN_LIMITS.reasonNoteLength).optional(), rejectUnits: z.array(z.object({ unit: unitKey, reason }).strict()).max(RETURN_LIMITS.unitsPerRequest).optional(), actor, at })
  .strict();
const rejectBody = z.object({ reason, actor, at }).strict();
const plainBody = z.object({ actor, at }).strict();
const creditBody = z.object({ amounts: z.record(unitKey, z.number().int().min(0).max(2_147_483_647)).optional(), actor, at }).strict();
const settingsBody = z
  .object({
    windowDays: z.number().int().min(0).max(3650).optional(),
    restockingFeeRate: z.number().int().min(0).max(MAX_RESTOCKING_FEE_RATE).optional(),
    reasons: z
      .array(z.object({ code: z.string().regex(/^[A-Z0-9_]{1,40}$/), labels: z.record(z.string().regex(/^[a-z]{2}$/), z.string().min(1).max(200)).refine((l) => 'en' in l, 'an English label'), photoRequired: z.boolean().default(false) }).strict())
      .min(1)
      .max(50)
      .optional(),
  })
  .strict();

const when = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** The seller's side of returns (under /admin/returns, admin token): list, read, approve or reject, receive, credit or replace, and the tenant's settings. */
export function adminReturnRoutes(returns: Returns) {
  return new Hono()
    .get('/', async (c) => {
      const status = z.enum(RETURN_STATUSES).optional().safeParse(c.req.query('status') || undefined);
      return c.json(await returns.sellerList({ email: c.req.query('email') || undefined, status: status.success ? status.data : undefined }));
    })
    .get('/settings', async (c) => c.json(await returns.readSettings()))
    .post('/settings', async (c) => c.json(await returns.saveSettings(await jsonBody(c, settingsBody))))
    .get(RMA_SEGMENT, async (c) => c.json(await returns.sellerDetails(c.req.param('rmaNumber'))))
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
