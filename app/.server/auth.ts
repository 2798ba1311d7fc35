import { redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { revokedAuthorities } from '~/domain/authorities';
import { safeRedirect } from '~/domain/safe-redirect';
import { ApiFailure } from './api/client';
import { identityApi, type SignInResult, type Tokens } from './api/identity';
import { getAuthoritiesRevision, getTenantConfig, getUserInfo } from './api/settings';
import { broadcastAfterSignIn } from './broadcast';
import { storeLoginMessage } from './login-message';
import { refuseWhenDeactivated } from './deactivated';
import { authSessionStorage, getAuthSession, type SessionData, type SessionUser } from './session';
import { failureToast, redirectWithToast, toastCookie } from './toast';

/** Refresh a little before the access token runs out, so a call never carries a stale one. */
const REFRESH_MARGIN_MS = 30_000;

export interface SignedIn {
  token: string;
  user: SessionUser;
}

/** remix-auth with the form strategy; the strategy answers the identity service's outcome. */
export function signInAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SignInResult>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get('email') ?? '').trim();
      const password = String(form.get('password') ?? '');
      return identityApi.signIn(context, email, password);
    }),
    'form',
  );
  return authenticator;
}

/**
 * The signed-in buyer of this request, refreshing the access token once when it is about to run out.
 * On a deactivated tenant it throws the deactivated page: no one is signed in there.
 */
export async function getSignedIn(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  // Each caller throws a page of its own: parallel loaders must not share one response body.
  await refuseWhenDeactivated(context);
  context.sessionMemo ??= loadSignedIn(request, context);
  return context.sessionMemo as Promise<SignedIn | null>;
}

async function loadSignedIn(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  const session = await getAuthSession(request);
  const stored = session.get('user');
  const refreshToken = session.get('refreshToken');
  const accessToken = session.get('accessToken');
  if (!stored || !refreshToken || !accessToken) return null;
  let user: SessionUser = stored;

  /** A new access token from the refresh token, or null when the marketplace no longer knows the session. */
  const refresh = async (): Promise<string | null> => {
    try {
      const tokens = await identityApi.refresh(context, refreshToken);
      storeTokens(session, tokens);
      context.pendingSessionCookie = await authSessionStorage.commitSession(session);
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status >= 500) throw error;
      return null;
    }
  };
  const end = async () => {
    context.pendingSessionCookie = await authSessionStorage.destroySession(session);
  };
  // The same session object as any renewal of this request, so a change keeps the renewed tokens.
  context.changeSessionUser = async (change) => {
    const kept = session.get('user');
    if (!kept) return;
    session.set('user', { ...kept, ...change });
    context.pendingSessionCookie = await authSessionStorage.commitSession(session);
  };

  let token: string | null = accessToken;
  let refreshed: Promise<string | null> | null = null;
  if ((session.get('accessExpiresAt') ?? 0) - REFRESH_MARGIN_MS <= Date.now()) {
    refreshed = refresh();
    token = await refreshed;
    if (!token) {
      await end();
      return null;
    }
  }

  // The tenant API's 401 to this session's token: one refresh per request may cure it (a token the
  // marketplace no longer accepts early, say); if not, the session was ended on the server (sign-out,
  // password change or reset) and ends here too. signOutOnForbidden then sends the buyer to sign in.
  const ours = new Set([accessToken, token]);
  context.renewAccess = async (rejected) => {
    if (!ours.has(rejected)) return undefined;
    if (token && rejected !== token) return token;
    refreshed ??= refresh();
    const fresh = await refreshed;
    if (fresh && fresh !== rejected) {
      ours.add(fresh);
      token = fresh;
      context.sessionMemo = Promise.resolve({ token: fresh, user } satisfies SignedIn);
      return fresh;
    }
    token = null;
    await end();
    return null;
  };
  // Kept in `user`, so a renewal later in the request keeps the authorities read now.
  const checkedWith = token;
  user = await followAuthorities(context, session, user, checkedWith);
  // The check may have renewed the token; a session it found ended is left to the page's own calls.
  return { token: token ?? checkedWith, user };
}

/**
 * Authorities change while a buyer is signed in (the operator's admin API). Each request compares
 * their revision (a cheap call the marketplace answers from the session it holds) with the one the
 * session keeps, and only when it moved reads the user info again and keeps the new authorities,
 * with what was taken away for the shell's notice. A tenant API without revisions keeps them as
 * read at sign-in; a failed check keeps them as they are.
 */
async function followAuthorities(
  context: AppLoadContext,
  session: Awaited<ReturnType<typeof getAuthSession>>,
  user: SessionUser,
  token: string,
): Promise<SessionUser> {
  let info;
  try {
    const revision = await getAuthoritiesRevision(context, token);
    if (revision === user.authoritiesRevision) return user;
    info = await getUserInfo(context, token);
  } catch (error) {
    // Not checked this time (a session ended on the server is found by the page's own calls, as before).
    if (!(error instanceof ApiFailure && error.status === 401))
      context.logger.warn({ err: error }, 'authorities not checked');
    return user;
  }
  const next: SessionUser = {
    ...user,
    authorities: info.authorities,
    authoritiesRevision: info.authoritiesRevision,
    revokedAuthorities: revokedAuthorities(user.authorities, info.authorities, user.revokedAuthorities),
  };
  session.set('user', next);
  context.pendingSessionCookie = await authSessionStorage.commitSession(session);
  return next;
}

