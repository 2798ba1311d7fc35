import { z } from 'zod';
import { DEFAULT_INCREMENTS, MAX_BID } from './proxy-bidding';
import { DEFAULT_SOFT_CLOSE_MINUTES } from './soft-close';

/** The tenant's auction rules (marketplace.auctions in the tenant configuration). */
export const auctionSettingsSchema = z
  .object({
    /** Increments by price band, minor units: from each `from` on, bids go up by `increment`; one band starts at 0. */
    increments: z
      .array(z.object({ from: z.number().int().min(0).max(MAX_BID), increment: z.number().int().min(1).max(MAX_BID) }))
      .min(1)
      .max(20)
      .refine((bands) => bands.some((b) => b.from === 0), 'a band from 0')
      .refine((bands) => new Set(bands.map((b) => b.from)).size === bands.length, 'each band start once')
      .default(DEFAULT_INCREMENTS),
    /** A bid in the last N minutes moves the end to N minutes after it. */
    softCloseMinutes: z.number().int().min(1).max(60).default(DEFAULT_SOFT_CLOSE_MINUTES),
    /** Watchers get the "ending soon" e-mail this long before the end. */
    endingSoonMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
  })
  .default({ increments: DEFAULT_INCREMENTS, softCloseMinutes: DEFAULT_SOFT_CLOSE_MINUTES, endingSoonMinutes: 60 });

export type AuctionSettings = z.infer<typeof auctionSettingsSchema>;
