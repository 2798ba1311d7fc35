import { and, eq, gt } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import { isStrongPassword } from '../../../../app/domain/password-rules';
import type { Db } from '../../db/client';
import { authTokens, passwordResetCodes, users } from '../../db/schema';
import { ApiError } from '../../errors';
import type { Translate } from '../../i18n';
import type { Mailer } from '../../mailer';
import { createLru } from '../../../../app/domain/lru';
import { hashPassword, randomToken, sha256, unknownUserPasswordHash, verifyPassword } from './passwords';
import { randomInt, randomUUID } from 'node:crypto';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export type SignInResult = ({ status: 'SIGNED_IN' } & Tokens) | { status: 'NEW_PASSWORD_REQUIRED'; session: string };

export interface AccessClaims {
  sub: string;
  email: string;
  /** The session (refresh-token row) the token belongs to: no row, no access. */
  sid: string;
  exp: number;
}

export interface IdentityOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  tenantName: string;
  /** The tenant's language for the reset-code e-mail. */
  t: Translate;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
}

const CHALLENGE_TTL_SECONDS = 10 * 60;
const RESET_CODE_TTL_SECONDS = 30 * 60;
const RESET_MAX_ATTEMPTS = 5;

const incorrect = () => new ApiError(401, 'NotAuthorizedException', 'Incorrect username or password.');
const weakPassword = () =>
  new ApiError(
    400,
    'InvalidPasswordException',
    'Password does not conform to policy: it needs a lowercase letter, an uppercase letter, a number, a special character and at least 8 characters.',
  );

/** Access tokens whose signature was checked, most recently used first (about one per signed-in buyer). */
const VERIFIED_TOKENS = 10_000;

