import { createCookie } from '@remix-run/node';
import { z } from 'zod';
import { getEnv } from './env';

/**
 * The sign-in page's stored message (spec 3 §2.7), shown once: a template whose {{website}} is a
 * link to the tenant website, a plain message, or the admin reset-password success message.
 */
const storedMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tenantWebsite'), key: z.enum(['login.wrongWebsite']) }),
  z.object({ kind: z.literal('plain'), key: z.enum(['login.sessionEnded']) }),
  /** The password reset from the e-mailed link (the reset an operator starts) is done: sign in with the new one. */
  z.object({ kind: z.literal('adminReset'), key: z.enum(['login.adminResetSuccess']) }),
]);
export type StoredMessage = z.infer<typeof storedMessageSchema>;

const cookie = createCookie('__login_message', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: getEnv().SECURE_COOKIES === 'true',
  secrets: getEnv().SESSION_SECRETS,
});

export const storeLoginMessage = (message: StoredMessage) => cookie.serialize(message);

/** The stored message, once: the returned header clears it. */
export async function readLoginMessage(
  request: Request,
): Promise<{ message: StoredMessage | null; setCookie: string | null }> {
  const parsed = storedMessageSchema.safeParse(await cookie.parse(request.headers.get('Cookie')));
  if (!parsed.success) return { message: null, setCookie: null };
  return { message: parsed.data, setCookie: await cookie.serialize('', { maxAge: 0 }) };
}
