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
import { requestSession, type RequestSession } from './request-session';
import type { AuthSession, SessionData, SessionUser } from './session';
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
  const kept = requestSession(request, context);
  const session = await kept.read();
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
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status >= 500) throw error;
      return null;
    }
  };
  // The same session object as any renewal of this request, so a change keeps the renewed tokens.
  context.changeSessionUser = (change) => {
    const current = session.get('user');
    if (current) session.set('user', { ...current, ...change });
  };

  let token: string | null = accessToken;
  let refreshed: Promise<string | null> | null = null;
  if ((session.get('accessExpiresAt') ?? 0) - REFRESH_MARGIN_MS <= Date.now()) {
    refreshed = refresh();
    token = await refreshed;
    if (!token) {
      kept.end();
      return null;
    }
  }

  // The tenant API's 401 to this session's token: one refresh per request may cure it (a token the
  // marketplace no longer accepts early, say); if not, the session was ended on the server (sign-out,
  // password change or reset) and ends here too, and the API client throws sessionEnded's answer.
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
    kept.end();
    return null;
  };
  // Kept in `user`, so a renewal later in the request keeps the authorities read now.
  const checkedWith = token;
  user = await followAuthorities(context, session, user, checkedWith);
  // The check may have renewed the token; a session it found ended is left to the page's own calls,
  // which from here on throw the answer that signs the buyer out.
  context.sessionEnded = async (rejected, failure) =>
    ours.has(rejected) ? signOutOnForbidden(request, kept, failure) : undefined;
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
  session: AuthSession,
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

function storeTokens(session: AuthSession, tokens: Tokens) {
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
  const session = await requestSession(request, context).read();
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
  const broadcast = await broadcastAfterSignIn(context, tokens.accessToken);
  return redirect(safeRedirect(redirectTo), broadcast ? { headers: { 'Set-Cookie': broadcast } } : undefined);
}

export async function keepChallenge(request: Request, context: AppLoadContext, challenge: SessionData['challenge']) {
  (await requestSession(request, context).read()).set('challenge', challenge);
}

export async function signOut(request: Request, context: AppLoadContext, toast = { key: 'logout.success' }) {
  const kept = requestSession(request, context);
  const refreshToken = (await kept.read()).get('refreshToken');
  if (refreshToken) await identityApi.signOut(context, refreshToken).catch(() => {});
  kept.end();
  return redirectWithToast(
    '/',
    { type: 'success', ...toast },
    {
      headers: {
        // What the browser kept of the signed-in pages goes too. Not "cookies": that would also drop
        // the toast set here and the device token that keeps this browser known at sign-in (decision 001).
        'Clear-Site-Data': '"cache", "storage"',
      },
    },
  );
}

/**
 * The one place where the tenant API's refusal of the session signs the buyer out; the API client
 * throws this answer, so no route catches an ended session itself. A 401 (no refresh cured it: the
 * session was ended on the server, by sign-out, password change or reset) sends the buyer to sign in
 * and back to the page after; a 403 is the error catalogue's rule: signed out and sent to / with the
 * message. The session's cookie is cleared on the way out (request-session.ts).
 */
async function signOutOnForbidden(
  request: Request,
  kept: RequestSession,
  failure: ApiFailure,
): Promise<Response | undefined> {
  if (failure.status !== 401 && failure.status !== 403) return undefined;
  kept.end();
  if (failure.status === 401)
    // The sign-in page says why, once (spec 3 §2.7's plain stored message).
    return redirect(signInUrl(request), {
      headers: { 'Set-Cookie': await storeLoginMessage({ kind: 'plain', key: 'login.sessionEnded' }) },
    });
  return redirect('/', { headers: { 'Set-Cookie': await toastCookie(failureToast(failure, 'errors.forbidden')) } });
}
