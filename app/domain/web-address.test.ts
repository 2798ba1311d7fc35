import { describe, expect, it } from 'vitest';
import { isWebAddress } from './web-address';

describe('tenant website links', () => {
  it('links only http and https addresses', () => {
    expect(isWebAddress('https://example.com/acme')).toBe(true);
    expect(isWebAddress('http://example.com')).toBe(true);
    for (const bad of [
      '',
      null,
      undefined,
      'javascript:alert(1)',
      'data:text/html,x',
      'example.com',
      '//evil.example',
    ]) {
      expect(isWebAddress(bad), String(bad)).toBe(false);
    }
  });
});
