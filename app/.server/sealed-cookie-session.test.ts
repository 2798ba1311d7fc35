import { describe, expect, it } from 'vitest';
import { createSealedCookieSessionStorage, seal, unseal } from './sealed-cookie-session';

const OLD = 'the secret before the rotation, 32+ characters';
const NEW = 'the secret after the rotation, 32+ characters!!';
const storage = (secrets: [string, ...string[]]) =>
  createSealedCookieSessionStorage<{ accessToken: string; email: string }>({
    cookie: { name: '__session', httpOnly: true, path: '/' },
    secrets,
  });
const cookieHeader = (setCookie: string) => setCookie.split(';')[0]!;
/** Every reading of a cookie value one might try: as sent, URL-decoded, base64 in both alphabets. */
const readings = (value: string) => {
  const decoded = decodeURIComponent(value);
  return [
    value,
    decoded,
    Buffer.from(decoded, 'base64').toString('latin1'),
    Buffer.from(decoded, 'base64url').toString('latin1'),
  ];
};

describe('the sealed session cookie', () => {
  it('holds neither the tokens nor the profile in any reading of its value, and opens again', async () => {
    const sessions = storage([NEW]);
    const session = await sessions.getSession();
    session.set('accessToken', 'eyJ-the-access-token');
    session.set('email', 'buyer@example.com');
    const setCookie = await sessions.commitSession(session);
    for (const reading of readings(cookieHeader(setCookie).slice('__session='.length))) {
      expect(reading).not.toContain('eyJ-the-access-token');
      expect(reading).not.toContain('buyer@example.com');
      // Not even as base64 inside base64 (how a signed Remix cookie carried it).
      expect(Buffer.from(reading, 'base64').toString('latin1')).not.toContain('buyer@example.com');
    }
    const again = await sessions.getSession(cookieHeader(setCookie));
    expect(again.get('accessToken')).toBe('eyJ-the-access-token');
    expect(again.get('email')).toBe('buyer@example.com');
  });

  it('reads as no session when changed, when sealed with an unknown secret, or when it is anything else', async () => {
    const sealed = seal({ email: 'buyer@example.com' }, NEW);
    // A character in the middle: all six of its bits are ciphertext (the last one may hold padding only).
    const at = Math.floor(sealed.length / 2);
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(unseal(flipped, [NEW])).toBeNull();
    expect(unseal(sealed, [OLD])).toBeNull();
    for (const junk of ['', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3), `${sealed}.x`, 'eyJ9'])
      expect(unseal(junk, [NEW]), junk).toBeNull();
    const session = await storage([NEW]).getSession('__session=nonsense');
    expect(session.data).toEqual({});
  });

  it('keeps sessions through a rotation: sealed with the old secret, opened with the list, sealed again with the new', async () => {
    const before = storage([OLD]);
    const session = await before.getSession();
    session.set('email', 'buyer@example.com');
    const oldCookie = cookieHeader(await before.commitSession(session));
    const during = storage([NEW, OLD]);
    const kept = await during.getSession(oldCookie);
    expect(kept.get('email')).toBe('buyer@example.com');
    const renewed = cookieHeader(await during.commitSession(kept));
    expect((await storage([NEW]).getSession(renewed)).get('email')).toBe('buyer@example.com');
    expect((await storage([NEW]).getSession(oldCookie)).get('email')).toBeUndefined();
  });

  it('gives a flash value once, as the Remix session does', async () => {
    const sessions = storage([NEW]);
    const session = await sessions.getSession();
    session.flash('email', 'once@example.com');
    const first = await sessions.getSession(cookieHeader(await sessions.commitSession(session)));
    expect(first.get('email')).toBe('once@example.com');
    const second = await sessions.getSession(cookieHeader(await sessions.commitSession(first)));
    expect(second.get('email')).toBeUndefined();
  });
});

describe('a session sealed with a secret being rotated out', () => {
  it('is told apart from one sealed with the newest, so the request seals it again', async () => {
    const oldCookie = async () => {
      const before = storage([OLD]);
      const session = await before.getSession();
      session.set('email', 'buyer@example.com');
      return cookieHeader(await before.commitSession(session));
    };
    const during = storage([NEW, OLD]);
    const old = await during.getSession(await oldCookie());
    expect(during.sealedWithOlderSecret(old)).toBe(true);
    const renewed = await during.getSession(cookieHeader(await during.commitSession(old)));
    expect(during.sealedWithOlderSecret(renewed)).toBe(false);
    expect(during.sealedWithOlderSecret(await during.getSession())).toBe(false);
  });
});
