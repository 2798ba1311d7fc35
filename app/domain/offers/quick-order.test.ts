import { describe, expect, it } from 'vitest';
import { readWholeNumber } from './entry-rules';
import { IMPORT_LIMITS } from './import';
import { fieldsOf, parseQuickOrder, QUICK_ORDER_LIMITS, QUICK_ORDER_MAX_CHARS } from './quick-order';

const rowsOf = (text: string, options?: Parameters<typeof parseQuickOrder>[1]) => {
  const read = parseQuickOrder(text, options);
  if (!read.ok) throw new Error(`refused: ${read.refusal.messageCode}`);
  return read.rows.map(({ line, itemNumber, warehouse, quantity, price }) => [
    line,
    itemNumber,
    warehouse,
    quantity,
    price,
  ]);
};

describe('quick order pad: reading lines', () => {
  it('reads cells copied from a spreadsheet (tabs), trailing empty cells and spaces around cells included', () => {
    expect(rowsOf('A100\tLAX\t5\t120\nB200\t New York \t 2 \t\t\t\n')).toEqual([
      [1, 'A100', 'LAX', '5', '120'],
      [2, 'B200', 'New York', '2', ''],
    ]);
  });

  it('reads commas, semicolons and runs of spaces, the price optional', () => {
    expect(rowsOf('A100,LAX,5,120\nB200; NYC ;2\nC300    MIA   7  99\nD400 LAX 1')).toEqual([
      [1, 'A100', 'LAX', '5', '120'],
      [2, 'B200', 'NYC', '2', ''],
      [3, 'C300', 'MIA', '7', '99'],
      [4, 'D400', 'LAX', '1', ''],
    ]);
  });

  it('keeps a warehouse name of several words whole between spaces: the trailing numbers are the quantity and the price', () => {
    expect(fieldsOf('A100 Hong Kong 5 99')).toEqual(['A100', 'Hong Kong', '5', '99']);
    expect(fieldsOf('A100 Hong Kong 5')).toEqual(['A100', 'Hong Kong', '5']);
    // No trailing number: the fields in their order, what is left in the price (read as no number, never dropped).
    expect(fieldsOf('A100 LAX five dozen')).toEqual(['A100', 'LAX', 'five', 'dozen']);
  });

  it('skips blank lines and a header line, and numbers rows by their line in the text', () => {
    expect(
      rowsOf(
        'Item #\tWarehouse\tNew Offer Quantity\tNew Offer Price\n\n   \nA100\tLAX\t5\t120\n\t\t\t\nB200\tLAX\t1\n',
      ),
    ).toEqual([
      [4, 'A100', 'LAX', '5', '120'],
      [6, 'B200', 'LAX', '1', ''],
    ]);
    expect(rowsOf('item, warehouse, qty, price\nA100, LAX, 5')).toEqual([[2, 'A100', 'LAX', '5', '']]);
    expect(rowsOf('Item # Warehouse Quantity Price\nA100 LAX 5')).toEqual([[2, 'A100', 'LAX', '5', '']]);
    // The tenant's own header words count too.
    expect(
      rowsOf('Article;Entrepôt;Quantité;Prix\nA100;LAX;5', {
        headerNames: ['Article', 'Entrepôt', 'Quantité', 'Prix'],
      }),
    ).toEqual([[2, 'A100', 'LAX', '5', '']]);
  });

  it('never takes an order line for a header: only the first line, only with a header word and no quantity', () => {
    expect(rowsOf('A100\tLAX\t5\nItem #\tWarehouse\tQuantity')).toEqual([
      [1, 'A100', 'LAX', '5', ''],
      [2, 'Item #', 'Warehouse', 'Quantity', ''],
    ]);
    // A first line without a header word is an order whose quantity the review refuses, not a header.
    expect(rowsOf('A100 LAX five')).toEqual([[1, 'A100', 'LAX', 'five', '']]);
  });

  it('keeps a decimal comma in the price (French), whether the line is split by commas, semicolons, tabs or spaces', () => {
    expect(
      rowsOf(
        'A100,LAX,5,99,50\nA101, LAX, 5, 99,00\nA102;LAX;5;99,50\nA103\tLAX\t5\t99,50\nA104 LAX 5 99,50\nA105\tLAX\t5\t1 234',
      ),
    ).toEqual([
      [1, 'A100', 'LAX', '5', '99,50'],
      [2, 'A101', 'LAX', '5', '99,00'],
      [3, 'A102', 'LAX', '5', '99,50'],
      [4, 'A103', 'LAX', '5', '99,50'],
      [5, 'A104', 'LAX', '5', '99,50'],
      [6, 'A105', 'LAX', '5', '1 234'],
    ]);
    // The marketplace reads them as it reads a spreadsheet's cells, in the tenant's language.
    expect(readWholeNumber('99,00', 'fr')).toEqual({ ok: true, value: 99 });
    expect(readWholeNumber('99,50', 'fr')).toMatchObject({ ok: false });
    // A thousands comma in English is read back whole too.
    expect(rowsOf('A100,LAX,5,1,234')).toEqual([[1, 'A100', 'LAX', '5', '1,234']]);
    expect(readWholeNumber('1,234', 'en')).toEqual({ ok: true, value: 1234 });
  });

  it('reads Windows and old Mac line ends', () => {
    expect(rowsOf('A100,LAX,5\r\nB200,LAX,6\rC300,LAX,7')).toEqual([
      [1, 'A100', 'LAX', '5', ''],
      [2, 'B200', 'LAX', '6', ''],
      [3, 'C300', 'LAX', '7', ''],
    ]);
  });
});

