import { describe, expect, it } from 'vitest';
import { fieldName, isStorableText, unstorableTextPath } from './storable-text';

describe('text that JSON and PostgreSQL can store', () => {
  it('takes any text with whole characters, astral ones included', () => {
    for (const text of ['', 'plain', 'Crème brûlée', '１２', '😀 emoji', '\ud83d\ude00', 'tab\tand\nnewline']) {
      expect(isStorableText(text), text).toBe(true);
    }
  });

  it('refuses a NUL and lone surrogates, high or low, wherever they are', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\ud800', '\udc00y', '\ude00\ud83d', '😀\ud800']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds the field that holds such text in a JSON value, keys included', () => {
    expect(
      unstorableTextPath({ selection: { shippingInstructions: 'ok', billMyAccount: { carrier: 'a\ud800' } } }),
    ).toEqual(['selection', 'billMyAccount', 'carrier']);
    expect(unstorableTextPath([1, 'fine', ['\u0000']])).toEqual([2, 0]);
    expect(unstorableTextPath({ 'bad\ud800key': 1 })).toEqual(['bad\ud800key']);
    expect(unstorableTextPath({ a: [1, 2, { b: 'fine' }], c: null, d: true })).toBeNull();
    expect(unstorableTextPath('\ud800')).toEqual([]);
  });

  it('does not walk a value nested deeper than any request needs, and says where it stopped', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(unstorableTextPath(deep)).not.toBeNull();
  });

  it('names a field as a message would', () => {
    expect(fieldName([])).toBe('body');
    expect(fieldName([0])).toBe('[0]');
    expect(fieldName(['selection', 'billMyAccount', 'carrier'])).toBe('selection.billMyAccount.carrier');
    expect(fieldName(['lines', 2, 'quantity'])).toBe('lines[2].quantity');
  });
});
