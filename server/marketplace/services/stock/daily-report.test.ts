import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { reportChanges, reportWorkbook } from './daily-report';

const event = (
  inw: string,
  quantityBefore: number,
  quantityAfter: number,
  priceBefore: number | null,
  priceAfter: number | null,
) => ({
  participantId: 'acme',
  itemNumberWarehouse: inw,
  quantityBefore,
  quantityAfter,
  priceBefore,
  priceAfter,
});

describe('daily report rows', () => {
  it('reports new availability, price drops and both; not price rises, sold stock or round trips', () => {
    const changes = reportChanges([
      event('MORE', 0, 10, 100, 100),
      event('CHEAPER', 5, 5, 100, 90),
      event('BOTH', 5, 8, 100, 100),
      event('BOTH', 8, 8, 100, 95),
      event('DEARER', 5, 5, 100, 110),
      event('SOLD', 5, 2, 100, 100),
      event('ROUND', 5, 9, 100, 100),
      event('ROUND', 9, 5, 100, 100),
      event('GONE_CHEAPER', 5, 0, 100, 80),
    ]);
    expect(changes.map((c) => [c.itemNumberWarehouse, c.more, c.cheaper, c.previousPrice])).toEqual([
      ['MORE', true, false, null],
      ['CHEAPER', false, true, 100],
      ['BOTH', true, true, 100],
    ]);
  });

  it('writes a spreadsheet that opens with a header and one row per item', async () => {
    const file = await reportWorkbook(
      [
        {
          itemNumber: 'X1',
          description: 'Phone',
          warehouse: 'Miami',
          category: 'PHONES',
          grade: 'A',
          quantityAvailable: 10,
          listPrice: 90,
          previousPrice: 100,
          change: 'Price drop',
        },
      ],
      { tenantName: 'T', currencySymbol: '$', currencyPrecision: 2 },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Daily Report')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Item #',
      'Description',
      'Warehouse',
      'Category',
      'Grade',
      'Quantity Available',
      'List Price',
      'Previous Price',
      'Change',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'X1',
      'Phone',
      'Miami',
      'PHONES',
      'A',
      10,
      90,
      100,
      'Price drop',
    ]);
    expect(sheet.rowCount).toBe(2);
  });
});
