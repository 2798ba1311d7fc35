import { Hono } from 'hono';
import { z } from 'zod';
import { ALLOCATION_RULES } from '../../../app/domain/preorders/allocation';
import { PREORDER_LIMITS } from '../../../app/domain/preorders/commitment';
import type { MarketplaceDeps } from '../context';
import { ApiError } from '../errors';
import { JobBusyError } from '../jobs/runner';
import { PREORDER_ALLOCATION_JOB } from '../jobs/preorder-allocation';
import type { Preorders } from '../services/preorders/preorders';
import { ownParticipantId } from '../services/shared/settings';
import { filledText, idParam, idSegment, jsonBody } from './validate';

const line = filledText(PREORDER_LIMITS.textLength);
const units = z.number().int().min(1).max(PREORDER_LIMITS.quantity);
const price = z.number().int().min(0).max(PREORDER_LIMITS.price);

export const newPreorder = z
  .object({
    participantId: z.string().min(1).max(100).optional(),
    warehouseCode: z.string().min(1).max(40),
    itemNumber: z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/),
    model: line,
    grade: line,
    capacity: z.string().trim().max(PREORDER_LIMITS.textLength).default(''),
    expectedQuantity: units,
    expectedDate: z.iso.date(),
    /** A fixed unit price, or a range (priceMin and priceMax), in minor units. */
    unitPrice: price.optional(),
    priceMin: price.optional(),
    priceMax: price.optional(),
    minimumCommitment: units.default(1),
    cutOff: z.iso.datetime({ offset: true }),
  })
  .strict()
  .refine((p) => (p.unitPrice === undefined) !== (p.priceMin === undefined && p.priceMax === undefined), {
    message: 'give unitPrice, or priceMin and priceMax',
  })
  .refine(
    (p) =>
      p.unitPrice !== undefined || (p.priceMin !== undefined && p.priceMax !== undefined && p.priceMin <= p.priceMax),
    {
      message: 'priceMin and priceMax, the lower first',
    },
  )
  .refine((p) => p.minimumCommitment <= p.expectedQuantity, { message: 'minimumCommitment above expectedQuantity' })
  // What JSON Schema can say of the refinements: a unit price, or a range, never both.
  .meta({
    oneOf: [
      { required: ['unitPrice'], not: { anyOf: [{ required: ['priceMin'] }, { required: ['priceMax'] }] } },
      { required: ['priceMin', 'priceMax'], not: { required: ['unitPrice'] } },
    ],
    description: 'priceMin is at most priceMax, and minimumCommitment at most expectedQuantity',
  });

export const arrival = z
  .object({ quantity: z.number().int().min(0).max(PREORDER_LIMITS.quantity), unitPrice: price.optional() })
  .strict();
export const preorderSettingsBody = z.object({ allocationRule: z.enum(ALLOCATION_RULES) }).strict();
export const preorderCancelBody = z.object({ reason: filledText(PREORDER_LIMITS.reasonLength) }).strict();

/** The seller's side of pre-orders (under /admin/preorders, admin token): announce, list, read, the allocation rule, allocate when the stock arrives, and cancel with a reason. */
export function adminPreorderRoutes({ db, jobs }: Pick<MarketplaceDeps, 'db' | 'jobs'>, preorders: Preorders) {
  return (
    new Hono()
      .get('/', async (c) => c.json(await preorders.sellerList()))
      .post('/', async (c) => {
        const { unitPrice, priceMin, priceMax, participantId, cutOff, ...body } = await jsonBody(c, newPreorder);
        const own = participantId ?? (await ownParticipantId(db));
        if (!own) throw new ApiError(422, 'validationFailed', 'participantId: no participant');
        return c.json(
          await preorders.create({
            ...body,
            participantId: own,
            priceMin: unitPrice ?? priceMin!,
            priceMax: unitPrice ?? priceMax!,
            cutOff: new Date(cutOff),
          }),
          201,
        );
      })
      .get('/settings', async (c) => c.json(await preorders.settings()))
      .post('/settings', async (c) => c.json(await preorders.saveSettings(await jsonBody(c, preorderSettingsBody))))
      .get(`/${idSegment('id')}`, async (c) => c.json(await preorders.sellerDetails(idParam(c, 'id'))))
      /** The stock arrived: records it and runs the allocation now (the job, under its lease); a replay allocates nothing twice. */
      .post(`/${idSegment('id')}/allocate`, async (c) => {
        const id = idParam(c, 'id');
        await preorders.arrive(id, await jsonBody(c, arrival));
        await jobs.runNow(PREORDER_ALLOCATION_JOB).catch((error: unknown) => {
          throw error instanceof JobBusyError ? new ApiError(409, 'jobBusy', error.message) : error;
        });
        return c.json(await preorders.sellerDetails(id));
      })
      /** Cancels it with a reason and sends the committed buyers' e-mails now (the job's; a busy job sends them at its next run). */
      .post(`/${idSegment('id')}/cancel`, async (c) => {
        const id = idParam(c, 'id');
        await preorders.cancel(id, (await jsonBody(c, preorderCancelBody)).reason);
        await jobs.runNow(PREORDER_ALLOCATION_JOB).catch((error: unknown) => {
          if (!(error instanceof JobBusyError)) throw error;
        });
        return c.json(await preorders.sellerDetails(id));
      })
  );
}
