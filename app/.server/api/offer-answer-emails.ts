import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

const PATH = '/px-api-gateway/user/notification-preference';
const preferenceSchema = z.object({ offerAnswerEmails: z.boolean() });

/** Whether the user is e-mailed when the seller answers one of their offers (issue 37; on by default). */
export const offerAnswerEmailsApi = {
  read: (context: AppLoadContext, token: string) => callApi(context, PATH, { token, schema: preferenceSchema }),
  set: (context: AppLoadContext, token: string, offerAnswerEmails: boolean) =>
    callApi(context, PATH, { method: 'PUT', token, body: { offerAnswerEmails }, schema: preferenceSchema }),
};