describe('quick order pad: limits', () => {
  it('uses the import limits', () => {
    expect(QUICK_ORDER_LIMITS).toEqual({
      chars: QUICK_ORDER_MAX_CHARS,
      rows: IMPORT_LIMITS.rows,
      cellChars: IMPORT_LIMITS.cellChars,
    });
  });

  it('refuses more rows than an import takes with the import’s message; blank lines and the header do not count', () => {
    const limits = { ...QUICK_ORDER_LIMITS, rows: 3 };
    expect(parseQuickOrder('Item #,Warehouse,Quantity\nA,W,1\n\nB,W,1\nC,W,1\n', { limits }).ok).toBe(true);
    expect(parseQuickOrder('A,W,1\nB,W,1\nC,W,1\nD,W,1', { limits })).toEqual({
      ok: false,
      refusal: { messageCode: 'importTooManyRows', params: { max: 3 } },
    });
    const many = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => `A${i}\tLAX\t1`).join('\n');
    expect(parseQuickOrder(many)).toEqual({
      ok: false,
      refusal: { messageCode: 'importTooManyRows', params: { max: IMPORT_LIMITS.rows } },
    });
    expect(parseQuickOrder(many.slice(0, many.lastIndexOf('\n'))).ok).toBe(true);
  });

  it('refuses a text over its length and a cell over the import’s cell length', () => {
    expect(parseQuickOrder('A,W,1\n'.padEnd(QUICK_ORDER_MAX_CHARS + 1, ' '))).toEqual({
      ok: false,
      refusal: { messageCode: 'quickOrderTooLong', params: { max: QUICK_ORDER_MAX_CHARS } },
    });
    expect(parseQuickOrder('A,W,1\n'.padEnd(QUICK_ORDER_MAX_CHARS, ' ')).ok).toBe(true);
    expect(parseQuickOrder(`A,W,1\n${'x'.repeat(IMPORT_LIMITS.cellChars + 1)},W,1`)).toEqual({
      ok: false,
      refusal: { messageCode: 'importCellTooLong', params: { line: '2', max: IMPORT_LIMITS.cellChars } },
    });
  });

  it('refuses a text with no order line', () => {
    for (const text of ['', '  \n\t\n', 'Item #\tWarehouse\tQuantity\tPrice\n'])
      expect(parseQuickOrder(text)).toEqual({ ok: false, refusal: { messageCode: 'quickOrderEmpty', params: {} } });
  });
});
