import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';
import { keptAnswers } from './kept-answers';

export const networkSettingsSchema = z.object({
  isPxnr: z.boolean(),
  pxnrParticipantId: z.string().nullable(),
  networkParticipant: z.boolean().optional(),
  // Only for a network requester (spec 2 §7).
  networkStockSettings: z
    .array(
      z.object({
        pxnParticipantId: z.string(),
        warehouseLabels: z.record(z.string(), z.string()),
        warehouseAcceptingOffer: z.array(z.string()),
      }),
    )
    .optional(),
  networkWarehouses: z
    .array(
      z.object({
        pxnParticipantId: z.string(),
        isPxns: z.boolean(),
        warehouses: z.array(z.object({ warehouseId: z.string(), warehouseLabel: z.string() })),
      }),
    )
    .optional(),
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;
/** The same for every buyer until the network's settings change. */
const settingsAnswers = keptAnswers(networkSettingsSchema, 4);

export const networkApi = {
  settings: (context: AppLoadContext, token: string) =>
    callApi(context, '/px-api-gateway/network/settings', { token, schema: settingsAnswers }),
};