export async function requireBuyer(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context);
  if (signedIn) return signedIn;
  throw redirect(signInUrl(request));
}

/** The sign-in page, remembering where the buyer was. */
function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const origin = `${url.pathname}${url.search}`;
  return `/?${new URLSearchParams({ redirectTo: origin })}`;
}

function storeTokens(session: Awaited<ReturnType<typeof getAuthSession>>, tokens: Tokens) {
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('accessExpiresAt', Date.now() + tokens.expiresIn * 1000);
}

/**
 * The identity service accepted the password but the user information behind it could not be read
 * (the call failed or answered something unreadable): the buyer typed nothing wrong, so the page
 * says so in its own words, not "Incorrect username or password".
 */
export class UserInfoUnreadableError extends Error {
  constructor(readonly cause: unknown) {
    super('user information could not be read');
  }
}

export class WrongWebsiteError extends Error {
  constructor(readonly website: string) {
    super('not a buyer');
  }
}

/**
 * After the identity service accepted the buyer: load the user and their authorities, refuse users
 * who are not buyers, then keep the session and go to the remembered origin.
 */
export async function completeSignIn(
  request: Request,
  context: AppLoadContext,
  tokens: Tokens,
  redirectTo: string,
): Promise<Response> {
  let info;
  try {
    info = await getUserInfo(context, tokens.accessToken);
  } catch (error) {
    // The tokens just issued are of no use without the user: they are ended, not kept.
    await identityApi.signOut(context, tokens.refreshToken).catch(() => {});
    throw new UserInfoUnreadableError(error);
  }
  if (!info.isRoleBuyer) {
    await identityApi.signOut(context, tokens.refreshToken).catch(() => {});
    const config = await getTenantConfig(context);
    throw new WrongWebsiteError(config.business_tenant_site);
  }
  const session = await getAuthSession(request);
  session.unset('challenge');
  storeTokens(session, tokens);
  session.set('user', {
    id: info.userId,
    email: info.username,
    firstName: info.firstName,
    lastName: info.lastName,
    buyerName: info.buyerName,
    authorities: info.authorities,
    authoritiesRevision: info.authoritiesRevision,
    revokedAuthorities: [],
    isProspect: info.isProspect,
    isPxns: info.isPxns,
    pxParticipantId: info.pxParticipantId,
    salesRepWhatsApp: info.salesRep.salesRepWhatApp,
    stockListLayout: info.stockListLayout,
  });
  const headers = new Headers({ 'Set-Cookie': await authSessionStorage.commitSession(session) });
  const broadcast = await broadcastAfterSignIn(context, tokens.accessToken);
  if (broadcast) headers.append('Set-Cookie', broadcast);
  return redirect(safeRedirect(redirectTo), { headers });
}

export async function keepChallenge(request: Request, challenge: SessionData['challenge']): Promise<string> {
  const session = await getAuthSession(request);
  session.set('challenge', challenge);
  return authSessionStorage.commitSession(session);
}

export async function signOut(request: Request, context: AppLoadContext, toast = { key: 'logout.success' }) {
  const session = await getAuthSession(request);
  const refreshToken = session.get('refreshToken');
  if (refreshToken) await identityApi.signOut(context, refreshToken).catch(() => {});
  return redirectWithToast(
    '/',
    { type: 'success', ...toast },
    {
      headers: {
        'Set-Cookie': await authSessionStorage.destroySession(session),
        // What the browser kept of the signed-in pages goes too. Not "cookies": that would also drop
        // the toast set here and the device token that keeps this browser known at sign-in (decision 001).
        'Clear-Site-Data': '"cache", "storage"',
      },
    },
  );
}

/** Whether a tenant API failure means the buyer is no longer signed in (see signOutOnForbidden). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiFailure && (error.status === 401 || error.status === 403);
}

/**
 * The one place where a refusal of the tenant API signs the buyer out. A 401 (the API client has
 * already tried a refresh: the session was ended on the server, by sign-out, password change or
 * reset) sends the buyer to sign in and back here after; a 403 is the error catalogue's rule: signed
 * out and sent to / with the message. Anything else is thrown on.
 */
export async function signOutOnForbidden(request: Request, error: unknown): Promise<never> {
  if (error instanceof ApiFailure && error.status === 401) {
    const session = await getAuthSession(request);
    const headers = new Headers();
    headers.append('Set-Cookie', await authSessionStorage.destroySession(session));
    // The sign-in page says why, once (spec 3 §2.7's plain stored message).
    headers.append('Set-Cookie', await storeLoginMessage({ kind: 'plain', key: 'login.sessionEnded' }));
    throw redirect(signInUrl(request), { headers });
  }
  if (error instanceof ApiFailure && error.status === 403) {
    const session = await getAuthSession(request);
    const headers = new Headers();
    headers.append('Set-Cookie', await authSessionStorage.destroySession(session));
    headers.append('Set-Cookie', await toastCookie(failureToast(error, 'errors.forbidden')));
    throw redirect('/', { headers });
  }
  throw error;
}
