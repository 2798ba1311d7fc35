import { createCookie } from '@remix-run/node';
import { getEnv } from './env';

/** Cancel hides the proof-of-export dialog until the browser session ends. */
export const poeDismissed = createCookie('__poe_dismissed', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: getEnv().SECURE_COOKIES === 'true',
  secrets: getEnv().SESSION_SECRETS,
});
