import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo';

describe('the pseudo-locale', () => {
  it('swaps every ASCII letter and brackets the text', () => {
    expect(pseudoText('Stock List')).toBe('[Šţöçķ Ļîšţ]');
    expect(pseudoText('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')).not.toMatch(/[A-Za-z]/);
  });

  it('keeps placeholders, nested keys, markup and addresses', () => {
    expect(pseudoText('Hello {{name}}, see <1>this</1> at https://example.com/a or mail a.b@example.com')).toBe(
      '[Ĥéļļö {{name}}, šéé <1>ţĥîš</1> åţ https://example.com/a öŕ ɱåîļ a.b@example.com]',
    );
  });
});
