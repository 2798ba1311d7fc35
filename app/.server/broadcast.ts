import { createCookie, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { bannerSchema } from './api/broadcast-banner';
import { callApi } from './api/client';
import { getEnv } from './env';

/** The broadcast banner's active messages, shown once after sign-in (spec 3 §4). */
const broadcastCookie = createCookie('__broadcast', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: getEnv().SECURE_COOKIES === 'true',
  secrets: getEnv().SESSION_SECRETS,
});

/** Room for a few messages within one cookie. */
const MAX_MESSAGES = 3;
const MAX_LENGTH = 500;

/**
 * A successful sign-in fetches the broadcast banner; its active items are kept for the first
 * signed-in page. A failure is only logged: sign-in never waits on announcements.
 */
export async function broadcastAfterSignIn(context: AppLoadContext, token: string): Promise<string | null> {
  try {
    const { items } = await callApi(context, '/px-api-gateway/broadcast-banner', { token, schema: bannerSchema });
    const messages = items
      .filter((i) => i.active)
      .map((i) => i.message.slice(0, MAX_LENGTH))
      .slice(0, MAX_MESSAGES);
    return messages.length ? await broadcastCookie.serialize(messages) : null;
  } catch (error) {
    context.logger.error({ err: error }, 'broadcast banner not available');
    return null;
  }
}

/** The messages kept at sign-in, once: the returned header clears them. */
export async function readBroadcast(request: Request): Promise<{ messages: string[]; setCookie: string | null }> {
  const parsed = z.array(z.string()).safeParse(await broadcastCookie.parse(request.headers.get('Cookie')));
  if (!parsed.success || !parsed.data.length) return { messages: [], setCookie: null };
  return { messages: parsed.data, setCookie: await broadcastCookie.serialize([], { maxAge: 0 }) };
}
