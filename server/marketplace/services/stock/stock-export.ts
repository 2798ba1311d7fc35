import type { Readable } from 'node:stream';
import type { StockItem } from '../../../../app/domain/stock/engine';
import type { StocklistSettings } from '../../../../app/domain/stock/settings';
import type { TenantConfig } from '../../../../app/domain/tenant-config';
import { IMPORT_COLUMNS } from '../../../../app/domain/offers/import';
import { createTranslator, type Translate } from '../../i18n';
import { guardRow, moneyNumFmt } from '../shared/sheet-cells';
import { commitHeader, streamedWorkbook, writeRows } from '../shared/sheet-writer';

/** Most rows one export holds; a participant's whole stock fits well below it. */
export const EXPORT_ROW_LIMIT = 200_000;

/** The attributes an export has a column for: every search level's but grade (it has its own). */
export const exportAttributes = (settings: StocklistSettings) =>
  [...new Set(Object.values(settings.searchLevels).flat())].filter((a) => a !== 'grade');

/**
 * One item's cells, in the export's column order, as the list shows them (labels, capped
 * quantities), but the item number as it is, without the list's display prefix and suffix: a
 * spreadsheet looks items up by their numbers. The two offer columns are left for the buyer.
 */
export function exportRow(
  item: StockItem,
  settings: StocklistSettings,
  attributes: string[],
): (string | number | null)[] {
  const max = settings.maxItemQuantityToBeDisplayed;
  const capped = max !== undefined && item.quantityAvailable > max;
  return [
    item.itemNumber,
    item.skuDescription,
    settings.categoryLabels[item.category] ?? item.category,
    ...attributes.map((a) => item.attributes[a] ?? ''),
    settings.gradeLabels[item.grade] ?? item.grade,
    settings.warehouseLabels[item.warehouse] ?? item.warehouse,
    capped ? `${max}+` : Math.max(0, item.quantityAvailable),
    item.listPrice,
  ];
}

/**
 * The stock list as a spreadsheet (spec 1 §7 export), streamed: one row per item in the list's
 * order, with the labels the buyer sees and quantities capped as the list shows them. It is an
 * import file too: its Item # and Warehouse columns are the import's, and it ends with the import's
 * New Offer Quantity and New Offer Price, blank; rows left blank there are skipped by the import.
 */
export function stockWorkbookStream(
  items: StockItem[],
  settings: StocklistSettings,
  config: Pick<TenantConfig, 'currencySymbol' | 'currencyPrecision' | 'tenantName'> & { language?: string },
  t: Translate = createTranslator({ language: 'en', labels: {} }).t,
): Readable {
  return streamedWorkbook(config.tenantName, async (workbook) => {
    const attributes = exportAttributes(settings);
    const sheet = workbook.addWorksheet(t('sheet.stockList'), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: t('sheet.column.itemNumber'), width: 28 },
      { header: t('sheet.column.description'), width: 48 },
      { header: t('sheet.column.category'), width: 14 },
      ...attributes.map((a) => ({ header: settings.attributeLabels[a] ?? a, width: 16 })),
      { header: t('sheet.column.grade'), width: 12 },
      { header: t('sheet.column.warehouse'), width: 16 },
      { header: t('sheet.column.quantityAvailable'), width: 18 },
      { header: t('sheet.column.listPrice'), width: 14, style: { numFmt: moneyNumFmt(config) } },
      { header: t('sheet.column.newOfferQuantity'), width: 20 },
      { header: t('sheet.column.newOfferPrice'), width: 18 },
    ];
    commitHeader(sheet);
    await writeRows(sheet, items.slice(0, EXPORT_ROW_LIMIT), (item) => exportRow(item, settings, attributes));
    sheet.commit();
  });
}

/** The whole stream as one buffer (tests, and callers that need the bytes). */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stock list as one buffer (kept for callers that attach it). */
export async function stockWorkbook(...args: Parameters<typeof stockWorkbookStream>): Promise<Buffer> {
  return streamToBuffer(stockWorkbookStream(...args));
}

/**
 * The bulk offer import template (spec 1 §5): the four required columns in the tenant's words and
 * one example row, taken from an in-stock item when there is one.
 */
export function importTemplateStream(
  example: { itemNumber: string; warehouse: string; quantity: number; price: number } | null,
  config: Pick<TenantConfig, 'tenantName'>,
  t: Translate = createTranslator({ language: 'en', labels: {} }).t,
): Readable {
  return streamedWorkbook(config.tenantName, async (workbook) => {
    const sheet = workbook.addWorksheet(t('sheet.import'), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = IMPORT_COLUMNS.map((c) => ({
      header: t(`sheet.column.${c}`),
      key: c,
      width: c === 'itemNumber' ? 28 : 20,
    }));
    commitHeader(sheet);
    if (example) {
      guardRow(
        sheet.addRow({
          itemNumber: example.itemNumber,
          warehouse: example.warehouse,
          newOfferQuantity: example.quantity,
          newOfferPrice: example.price,
        }),
      ).commit();
    }
    sheet.commit();
  });
}
