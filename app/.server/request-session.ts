import type { AppLoadContext } from '@remix-run/node';
import { authSessionStorage, type AuthSession } from './session';

/**
 * The buyer's session for one request (decision 042): read from the cookie once, changed by any
 * loader or action of the request, and saved once by the server on the way out (server/http/remix.ts)
 * only when something changed (or the cookie was sealed with a secret being rotated out). Routes never
 * commit or destroy the session cookie themselves.
 */
export class RequestSession {
  #read: Promise<AuthSession> | null = null;
  #changed = false;
  #ended = false;

  constructor(private readonly cookieHeader: string | null) {}

  /** The session the request carries (a cookie that does not open reads as an empty one). */
  read(): Promise<AuthSession> {
    this.#read ??= authSessionStorage.getSession(this.cookieHeader).then((session) => {
      // A cookie sealed with a secret being rotated out is sealed again with the newest (decision 034).
      if (authSessionStorage.sealedWithOlderSecret(session)) this.#changed = true;
      return this.#watched(session);
    });
    return this.#read;
  }

  /** The buyer is signed out: the cookie is cleared on the way out, whatever was set before. */
  end() {
    this.#ended = true;
  }

  /** The Set-Cookie this request's answer carries for the session, or null when it left it as it was. */
  async setCookie(): Promise<string | null> {
    if (this.#ended) return authSessionStorage.destroySession(await this.read());
    if (!this.#changed || !this.#read) return null;
    return authSessionStorage.commitSession(await this.#read);
  }

  /** Notes every change (set, unset, flash, and the read of a flash value, which removes it). */
  #watched(session: AuthSession): AuthSession {
    const { set, unset, flash, get } = session;
    const changing =
      <A extends unknown[], R>(method: (...args: A) => R) =>
      (...args: A) => {
        this.#changed = true;
        return method(...args);
      };
    session.set = changing(set);
    session.unset = changing(unset);
    session.flash = changing(flash);
    session.get = (name) => {
      if (session.has(name) && !Object.hasOwn(session.data, name)) this.#changed = true;
      return get(name);
    };
    return session;
  }
}

/** This request's session, made on the first call from the request's cookie and kept in its load context. */
export function requestSession(request: Request, context: AppLoadContext): RequestSession {
  context.session ??= new RequestSession(request.headers.get('Cookie'));
  return context.session;
}

/** What the server adds to the answer: the session's cookie when the request changed or ended it. */
export function sessionSetCookie(context: AppLoadContext): Promise<string | null> {
  return context.session?.setCookie() ?? Promise.resolve(null);
}

/** This request's session itself, to read or change (the server saves a change once on the way out). */
export const readSession = (request: Request, context: AppLoadContext) => requestSession(request, context).read();
