import type { Logger } from 'pino';
import type { ApiFailure } from './api/client';
import type { RequestSession } from './request-session';
import type { SessionUser } from './session';

/** How the portal reaches the tenant API: in-process (embedded marketplace) or over HTTP. */
export type TenantTransport = (request: Request) => Promise<Response>;

export interface PortalContext {
  tenantApi: TenantTransport;
  /**
   * How the API client makes the requests it gives tenantApi: the standard Request unless the
   * transport takes a lighter one (the embedded marketplace: server/http/in-process-request.ts).
   */
  tenantRequest?: (url: URL, init: RequestInit) => Request;
  /** Base URL the tenant API requests are built on. */
  tenantApiBase: string;
  cspNonce: string;
  logger: Logger;
  /** The buyer's session of this request, read once and saved once by the server (request-session.ts). */
  session?: RequestSession;
  /** Memo of this request's signed-in session, so parallel loaders refresh once. */
  sessionMemo?: Promise<unknown>;
  /**
   * Set once the request's session is read (app/.server/auth.ts): what the API client does when the
   * tenant API answers 401 to this session's access token. It answers a new token to retry with, or
   * null when no refresh cures it (the session has ended and its cookie is destroyed); undefined for
   * a token that is not this session's.
   */
  renewAccess?: (rejected: string) => Promise<string | null | undefined>;
  /**
   * Set once the request's session is read: what the API client throws when the tenant API refuses this
   * session's token for good (a 401 no refresh cures, or a 403): the answer that signs the buyer out.
   * Undefined for a token that is not this session's.
   */
  sessionEnded?: (rejected: string, failure: ApiFailure) => Promise<Response | undefined>;
  /** Set once the request's session is read: changes what it keeps of the user (a preference just set). */
  changeSessionUser?: (change: Partial<SessionUser>) => void;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Remix's context is augmented, not replaced
  interface AppLoadContext extends PortalContext {}
}
