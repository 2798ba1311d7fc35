import { describe, expect, it } from 'vitest';
import { RequestSession } from './request-session';
import { authSessionStorage } from './session';

/** A request's cookie header holding a session with these values. */
async function cookieWith(values: Record<string, string>) {
  const session = await authSessionStorage.getSession();
  for (const [key, value] of Object.entries(values)) session.set(key as 'accessToken', value);
  return (await authSessionStorage.commitSession(session)).split(';')[0]!;
}

const opened = async (setCookie: string | null) => authSessionStorage.getSession(setCookie?.split(';')[0]);

describe("a request's session, saved once on the way out", () => {
  it('sets no cookie when the request did not read it, or read it and changed nothing', async () => {
    const cookie = await cookieWith({ accessToken: 'a' });
    expect(await new RequestSession(cookie).setCookie()).toBeNull();
    const read = new RequestSession(cookie);
    expect((await read.read()).get('accessToken')).toBe('a');
    expect(await read.setCookie()).toBeNull();
  });

  it('reads the cookie once however many loaders ask, and saves every change of theirs in one cookie', async () => {
    const kept = new RequestSession(await cookieWith({ accessToken: 'a' }));
    const [first, second] = await Promise.all([kept.read(), kept.read()]);
    expect(first).toBe(second);
    first.set('accessToken', 'renewed');
    second.set('refreshToken', 'r');
    const saved = await opened(await kept.setCookie());
    expect(saved.get('accessToken')).toBe('renewed');
    expect(saved.get('refreshToken')).toBe('r');
  });

  it('notes an unset, and a flash value given once', async () => {
    const unset = new RequestSession(await cookieWith({ accessToken: 'a' }));
    (await unset.read()).unset('accessToken');
    expect((await opened(await unset.setCookie())).get('accessToken')).toBeUndefined();

    const flashed = await authSessionStorage.getSession();
    flashed.flash('accessToken', 'once');
    const flash = new RequestSession((await authSessionStorage.commitSession(flashed)).split(';')[0]!);
    expect((await flash.read()).get('accessToken')).toBe('once');
    expect((await opened(await flash.setCookie())).get('accessToken')).toBeUndefined();
  });

  it('clears the cookie once the session ends, whatever was changed before or after', async () => {
    const kept = new RequestSession(await cookieWith({ accessToken: 'a' }));
    (await kept.read()).set('accessToken', 'renewed');
    kept.end();
    (await kept.read()).set('refreshToken', 'r');
    expect(await kept.setCookie()).toMatch(/^__session=; /);
    // Signing out clears it even when the request came without a session.
    const none = new RequestSession(null);
    none.end();
    expect(await none.setCookie()).toMatch(/^__session=; .*Expires=Thu, 01 Jan 1970/);
  });
});
