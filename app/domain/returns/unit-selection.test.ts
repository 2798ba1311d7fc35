import { describe, expect, it } from 'vitest';
import {
  MAX_PASTED_CHARS,
  MAX_PASTED_IMEIS,
  namedEntries,
  pastedEntries,
  pickUnits,
  sortPasted,
} from './unit-selection';

const A = '490154203237518';
const B = '490154203237519';
const C = '356938035643809';

describe('pasted IMEIs', () => {
  it('reads one a line, or separated by commas, semicolons, spaces or tabs, each once, in the order pasted', () => {
    expect(pastedEntries(`${A}\r\n${B}\n\n${C}\n`)).toEqual([A, B, C]);
    expect(pastedEntries(` ${A}, ${B};${C}\t${A} `)).toEqual([A, B, C]);
    expect(pastedEntries('')).toEqual([]);
    expect(pastedEntries(' ,\n; ')).toEqual([]);
  });

  it('fits its bound: the most IMEIs a paste may name, one a line with CR LF', () => {
    const text = Array.from({ length: MAX_PASTED_IMEIS }, (_, i) => String(i).padStart(15, '0')).join('\r\n');
    expect(text.length).toBeLessThanOrEqual(MAX_PASTED_CHARS);
    expect(pastedEntries(text)).toHaveLength(MAX_PASTED_IMEIS);
  });

  it('sorts them into the order’s open units, its units that cannot go back now, and what is no unit of it', () => {
    const units = [
      { imei: A, refusal: null },
      { imei: B, refusal: 'alreadyReturned' as const },
      { imei: null, refusal: null },
    ];
    const sorted = sortPasted([A, B, C, 'not-an-imei'], units);
    expect([...sorted.open]).toEqual([A]);
    expect(sorted.notReturnable).toEqual([B]);
    expect(sorted.unknown).toEqual([C, 'not-an-imei']);
  });

  it('names twenty refused entries and counts the rest', () => {
    expect(namedEntries([A, B])).toEqual({ units: `${A}, ${B}`, more: 0 });
    const many = Array.from({ length: 23 }, (_, i) => `x${i}`);
    expect(namedEntries(many)).toEqual({ units: many.slice(0, 20).join(', '), more: 3 });
  });
});

describe('choosing many units at once', () => {
  const rows = {
    units: [
      { imei: A, chosen: false, reason: undefined },
      { imei: B, chosen: true, reason: 'DOA' },
      { imei: C, chosen: false, reason: 'NOT_AS_GRADED' },
    ],
    lines: [{ item: 'L1-MIA', quantity: 0, reason: undefined }],
  };
  const free = (item: string) => (item === 'L1-MIA' ? 4 : 0);

  it('selects every unit, and every line at the most it can return, giving a reason only where one was chosen', () => {
    expect(pickUnits(rows, 'all', free, undefined)).toEqual({
      units: [
        { imei: A, chosen: true, reason: undefined },
        { imei: B, chosen: true, reason: 'DOA' },
        { imei: C, chosen: true, reason: 'NOT_AS_GRADED' },
      ],
      lines: [{ item: 'L1-MIA', quantity: 4, reason: undefined }],
    });
    expect(pickUnits(rows, 'all', free, 'DOA').units.map((u) => u.reason)).toEqual(['DOA', 'DOA', 'DOA']);
  });

  it('selects the pasted units and leaves the others and the lines as they were', () => {
    expect(pickUnits(rows, new Set([C]), free, 'DOA')).toEqual({
      units: [rows.units[0], rows.units[1], { imei: C, chosen: true, reason: 'DOA' }],
      lines: rows.lines,
    });
  });
});
