import { describe, expect, it } from 'vitest';
import { changedReferences, editedCell, INVALID_INPUT } from './list-edit';

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

describe('changedReferences', () => {
  it('keeps only the references the buyer changed, each checked by the rule, an order posted twice once', () => {
    const posted = [
      { orderNumber: 'SO-1', was: 'PO-1', refOrderNumber: ' PO-1 ' },
      { orderNumber: 'SO-2', was: '', refOrderNumber: 'PO-2' },
      undefined,
      { orderNumber: 'SO-3', was: 'PO-3', refOrderNumber: '' },
      { orderNumber: 'SO-4', was: '', refOrderNumber: '<PO>' },
      { orderNumber: 'SO-2', was: '', refOrderNumber: 'PO-again' },
    ];
    expect(changedReferences(posted)).toEqual([
      { ok: true, row: 1, orderNumber: 'SO-2', value: 'PO-2' },
      { ok: true, row: 3, orderNumber: 'SO-3', value: '' },
      { ok: false, row: 4, orderNumber: 'SO-4', error: INVALID_INPUT },
    ]);
    expect(changedReferences([])).toEqual([]);
  });
});
