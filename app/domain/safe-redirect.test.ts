import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from './safe-redirect';

/** Pieces attackers combine: separators, encodings, controls, look-alike slashes, schemes. */
const PIECES = [
  '/',
  '//',
  '\\',
  '/\\',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u0000',
  '\u007f',
  '\u0085',
  ' ',
  '%09',
  '%0A',
  '%0D',
  '%2F',
  '%2f',
  '%5C',
  '%00',
  '.',
  '..',
  '/..',
  '/./',
  'evil.example',
  '@',
  ':',
  '?',
  '#',
  '&',
  '=',
  'http:',
  'https://',
  'javascript:',
  'data:',
  '\uff0f',
  '\u2215',
  '\u3002',
  '\u200b',
  'stock',
  'cart',
  '%',
  '%E2%80%AE',
  '\ud800',
  'redirectTo=',
  '///',
  'x'.repeat(40),
];

/** A small seeded generator, so a failure names the same input on every run. */
function* generated(count: number, seed = 20261123): Generator<string> {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31), state);
  for (let i = 0; i < count; i++) {
    const parts = 1 + (next() % 6);
    let text = next() % 4 === 0 ? '' : '/';
    for (let p = 0; p < parts; p++) text += PIECES[next() % PIECES.length];
    yield text;
  }
}

/** What a browser does with a Location header, on a page deep in the site. */
function resolvesOnSite(location: string): boolean {
  for (const base of ['https://portal.example', 'https://portal.example/stock/deep/page?x=1']) {
    if (new URL(location, base).origin !== 'https://portal.example') return false;
  }
  return true;
}

describe('safe redirect', () => {
  it.each([
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/\u000b/evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/stock'],
    ['javascript:alert(1)'],
    [' //evil.example'],
    ['/'],
    ['/?redirectTo=//evil.example'],
    [''],
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('keeps paths of this site, with their query and fragment', () => {
    expect(safeRedirect('/cart?tab=1#offer-3')).toBe('/cart?tab=1#offer-3');
    expect(safeRedirect('/stock?q=iphone%2012')).toBe('/stock?q=iphone%2012');
    expect(safeRedirect('/stock/./../cart')).toBe('/cart');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard');
  });

  it('over 5,000 generated inputs: every answer stays on the site, has no controls or backslashes, and is stable', () => {
    for (const input of generated(5000)) {
      const answer = safeRedirect(input);
      expect(answer.startsWith('/') && !answer.startsWith('//'), JSON.stringify(input)).toBe(true);
      expect(/[\u0000-\u001f\u007f-\u009f\\]/.test(answer), JSON.stringify(input)).toBe(false);
      expect(resolvesOnSite(answer), JSON.stringify(input)).toBe(true);
      expect(safeRedirect(answer), JSON.stringify(input)).toBe(answer);
    }
  });
});
