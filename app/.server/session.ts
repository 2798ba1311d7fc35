import { createCookieSessionStorage } from '@remix-run/node';
import { getEnv } from './env';

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  buyerName: string | null;
  authorities: string[];
  isProspect: boolean;
  isPxns: boolean;
  pxParticipantId: string | null;
  salesRepWhatsApp: string | null;
}

export interface SessionData {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token runs out. */
  accessExpiresAt: number;
  user: SessionUser;
  /**
   * What the cart handed to checkout: the marketplace keeps the draft, the session its id and what
   * spec 2 §4 says the navigation carries (warehouse code and id, participant id, the network flag).
   */
  checkout: {
    id: string;
    warehouseLabel: string;
    mode: 'NEW_ORDER' | 'ADD_TO_EXISTING_ORDER';
    warehouseCode: string;
    warehouseId: string;
    participantId: string;
    network: boolean;
  };
  /** A pending NEW_PASSWORD_REQUIRED challenge. */
  challenge: { session: string; email: string; redirectTo: string };
}

const env = getEnv();

export const authSessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.SECURE_COOKIES === 'true',
    secrets: [env.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** A tampered or foreign cookie simply reads as no session. */
export function getAuthSession(request: Request) {
  return authSessionStorage.getSession(request.headers.get('Cookie'));
}
