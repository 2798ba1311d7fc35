import type { Readable } from 'node:stream';
import { tenantDateTime } from '../../../../app/domain/money';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { DocumentFile } from '../orders/order-documents';
import { pdfText, tenantPdf } from '../orders/order-documents';
import type { ReturnSort } from './return-list';
import type { Returns } from './returns';
import { moneyNumFmt } from '../shared/sheet-cells';
import { commitHeader, streamedWorkbook, writeRows } from '../shared/sheet-writer';

/**
 * A return request's packing slip (issue 38): a PDF to put in the box, naming the RMA number, the
 * order, the seller's instructions and every unit by IMEI (or item, for goods without one). The
 * buyer's own requests only.
 */
export function createReturnDocuments(deps: Pick<MarketplaceDeps, 'config' | 't'>, returns: Returns) {
  const { config, t } = deps;
  return {
    /** Every request the list's search matches, in its order, as a spreadsheet streamed out. */
    async listExport(
      user: SignedInUser,
      query: { search?: string; sort?: ReturnSort; dir?: 'asc' | 'desc' },
    ): Promise<{ stream: Readable; fileName: string }> {
      const { rows } = await returns.list(user, { ...query, all: true });
      const stream = streamedWorkbook(config.tenantName, async (workbook) => {
        const sheet = workbook.addWorksheet(t('returns.title'), { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = [
          { header: t('returns.column.rmaNumber'), width: 26 },
          { header: t('returns.column.orderNumber'), width: 26 },
          { header: t('returns.column.createdAt'), width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
          { header: t('returns.column.status'), width: 16 },
          { header: t('returns.column.units'), width: 10, style: { numFmt: '#,##0' } },
          { header: t('returns.column.credit'), width: 16, style: { numFmt: moneyNumFmt(config) } },
        ];
        commitHeader(sheet);
        await writeRows(sheet, rows, (r) => [
          r.rmaNumber,
          r.orderNumber,
          new Date(r.createdAt),
          t(`returns.status.${r.status}` as 'returns.status.REQUESTED'),
          r.units,
          r.credit / 100,
        ]);
        sheet.commit();
      });
      return { stream, fileName: `returns-${new Date().toISOString().slice(0, 10)}.xlsx` };
    },

    async packingSlip(
      user: SignedInUser,
      rmaNumber: string,
      options: { compress?: boolean } = {},
    ): Promise<DocumentFile> {
      const request = await returns.get(user, rmaNumber);
      const title = `${t('returns.slip.title')} ${request.rmaNumber}`;
      const { doc, left, width, bytes } = await tenantPdf({
        tenantName: config.tenantName,
        heading: t('returns.slip.title'),
        title,
        compress: options.compress,
      });
      doc.fontSize(28).text(request.rmaNumber, left, doc.y, { width, align: 'center' });
      doc.moveDown();
      const facts: [string, string][] = [
        [t('returns.column.orderNumber'), request.orderNumber],
        [t('returns.details.created'), tenantDateTime(config)(request.createdAt)],
        [t('returns.details.status'), t(`returns.status.${request.status}` as 'returns.status.REQUESTED')],
      ];
      if (request.instructions) facts.push([t('returns.details.instructions'), request.instructions]);
      doc.fontSize(10);
      for (const [label, value] of facts) {
        const y = doc.y;
        doc.font('Helvetica-Bold').text(pdfText(label), left, y, { width: 140 });
        doc.font('Helvetica').text(pdfText(value), left + 150, y, { width: width - 150 });
        doc.moveDown(0.3);
      }
      doc.moveDown();
      const cols = [
        { x: left, w: 130 },
        { x: left + 140, w: width - 140 - 130 },
        { x: left + width - 120, w: 120 },
      ];
      const row = (cells: string[], bold = false) => {
        if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
        const y = doc.y;
        let bottom = y;
        cells.forEach((cell, i) => {
          doc
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(10)
            .text(pdfText(cell), cols[i]!.x, y, { width: cols[i]!.w });
          bottom = Math.max(bottom, doc.y);
        });
        doc.y = bottom + 4;
      };
      row([t('returns.new.column.unit'), t('returns.new.column.item'), t('returns.new.column.reason')], true);
      for (const u of request.units.filter((u) => u.state !== 'REJECTED' && u.state !== 'CANCELED'))
        row([u.imei ?? u.itemNumber, `${u.itemNumber} ${u.description}`, u.reason]);
      return {
        body: await bytes(),
        contentType: 'application/pdf',
        fileName: `packing-slip-${request.rmaNumber.replace(/[^A-Za-z0-9.-]/g, '_')}.pdf`,
      };
    },
  };
}

export type ReturnDocuments = ReturnType<typeof createReturnDocuments>;
