import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

const PATH = '/px-api-gateway/user/notification-preference';
const preferenceSchema = z.object({ offerAnswerEmails: z.boolean(), auctionEmails: z.boolean() });
export type EmailNotifications = z.infer<typeof preferenceSchema>;

/**
 * The user's e-mail notifications, on by default: when the seller answers one of their offers
 * (issue 37), and the auction e-mails — outbid, won, lost, ending soon for watched lots (issue 53).
 */
export const emailNotificationsApi = {
  read: (context: AppLoadContext, token: string) => callApi(context, PATH, { token, schema: preferenceSchema }),
  set: (context: AppLoadContext, token: string, change: Partial<EmailNotifications>) =>
    callApi(context, PATH, { method: 'PUT', token, body: change, schema: preferenceSchema }),
};
