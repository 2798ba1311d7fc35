import { createCookieSessionStorage } from '@remix-run/node';
import type { FailureParts } from '~/domain/failure-message';
import { getEnv } from './env';

const env = getEnv();

/** Why the last upload was refused, flashed for the upload dialog (spec 1 §8: shown inside the dialog). */
const storage = createCookieSessionStorage<{ failure: FailureParts }>({
  cookie: {
    name: '__import',
    httpOnly: true,
    sameSite: 'lax',
    // Not '/stock': with single fetch the list's data comes from /stock.data, which that path does not match.
    path: '/',
    secure: env.SECURE_COOKIES === 'true',
    secrets: env.SESSION_SECRETS,
  },
});

export async function importFailureCookie(failure: FailureParts): Promise<string> {
  const session = await storage.getSession();
  session.flash('failure', failure);
  return storage.commitSession(session);
}

/** Reads the flashed failure once; the returned header clears it. */
export async function readImportFailure(
  request: Request,
): Promise<{ failure: FailureParts | null; setCookie: string | null }> {
  const session = await storage.getSession(request.headers.get('Cookie'));
  const failure = session.get('failure') ?? null;
  return { failure, setCookie: failure ? await storage.destroySession(session) : null };
}
