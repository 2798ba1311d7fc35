import { createCookieSessionStorage, redirect } from '@remix-run/node';
import type { FailureParts } from '~/domain/failure-message';
import { failureParts } from './api/client';
import { getEnv } from './env';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
/** A snackbar message: an i18n key with its values, or a literal text from the server. */
export interface Toast {
  type: ToastType;
  key?: string;
  values?: Record<string, string | number>;
  text?: string;
  /** Further sentences (i18n keys), said after the first: why a saved value differs from the one sent. */
  also?: string[];
  /** A failure's parts: shown through the error chain in the buyer's language (failureText). */
  failure?: FailureParts;
}

/** A toast for a failed call: messageCode translated, else the server's text, else the fallback. */
export const failureToast = (error: unknown, fallbackKey?: string): Toast => ({
  type: 'error',
  failure: failureParts(error, fallbackKey),
});

const env = getEnv();

const toastStorage = createCookieSessionStorage<{ toast: Toast }>({
  cookie: {
    name: '__toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.SECURE_COOKIES === 'true',
    secrets: env.SESSION_SECRETS,
  },
});

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash('toast', toast);
  return toastStorage.commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flashed toast once; the returned header clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage.getSession(request.headers.get('Cookie'));
  const toast = session.get('toast') ?? null;
  return { toast, setCookie: toast ? await toastStorage.destroySession(session) : null };
}
