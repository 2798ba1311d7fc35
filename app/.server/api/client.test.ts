import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type ApiFailure, callApi, failureMessage } from './client';
import { z } from 'zod';

const contextAnswering = (response: Response) => ({
  tenantApi: async () => response,
  tenantApiBase: 'http://tenant',
  cspNonce: '',
  logger: pino({ level: 'silent' }),
});

const fail = (status: number, body: unknown) =>
  callApi(contextAnswering(new Response(JSON.stringify(body), { status })), '/x', { schema: z.unknown() }).catch(
    (e: unknown) => e,
  );

const translations: Record<string, string> = { 'errors.offerGone': 'The offer {{id}} is gone' };
const translate = (key: string, params?: Record<string, unknown>) =>
  translations[key]?.replace('{{id}}', String(params?.id ?? ''));

describe('tenant API error mapping', () => {
  it('prefers the translation of the messageCode, with params', async () => {
    const error = await fail(400, { messageCode: 'offerGone', message: 'server text', params: { id: 7 } });
    expect(failureMessage(error, translate)).toBe('The offer 7 is gone');
  });

  it('falls back to the server message, then the fallback, then Internal Server Error', async () => {
    expect(failureMessage(await fail(400, { messageCode: 'unknown', message: 'server text' }), translate)).toBe(
      'server text',
    );
    expect(failureMessage(await fail(500, {}), translate, 'fallback')).toBe('fallback');
    expect(failureMessage(await fail(500, {}), () => undefined)).toBe('Internal Server Error');
  });

  it('takes the first error of a 422: its code when FAIL, else its description', async () => {
    const failed = (await fail(422, {
      status: 'FAIL',
      errors: [{ messageCode: 'offerGone' }, { messageCode: 'other' }],
    })) as ApiFailure;
    expect(failed.messageCode).toBe('offerGone');
    const other = (await fail(422, {
      status: 'ERROR',
      errors: [{ messageCode: 'x', messageDescription: 'Quantity too high' }],
    })) as ApiFailure;
    expect(failureMessage(other, translate)).toBe('Quantity too high');
  });

  it('keeps the 403 status, which signs the buyer out', async () => {
    expect(((await fail(403, { message: 'Forbidden' })) as ApiFailure).status).toBe(403);
  });

  it('refuses a response that does not match the contract', async () => {
    const context = contextAnswering(new Response(JSON.stringify({ nope: true }), { status: 200 }));
    const error = await callApi(context, '/x', { schema: z.object({ id: z.number() }) }).catch((e: unknown) => e);
    expect((error as ApiFailure).status).toBe(502);
  });
});

describe("a refusal of the session's token", () => {
  /** A tenant API that refuses every token but `good`, and a session whose renewals give `renewed` (or nothing). */
  function session(renewed: string | null, refusal = 401) {
    const used: string[] = [];
    const signOut = new Response(null, { status: 302, headers: { location: '/?redirectTo=%2Fstock' } });
    const context = {
      ...contextAnswering(new Response()),
      tenantApi: async (request: Request) => {
        const token = request.headers.get('authorization')?.slice('Bearer '.length) ?? '';
        used.push(token);
        return token === 'good'
          ? Response.json({ ok: true })
          : Response.json({ message: 'refused' }, { status: refusal });
      },
      renewAccess: async (rejected: string) => (rejected === 'stale' || rejected === 'good' ? renewed : undefined),
      sessionEnded: async (rejected: string, failure: ApiFailure) =>
        rejected === 'stale' || rejected === 'good' || rejected === renewed
          ? failure.status === 401 || failure.status === 403
            ? signOut
            : undefined
          : undefined,
    };
    const call = (token: string) => callApi(context, '/x', { token, schema: z.unknown() }).catch((e: unknown) => e);
    return { call, used, signOut };
  }

  it('is retried once with the renewed token', async () => {
    const { call, used } = session('good');
    expect(await call('stale')).toEqual({ ok: true });
    expect(used).toEqual(['stale', 'good']);
  });

  it('throws the answer that signs the buyer out when no renewal cures it, or at once on a 403', async () => {
    const ended = session(null);
    expect(await ended.call('stale')).toBe(ended.signOut);
    const refusedAgain = session('also-refused');
    expect(await refusedAgain.call('stale')).toBe(refusedAgain.signOut);
    expect(refusedAgain.used).toEqual(['stale', 'also-refused']);
    const forbidden = session('good', 403);
    expect(await forbidden.call('stale')).toBe(forbidden.signOut);
    expect(forbidden.used).toEqual(['stale']);
  });

  it("stays the call's failure for a token that is not the session's", async () => {
    const { call } = session(null);
    expect(await call('foreign')).toMatchObject({ status: 401 });
  });
});
