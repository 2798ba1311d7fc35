import { createSealedCookieSessionStorage } from './sealed-cookie-session';
import { getEnv } from './env';
import type { StockListLayout } from '~/domain/stock/layout';

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  buyerName: string | null;
  authorities: string[];
  /** The tenant API's revision of the authorities; another one on a request means they changed (absent in sessions from before it). */
  authoritiesRevision?: number;
  /** Authorities the operator took away since sign-in: the shell says what is gone and why. */
  revokedAuthorities?: string[];
  isProspect: boolean;
  isPxns: boolean;
  pxParticipantId: string | null;
  salesRepWhatsApp: string | null;
  /** How the stock list shows its groups, as the tenant API keeps it for the user (absent in sessions from before it: cards). */
  stockListLayout?: StockListLayout;
}

export interface KeptCheckout {
  id: string;
  warehouseLabel: string;
  mode: 'NEW_ORDER' | 'ADD_TO_EXISTING_ORDER';
  warehouseCode: string;
  warehouseId: string;
  participantId: string;
  network: boolean;
  /** The buyer's reference (PO number) typed on this checkout so far: a DONE's redirect would lose it otherwise. */
  reference?: string;
}

export interface SessionData {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token runs out. */
  accessExpiresAt: number;
  user: SessionUser;
  /**
   * What the cart handed to checkout, per warehouse label (a checkout in each of two tabs stays
   * open): the marketplace keeps the draft, the session its id and what spec 2 §4 says the
   * navigation carries (warehouse code and id, participant id, the network flag).
   */
  checkouts: Record<string, KeptCheckout>;
  /** A pending NEW_PASSWORD_REQUIRED challenge. */
  challenge: { session: string; email: string; redirectTo: string };
}

const env = getEnv();

/** The session cookie, encrypted: it holds the tenant API's tokens and the buyer's profile (decision 034). */
export const authSessionStorage = createSealedCookieSessionStorage<SessionData>({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.SECURE_COOKIES === 'true',
    maxAge: 60 * 60 * 24 * 30,
  },
  secrets: env.SESSION_SECRETS,
});

export type AuthSession = Awaited<ReturnType<typeof authSessionStorage.getSession>>;

/** The most warehouses a session keeps a checkout for (the cookie stays small). */
const KEPT_CHECKOUTS = 5;

/** Keeps a hand-off for its warehouse, newest last; the oldest goes beyond KEPT_CHECKOUTS. */
export function keepCheckout(session: AuthSession, kept: KeptCheckout) {
  const others = Object.values(session.get('checkouts') ?? {}).filter((c) => c.warehouseLabel !== kept.warehouseLabel);
  session.set(
    'checkouts',
    Object.fromEntries([...others.slice(-(KEPT_CHECKOUTS - 1)), kept].map((c) => [c.warehouseLabel, c])),
  );
}

export function keptCheckout(session: AuthSession, warehouseLabel: string | undefined): KeptCheckout | null {
  const all = session.get('checkouts') ?? {};
  return warehouseLabel !== undefined && Object.hasOwn(all, warehouseLabel) ? all[warehouseLabel]! : null;
}

/** A submitted checkout's hand-off is cleared (spec 3 §9); the other warehouses' stay. */
export function forgetCheckout(session: AuthSession, warehouseLabel: string) {
  const rest = Object.values(session.get('checkouts') ?? {}).filter((c) => c.warehouseLabel !== warehouseLabel);
  session.set('checkouts', Object.fromEntries(rest.map((c) => [c.warehouseLabel, c])));
}
