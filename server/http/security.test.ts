import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { getEnv } from '../../app/.server/env';
import { payPalApproveOrigin } from '../marketplace/services/paypal';
import { securityHeaders } from './security';

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
    expect(await cspOf([payPalApproveOrigin('https://api-m.paypal.com')])).toContain("form-action 'self' https://www.paypal.com;");
  });

  it('PayPal needs its credentials and the public address, or the server does not start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: 'memory-only-unused', SESSION_SECRET: 'x'.repeat(40), PAYMENT_PROVIDER: 'paypal' };
    expect(() => getEnv({ ...base, PAYPAL_CLIENT_ID: 'id' } as NodeJS.ProcessEnv)).toThrow(/PAYMENT_PROVIDER=paypal needs/);
  });
});
