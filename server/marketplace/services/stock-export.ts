import ExcelJS from 'exceljs';
import type { StockItem } from '../../../app/domain/stock/engine';
import type { StocklistSettings } from '../../../app/domain/stock/settings';
import type { TenantConfig } from '../../../app/domain/tenant-config';
import { createTranslator, type Translate } from '../i18n';

/** Most rows one export holds; a participant's whole stock fits well below it. */
export const EXPORT_ROW_LIMIT = 200_000;

/**
 * The stock list as a spreadsheet (spec 1 §7 export): one row per item in the list's order, with the
 * labels the buyer sees and quantities capped as the list shows them.
 */
export async function stockWorkbook(
  items: StockItem[],
  settings: StocklistSettings,
  config: Pick<TenantConfig, 'currencySymbol' | 'currencyPrecision' | 'tenantName'>,
  t: Translate = createTranslator({ language: 'en', labels: {} }).t,
): Promise<Buffer> {
  const attributes = [...new Set(Object.values(settings.searchLevels).flat())].filter((a) => a !== 'grade');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = config.tenantName;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(t('sheet.stockList'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const max = settings.maxItemQuantityToBeDisplayed;
  sheet.columns = [
    { header: t('sheet.column.itemNumber'), key: 'itemNumber', width: 28 },
    { header: t('sheet.column.description'), key: 'description', width: 48 },
    { header: t('sheet.column.category'), key: 'category', width: 14 },
    ...attributes.map((a) => ({ header: settings.attributeLabels[a] ?? a, key: `attr:${a}`, width: 16 })),
    { header: t('sheet.column.grade'), key: 'grade', width: 12 },
    { header: t('sheet.column.warehouse'), key: 'warehouse', width: 16 },
    { header: t('sheet.column.quantityAvailable'), key: 'quantity', width: 18 },
    { header: t('sheet.column.listPrice'), key: 'listPrice', width: 14, style: { numFmt: `"${config.currencySymbol}"#,##0${config.currencyPrecision ? `.${'0'.repeat(config.currencyPrecision)}` : ''}` } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const item of items.slice(0, EXPORT_ROW_LIMIT)) {
    const capped = max !== undefined && item.quantityAvailable > max;
    sheet.addRow({
      itemNumber: `${settings.itemDescriptionRules.itemNumberDescriptionPrefix}${item.itemNumber}${settings.itemDescriptionRules.itemNumberDescriptionSuffix}`,
      description: item.skuDescription,
      category: settings.categoryLabels[item.category] ?? item.category,
      ...Object.fromEntries(attributes.map((a) => [`attr:${a}`, item.attributes[a] ?? ''])),
      grade: settings.gradeLabels[item.grade] ?? item.grade,
      warehouse: settings.warehouseLabels[item.warehouse] ?? item.warehouse,
      quantity: capped ? `${max}+` : Math.max(0, item.quantityAvailable),
      listPrice: item.listPrice,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