export function createIdentityService(options: IdentityOptions) {
  const { db, mailer, secret, t } = options;
  const accessTtl = options.accessTokenTtlSeconds ?? 15 * 60;
  const refreshTtl = options.refreshTokenTtlSeconds ?? 30 * 24 * 60 * 60;
  const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000);
  const verifiedTokens = createLru<string, AccessClaims>(VERIFIED_TOKENS);

  function accessTokenFor(user: { id: number; email: string }, sessionId: string): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + accessTtl;
    return sign(
      { sub: String(user.id), email: user.email, sid: sessionId, exp } satisfies AccessClaims,
      secret,
      'HS256',
    );
  }

  /** A new session: a refresh-token row, and an access token that names it. */
  async function issueTokens(user: { id: number; email: string }, database: Pick<Db, 'insert'> = db): Promise<Tokens> {
    const refreshToken = randomToken();
    const sessionId = randomUUID();
    await database.insert(authTokens).values({
      tokenHash: sha256(refreshToken),
      sessionId,
      userId: user.id,
      kind: 'refresh',
      expiresAt: secondsFromNow(refreshTtl),
    });
    return { accessToken: await accessTokenFor(user, sessionId), refreshToken, expiresIn: accessTtl };
  }

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    return user;
  }

  async function takeToken(token: string, kind: 'refresh' | 'challenge') {
    const [row] = await db
      .delete(authTokens)
      .where(
        and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.kind, kind), gt(authTokens.expiresAt, new Date())),
      )
      .returning();
    return row;
  }

  return {
    async signIn(email: string, password: string): Promise<SignInResult> {
      const user = await findUserByEmail(email);
      // Verify against a throwaway hash when the user is unknown so both paths take the same time.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await unknownUserPasswordHash()));
      if (!user || !ok) throw incorrect();
      if (user.mustChangePassword) {
        const session = randomToken();
        await db.insert(authTokens).values({
          tokenHash: sha256(session),
          userId: user.id,
          kind: 'challenge',
          expiresAt: secondsFromNow(CHALLENGE_TTL_SECONDS),
        });
        return { status: 'NEW_PASSWORD_REQUIRED', session };
      }
      return { status: 'SIGNED_IN', ...(await issueTokens(user)) };
    },

    async completeNewPassword(session: string, newPassword: string): Promise<Tokens> {
      if (!isStrongPassword(newPassword)) throw weakPassword();
      const challenge = await takeToken(session, 'challenge');
      if (!challenge)
        throw new ApiError(401, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');
      const passwordHash = await hashPassword(newPassword);
      // A new password ends every other session of the user (their access tokens stop at once).
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false })
          .where(eq(users.id, challenge.userId))
          .returning();
        await tx.delete(authTokens).where(eq(authTokens.userId, challenge.userId));
        return issueTokens(user!, tx);
      });
    },

    /** A new access token; the refresh token stays valid, so parallel requests may refresh at once. */
    async refresh(refreshToken: string): Promise<Tokens> {
      const expired = () => new ApiError(401, 'NotAuthorizedException', 'Refresh Token has expired');
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.tokenHash, sha256(refreshToken)),
            eq(authTokens.kind, 'refresh'),
            gt(authTokens.expiresAt, new Date()),
          ),
        );
      if (!row) throw expired();
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!user) throw expired();
      return { accessToken: await accessTokenFor(user, row.sessionId), refreshToken, expiresIn: accessTtl };
    },

    /** Ends the session: its refresh token is forgotten and its access tokens stop working. */
    async signOut(refreshToken: string): Promise<void> {
      await takeToken(refreshToken, 'refresh');
    },

    /**
     * The claims of a well-signed, unexpired access token that names a session; whether the session
     * still exists is the caller's one lookup (requireUser joins it with the user).
     */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      // A page makes several calls with one token: its signature is checked once, its expiry every time.
      const known = verifiedTokens.get(token);
      if (known) return known.exp * 1000 > Date.now() ? known : null;
      try {
        const claims = (await verify(token, secret, 'HS256')) as unknown as Partial<AccessClaims>;
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.sid !== 'string' ||
          !UUID.test(claims.sid) ||
          typeof claims.exp !== 'number'
        )
          return null;
        verifiedTokens.set(token, claims as AccessClaims);
        return claims as AccessClaims;
      } catch {
        return null;
      }
    },

    /** Always answers the same way, so the form cannot be used to find out who has an account. */
    async forgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .insert(passwordResetCodes)
        .values({
          userId: user.id,
          codeHash: sha256(code),
          expiresAt: secondsFromNow(RESET_CODE_TTL_SECONDS),
          attempts: 0,
        })
        .onConflictDoUpdate({
          target: passwordResetCodes.userId,
          set: { codeHash: sha256(code), expiresAt: secondsFromNow(RESET_CODE_TTL_SECONDS), attempts: 0 },
        });
      await mailer.send({
        to: user.email,
        subject: t('mail.reset.subject', { tenantName: options.tenantName }),
        text: [
          t('mail.greeting', { firstName: user.firstName }),
          '',
          t('mail.reset.code', { code }),
          '',
          t('mail.reset.validity', { minutes: RESET_CODE_TTL_SECONDS / 60 }),
        ].join('\n'),
      });
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
      const invalid = () =>
        new ApiError(400, 'CodeMismatchException', 'Invalid verification code provided, please try again.');
      const user = await findUserByEmail(email);
      if (!user) throw invalid();
      const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
      if (!row) throw invalid();
      if (row.attempts >= RESET_MAX_ATTEMPTS) {
        throw new ApiError(400, 'LimitExceededException', 'Attempt limit exceeded, please try after some time.');
      }
      if (row.expiresAt < new Date()) {
        throw new ApiError(400, 'ExpiredCodeException', 'Invalid code provided, please request a code again.');
      }
      if (row.codeHash !== sha256(code.trim())) {
        await db
          .update(passwordResetCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(passwordResetCodes.userId, user.id));
        throw invalid();
      }
      if (!isStrongPassword(newPassword)) throw weakPassword();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, user.id));
        await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
        await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
