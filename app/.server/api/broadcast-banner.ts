import { z } from 'zod';

/** The broadcast banner's messages as the tenant API answers them (spec 3 §4). */
export const bannerSchema = z.object({
  items: z.array(z.object({ id: z.number(), message: z.string(), active: z.boolean() })),
});
