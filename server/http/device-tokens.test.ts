import { describe, expect, it } from 'vitest';
import { cookieValue } from '../../app/domain/cookie-header';
import { deviceTokens } from './device-tokens';

const SECRET = 's'.repeat(40);
const NOW = Date.UTC(2026, 10, 26);
const DAY = 24 * 60 * 60 * 1000;

describe('device tokens', () => {
  const tokens = deviceTokens(SECRET);

  it('name the account they were given for, and no other', () => {
    const token = tokens.issue([], 'owner@example.com', NOW);
    const entries = tokens.read([token], NOW + 1000);
    expect(tokens.deviceFor(entries, 'owner@example.com')).toMatch(/^[\w-]{16,}$/);
    expect(tokens.deviceFor(entries, 'someone@example.com')).toBeNull();
    // the cookie does not show the e-mail
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain('owner');
  });

  it('keep a device id per account across renewals, and at most five accounts', () => {
    let entries = tokens.read([tokens.issue([], 'a@example.com', NOW)], NOW);
    const first = tokens.deviceFor(entries, 'a@example.com');
    for (const name of ['b', 'c', 'd', 'e', 'f', 'a'])
      entries = tokens.read([tokens.issue(entries, `${name}@example.com`, NOW)], NOW);
    expect(tokens.deviceFor(entries, 'a@example.com')).not.toBe(first);
    expect(entries).toHaveLength(5);
    const renewed = tokens.read([tokens.issue(entries, 'f@example.com', NOW + DAY)], NOW + DAY);
    expect(tokens.deviceFor(renewed, 'f@example.com')).toBe(tokens.deviceFor(entries, 'f@example.com'));
  });

  it('refuse another secret, a changed payload, and old tokens', () => {
    const token = tokens.issue([], 'owner@example.com', NOW);
    expect(deviceTokens('t'.repeat(40)).read([token], NOW)).toEqual([]);
    const [payload, signature] = token.split('.');
    const changed = Buffer.from(
      Buffer.from(payload!, 'base64url')
        .toString()
        .replace(/"t":\d+/, `"t":${NOW + DAY}`),
    ).toString('base64url');
    expect(tokens.read([`${changed}.${signature}`], NOW + DAY)).toEqual([]);
    expect(tokens.read([token], NOW + 181 * DAY)).toEqual([]);
    expect(tokens.read(['', 'x', 'a.b.c', undefined], NOW)).toEqual([]);
  });

  it('are read from a Cookie header by name', () => {
    expect(cookieValue('a=1; __device=abc.def; b=2', '__device')).toBe('abc.def');
    expect(cookieValue('x__device=1', '__device')).toBeUndefined();
    expect(tokens.cookie('abc.def')).toMatch(/^__device=abc\.def; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
  });
});
