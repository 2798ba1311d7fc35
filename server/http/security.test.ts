import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { getEnv } from '../../app/.server/env';
import { payPalApproveOrigin } from '../marketplace/services/payments/paypal';
import { isSameOriginRequest, securityHeaders } from './security';

async function cspOf(formActionOrigins?: string[]) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'n';
    next();
  });
  app.use(securityHeaders({ dev: false, secureCookies: 'false', formActionOrigins }));
  app.get('/', (_req, res) => res.send('ok'));
  const server = app.listen(0);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return response.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
  }
}

describe('the payment provider in the security policy and the environment', () => {
  it('forms lead only to this site, and to the payment provider once one is configured', async () => {
    expect(await cspOf()).toContain("form-action 'self';");
    expect(await cspOf([payPalApproveOrigin('https://api-m.paypal.com')])).toContain(
      "form-action 'self' https://www.paypal.com;",
    );
  });

  it('PayPal needs its credentials and the public address, or the server does not start', () => {
    const base = {
      NODE_ENV: 'test',
      DATA_DIR: 'memory-only-unused',
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'paypal',
    };
    expect(() => getEnv({ ...base, PAYPAL_CLIENT_ID: 'id' } as NodeJS.ProcessEnv)).toThrow(
      /PAYMENT_PROVIDER=paypal needs/,
    );
  });
});

describe('which state-changing requests come from this site', () => {
  const self = { scheme: 'http:', host: 'shop.example:3000' };
  const ours = 'http://shop.example:3000';

  it('lets through this origin, and clients that send neither header', () => {
    expect(isSameOriginRequest({ site: 'same-origin', origin: ours }, self)).toBe(true);
    expect(isSameOriginRequest({ site: undefined, origin: ours }, self)).toBe(true);
    expect(isSameOriginRequest({ site: 'same-origin', origin: undefined }, self)).toBe(true);
    expect(isSameOriginRequest({ site: 'none', origin: undefined }, self)).toBe(true);
    expect(isSameOriginRequest({ site: undefined, origin: undefined }, self)).toBe(true);
  });

  it('refuses a foreign Origin even beside a same-origin Sec-Fetch-Site', () => {
    expect(isSameOriginRequest({ site: 'same-origin', origin: 'https://evil.example' }, self)).toBe(false);
    expect(isSameOriginRequest({ site: 'none', origin: 'https://evil.example' }, self)).toBe(false);
  });

  it('refuses cross-site and same-site fetches, and values it does not know, whatever the Origin', () => {
    for (const site of ['cross-site', 'same-site', 'SAME-ORIGIN', '']) {
      expect(isSameOriginRequest({ site, origin: ours }, self), site).toBe(false);
      expect(isSameOriginRequest({ site, origin: undefined }, self), site).toBe(false);
    }
  });

  it('refuses Origin null, unparsable ones, another scheme or port, and more than an origin', () => {
    for (const origin of [
      'null',
      '',
      'not a url',
      'https://shop.example:3000',
      'http://shop.example',
      'http://shop.example:3000/',
      'http://user@shop.example:3000',
      'http://shop.example:3000.evil.example',
    ]) {
      expect(isSameOriginRequest({ site: 'same-origin', origin }, self), origin).toBe(false);
      expect(isSameOriginRequest({ site: undefined, origin }, self), origin).toBe(false);
    }
    expect(isSameOriginRequest({ site: undefined, origin: ours }, { scheme: 'http:', host: undefined })).toBe(false);
  });

  it('compares with the default port left out, as browsers write an Origin', () => {
    expect(
      isSameOriginRequest(
        { site: 'same-origin', origin: 'https://shop.example' },
        { scheme: 'https:', host: 'shop.example:443' },
      ),
    ).toBe(true);
  });
});
