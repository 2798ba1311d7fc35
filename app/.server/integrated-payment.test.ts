import { describe, expect, it } from 'vitest';
import { isProviderUrl } from './integrated-payment';

describe('isProviderUrl: where a payment may send the browser', () => {
  it.each(['/px-api-gateway/payment-sandbox/abc', 'https://www.sandbox.paypal.com/checkoutnow?token=1'])(
    'takes %s',
    (url) => expect(isProviderUrl(url)).toBe(true),
  );
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'http://pay.example/',
    'javascript:alert(1)',
    'px-api-gateway/x',
    '',
  ])('refuses %j', (url) => expect(isProviderUrl(url)).toBe(false));
});
