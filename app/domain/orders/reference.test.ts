import { describe, expect, it } from 'vitest';
import { REFERENCE_MAX_LENGTH, referenceOf } from './reference';

describe('the buyer’s reference (PO number)', () => {
  it('keeps letters, digits and separators, trimmed; empty is none', () => {
    expect(referenceOf('  PO-2026/14 ')).toBe('PO-2026/14');
    expect(referenceOf('PO 12.A_b')).toBe('PO 12.A_b');
    expect(referenceOf('')).toBe('');
    expect(referenceOf('   ')).toBe('');
    expect(referenceOf('x'.repeat(REFERENCE_MAX_LENGTH))).toBe('x'.repeat(REFERENCE_MAX_LENGTH));
  });
  it('refuses more than 40 characters, markup, and separators at either end', () => {
    for (const typed of ['x'.repeat(REFERENCE_MAX_LENGTH + 1), '<script>', 'PO#1', '-PO', 'PO/', 'PO\n1'])
      expect(referenceOf(typed)).toBeNull();
  });
});
