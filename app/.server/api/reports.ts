import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

export const preferenceSchema = z.object({ stockReportNotification: z.boolean() });
const PATH = '/px-api-gateway/user/notification-preference';

/** The daily report subscription: the user's notification preference (spec 1 §7). */
export const reportsApi = {
  preference: (context: AppLoadContext, token: string) => callApi(context, PATH, { token, schema: preferenceSchema }),
  setPreference: (context: AppLoadContext, token: string, stockReportNotification: boolean) =>
    callApi(context, PATH, { method: 'PUT', token, body: { stockReportNotification }, schema: preferenceSchema }),
};
