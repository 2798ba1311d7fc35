import { describe, expect, it } from 'vitest';
import { editedCell, INVALID_INPUT } from './list-edit';

describe('editedCell', () => {
  it('takes a reference of letters, digits and separators, trimmed, and an empty one', () => {
    expect(editedCell('id', '  PO-2026/14 ')).toEqual({ ok: true, value: 'PO-2026/14' });
    expect(editedCell('id', '')).toEqual({ ok: true, value: '' });
  });
  it("answers 'Invalid Input' for what the column's type refuses", () => {
    for (const [type, typed] of [
      ['id', '<script>'],
      ['id', 'x'.repeat(41)],
      ['integer', '1.5'],
      ['percent', '100.5'],
      ['currency', '12.345'],
      ['date', '2026-13-45'],
    ] as const) {
      expect(editedCell(type, typed)).toEqual({ ok: false, error: INVALID_INPUT });
    }
    expect(editedCell('percent', '33.3')).toEqual({ ok: true, value: '33.3' });
    expect(editedCell('currency', '12.30')).toEqual({ ok: true, value: '12.30' });
  });
});
