import { and, asc, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { formatMinor, tenantDateTime, tenantMoneyFormat } from '../../../../app/domain/money';
import { numberText } from '../../../../app/domain/intl';
import { statusStyle } from '../../../../app/domain/orders/settings';
import { invoiceChargeLines, invoiceDueDate, orderChargeLines } from '../../../../app/domain/orders/invoice';
import { chargeLabel } from './charge-labels';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { orderInvoices, orders, orderShipments } from '../../db/schema';
import { orderLinesOf } from './order-lines';
import { notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { pickUpOfOrder, readCatalogueIn } from '../checkout/checkout-catalogue';
import { readOrderSettingsIn } from './order-settings';
import { warehouseLabelIn } from '../texts/texts';
import { pdfKit } from '../shared/heavy-libraries';
import { historyEntryOf, ledgerOf, paymentView } from '../payments/payment-ledger';
import { paymentEntryText, returnCreditOf, signedAmount } from '../../../../app/domain/orders/payment-history';
import { guardRow, moneyNumFmt } from '../shared/sheet-cells';
import { workbookBuffer } from '../shared/sheet-writer';
import { pickUpAddressLines } from '../../../../app/domain/pick-up';
import { postalAddressLines, type PostalAddress } from '../../../../app/domain/postal-address';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** What the order details page needs to offer its exports (spec 3 §3 "Manifest summary"). */
export interface ManifestSummary {
  imeiAvailable: boolean;
  invoiceNumbers: string[];
  trackingNumbers: string[];
}

export interface DocumentFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

/** Text as the standard PDF fonts can draw it: narrow no-break spaces (French number groups) become no-break spaces. */
export const pdfText = (text: string) => text.replace(/[\u202F\u2009]/g, '\u00A0');

/** Only letters, digits, dots and dashes in a file name. */
const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9.-]/g, '_');

/**
 * The documents of a buyer's order (spec 3 §7): the manifest summary, the order and its manifest
 * as spreadsheets (exceljs), and its invoices as PDF (pdfkit). Every one is scoped to the signed-in
 * buyer: another buyer's order, or an invoice of another order, is not found.
 */
export function createOrderDocuments(deps: Pick<MarketplaceDeps, 'db' | 'config' | 't'>) {
  const { db, config, t } = deps;
  const money = tenantMoneyFormat(config);
  /** An order's address (kept as JSON) as its country writes it, the country in the tenant's language. */
  const addressText = (address: unknown) =>
    address && typeof address === 'object'
      ? postalAddressLines(address as PostalAddress, config.language).join('\n')
      : '';
  const date = tenantDateTime(config);
  const day = (d: Date) =>
    new Intl.DateTimeFormat(config.language, { dateStyle: 'long', timeZone: config.timeZone }).format(d);
  const labelOf = chargeLabel(t);

  async function ownOrder(user: SignedInUser, phonexOrderNumber: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.phonexOrderNumber, phonexOrderNumber), eq(orders.buyerId, buyerIdOf(user))));
    if (!order) throw notFound('Order');
    return order;
  }

  const shipmentsOf = (orderId: number) =>
    db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.shippedAt), asc(orderShipments.id));
  const linesOf = (orderId: number) => orderLinesOf(db, orderId);
  const trackingNumbersOf = (shipments: { trackingNumber: string }[]) => [
    ...new Set(shipments.map((s) => s.trackingNumber)),
  ];
  type ShipmentLines = { lines: (typeof orderShipments.$inferSelect)['lines'] };
  const hasImeis = (shipments: ShipmentLines[]) => shipments.some((s) => s.lines.some((l) => l.imeis.length > 0));

  async function workbookFile(fill: (workbook: ExcelJS.Workbook) => void, fileName: string): Promise<DocumentFile> {
    return {
      body: await workbookBuffer(config.tenantName, fill),
      fileName: fileSafe(fileName),
      contentType: XLSX_TYPE,
    };
  }

  return {
    async manifestSummary(user: SignedInUser, phonexOrderNumber: string): Promise<ManifestSummary> {
      // The buyer's order with its shipments and invoices in one statement: the order page asks every time.
      const result = await db.execute<{
        shipments: (ShipmentLines & { trackingNumber: string })[];
        invoices: string[];
      }>(sql`
        select coalesce((select json_agg(json_build_object('trackingNumber', s.tracking_number, 'lines', s.lines) order by s.shipped_at, s.id)
            from ${orderShipments} s where s.order_id = o.id), '[]'::json) as "shipments",
          coalesce((select json_agg(i.invoice_number order by i.invoiced_at, i.id) from ${orderInvoices} i where i.order_id = o.id), '[]'::json) as "invoices"
        from ${orders} o where o.phonex_order_number = ${phonexOrderNumber} and o.buyer_id = ${buyerIdOf(user)}`);
      const [found] = result.rows;
      if (!found) throw notFound('Order');
      return {
        imeiAvailable: hasImeis(found.shipments),
        invoiceNumbers: found.invoices,
        trackingNumbers: trackingNumbersOf(found.shipments),
      };
    },

    /** The order as a spreadsheet: a header block (numbers, dates, statuses, addresses, methods), then its lines and totals. */
    async orderExport(user: SignedInUser, phonexOrderNumber: string): Promise<DocumentFile> {
      const order = await ownOrder(user, phonexOrderNumber);
      const [lines, shipments, settings, catalogue] = [
        await linesOf(order.id),
        await shipmentsOf(order.id),
        await readOrderSettingsIn(db, config.language),
        await readCatalogueIn(db, config.language),
      ];
      const warehouseLabel = await warehouseLabelIn(db, order.warehouseCode, config.language);
      const methodCode = (order.shipping?.selection as { shippingMethodCode?: string } | undefined)?.shippingMethodCode;
      const method = catalogue.shippingMethods.find((m) => m.code === methodCode);
      const payment = catalogue.paymentMethods.find((p) => p.code === order.paymentMethodCode);
      const services = catalogue.additionalServices
        .filter((s) => order.additionalServices.includes(s.code))
        .map((s) => s.label);
      const reference = order.refOrderNumber ?? order.phonexOrderNumber;
      const format = moneyNumFmt(money);
      const history = (await ledgerOf(db, order.id)).map(historyEntryOf);
      const returnCredit = returnCreditOf(history);

      return workbookFile((workbook) => {
        const sheet = workbook.addWorksheet(t('orderDocuments.sheet.order'));
        sheet.columns = [
          { width: 26 },
          { width: 48 },
          { width: 11 },
          { width: 11 },
          { width: 11 },
          { width: 22 },
          { width: 16 },
        ];
        const title = sheet.addRow([t('orderDocuments.title', { reference })]);
        title.font = { bold: true, size: 14 };
        guardRow(title);
        const field = (key: Parameters<typeof t>[0], value: string) => {
          const row = sheet.addRow([t(key), value]);
          row.getCell(1).font = { bold: true };
          row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
          guardRow(row);
        };
        field('orderDocuments.field.orderNumber', order.phonexOrderNumber);
        field('orderDocuments.field.reference', order.refOrderNumber ?? '');
        field('orderDocuments.field.createDate', date(order.createdAt));
        field('orderDocuments.field.updateDate', date(order.lastUpdateDate));
        field(
          'orderDocuments.field.fulfillmentStatus',
          statusStyle(settings.fulfillmentSettings.statuses, order.status).label,
        );
        field(
          'orderDocuments.field.paymentStatus',
          statusStyle(settings.paymentSettings.statuses, order.paymentStatus).label,
        );
        field('orderDocuments.field.warehouse', warehouseLabel);
        field('orderDocuments.field.shippingMethod', method?.label ?? methodCode ?? '');
        field('orderDocuments.field.shippingAddress', addressText(order.shipping?.address));
        field('orderDocuments.field.billingAddress', addressText(order.billing?.address));
        field('orderDocuments.field.paymentMethod', payment?.label ?? order.paymentMethodCode ?? '');
        field('orderDocuments.field.additionalServices', services.join(', '));
        field('orderDocuments.field.trackingNumbers', trackingNumbersOf(shipments).join(', '));
        sheet.addRow([]);

        const header = sheet.addRow([
          t('orderDocuments.column.itemNumber'),
          t('orderDocuments.column.description'),
          t('orderDocuments.column.ordered'),
          t('orderDocuments.column.canceled'),
          t('orderDocuments.column.shipped'),
          t('orderDocuments.column.unitPrice'),
          t('orderDocuments.column.price'),
        ]);
        header.font = { bold: true };
        guardRow(header);
        for (const line of lines) {
          // The price of what is still ordered: the lines add up to the subtotal.
          const row = sheet.addRow([
            line.itemNumber,
            line.description,
            line.quantity,
            line.canceledQuantity,
            line.shippedQuantity,
            line.unitPrice / 100,
            ((line.quantity - line.canceledQuantity) * line.unitPrice) / 100,
          ]);
          row.getCell(6).numFmt = format;
          row.getCell(7).numFmt = format;
          guardRow(row);
        }
        sheet.addRow([]);
        const total = (label: string, minor: number, bold = false) => {
          const row = sheet.addRow([null, null, null, null, null, label, minor / 100]);
          row.getCell(7).numFmt = format;
          if (bold) row.font = { bold: true };
          guardRow(row);
        };
        total(t('orderDocuments.total.subtotal'), order.subtotal);
        for (const line of orderChargeLines(order)) total(labelOf(line), line.amount);
        total(t('orderDocuments.total.total'), order.total, true);
        const paid = paymentView(order);
        total(t('orderDocuments.total.amountPaid'), paid.amountPaid);
        if (returnCredit > 0) total(t('payment.returnCredit'), returnCredit);
        if (paid.creditDue > 0) total(t('orderDocuments.total.creditDue'), paid.creditDue, true);
        else total(t('orderDocuments.total.balanceDue'), paid.balanceDue, true);
        if (history.length) {
          // What was paid, row by row, as the order page's payment history: the date in the first column
          // keeps these rows apart from the totals above.
          sheet.addRow([]);
          const heading = sheet.addRow([t('payment.history.heading')]);
          heading.font = { bold: true };
          guardRow(heading);
          const columns = sheet.addRow([
            t('payment.history.date'),
            t('payment.history.description'),
            null,
            null,
            null,
            null,
            t('payment.history.amount'),
          ]);
          columns.font = { bold: true };
          guardRow(columns);
          for (const entry of history) {
            const { key, returnNumber } = paymentEntryText(entry);
            const row = sheet.addRow([
              date(new Date(entry.at)),
              t(`payment.history.${key}`, { returnNumber }),
              null,
              null,
              null,
              null,
              signedAmount(entry) / 100,
            ]);
            row.getCell(7).numFmt = format;
            guardRow(row);
          }
        }
      }, `order-${order.phonexOrderNumber}.xlsx`);
    },

    /** The shipped units: one row per IMEI with its shipment's tracking number and its item. Not found when no unit has an IMEI. */
    async manifestExport(user: SignedInUser, phonexOrderNumber: string): Promise<DocumentFile> {
      const order = await ownOrder(user, phonexOrderNumber);
      const shipments = await shipmentsOf(order.id);
      if (!hasImeis(shipments)) throw notFound('Manifest');
      const items = new Map((await linesOf(order.id)).map((l) => [l.itemNumberWarehouse, l]));
      return workbookFile((workbook) => {
        const sheet = workbook.addWorksheet(t('orderDocuments.sheet.manifest'), {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        sheet.columns = [
          { header: t('orderDocuments.column.trackingNumber'), width: 24 },
          { header: t('orderDocuments.column.itemNumber'), width: 26 },
          { header: t('orderDocuments.column.description'), width: 48 },
          { header: t('orderDocuments.column.imei'), width: 20, style: { numFmt: '@' } },
        ];
        sheet.getRow(1).font = { bold: true };
        guardRow(sheet.getRow(1));
        for (const shipment of shipments) {
          for (const line of shipment.lines) {
            const item = items.get(line.itemNumberWarehouse);
            for (const imei of line.imeis)
              guardRow(
                sheet.addRow([
                  shipment.trackingNumber,
                  item?.itemNumber ?? line.itemNumberWarehouse,
                  item?.description ?? '',
                  imei,
                ]),
              );
          }
        }
      }, `manifest-${order.phonexOrderNumber}.xlsx`);
    },

    /** One invoice of the order as a PDF. `compress: false` leaves its text readable in the file (tests). */
    async invoicePdf(
      user: SignedInUser,
      phonexOrderNumber: string,
      invoiceNumber: string,
      options: { compress?: boolean } = {},
    ): Promise<DocumentFile> {
      const order = await ownOrder(user, phonexOrderNumber);
      const [invoice] = await db
        .select()
        .from(orderInvoices)
        .where(and(eq(orderInvoices.orderId, order.id), eq(orderInvoices.invoiceNumber, invoiceNumber)));
      if (!invoice) throw notFound('Invoice');
      const catalogue = await readCatalogueIn(db, config.language);
      const payment = catalogue.paymentMethods.find((p) => p.code === order.paymentMethodCode);
      const amount = (minor: number) => pdfText(formatMinor(minor, money));
      const quantity = (units: number) => pdfText(numberText(config.language)(units));
      const goods = invoice.lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0);
      const title = `${t('orderDocuments.invoice.title')} ${invoice.invoiceNumber}`;

      const { doc, left, width, bytes } = await tenantPdf({
        tenantName: config.tenantName,
        heading: t('orderDocuments.invoice.title'),
        title,
        subject: `${t('orderDocuments.invoice.order')} ${order.phonexOrderNumber}`,
        compress: options.compress,
      });
      const seller = config.marketplace.seller;
      const facts: [string, string][] = [
        [t('orderDocuments.invoice.number'), invoice.invoiceNumber],
        [t('orderDocuments.invoice.date'), day(invoice.invoicedAt)],
        [t('orderDocuments.invoice.dueDate'), day(invoiceDueDate(payment, invoice.invoicedAt, order.gracePeriodEnd))],
        [
          t('orderDocuments.invoice.order'),
          order.refOrderNumber ? `${order.refOrderNumber} (${order.phonexOrderNumber})` : order.phonexOrderNumber,
        ],
        [t('orderDocuments.field.paymentMethod'), payment?.label ?? order.paymentMethodCode ?? ''],
      ];
      doc.fontSize(10);
      if (seller)
        doc
          .font('Helvetica')
          .text(pdfText([seller.name, ...seller.address].join('\n')), left, doc.y, { width })
          .moveDown();
      for (const [label, value] of facts) {
        const y = doc.y;
        doc.font('Helvetica-Bold').text(pdfText(label), left, y, { width: 120 });
        doc.font('Helvetica').text(pdfText(value), left + 130, y, { width: width - 130 });
      }
      doc.moveDown();
      const top = doc.y;
      const column = (width - 20) / 2;
      doc.font('Helvetica-Bold').text(pdfText(t('orderDocuments.invoice.billTo')), left, top, { width: column });
      doc.font('Helvetica').text(pdfText(addressText(order.billing?.address)), { width: column });
      const afterBill = doc.y;
      doc
        .font('Helvetica-Bold')
        .text(pdfText(t('orderDocuments.invoice.shipTo')), left + column + 20, top, { width: column });
      doc.font('Helvetica').text(pdfText(addressText(order.shipping?.address)), { width: column });
      doc.y = Math.max(afterBill, doc.y) + 20;
      // A pick-up: where and when the buyer collects it (issue 51).
      const pickUp = await pickUpOfOrder(db, order, config.language);
      if (pickUp) {
        doc
          .font('Helvetica-Bold')
          .text(pdfText(t('orderDocuments.invoice.pickUpAt', { warehouse: pickUp.warehouse })), left, doc.y, { width });
        doc.font('Helvetica').text(pdfText(pickUpAddressLines(pickUp, config.language).join('\n')), { width });
        if (pickUp.openingHours)
          doc.text(pdfText(t('orderDocuments.invoice.openingHours', { hours: pickUp.openingHours })), { width });
        doc.y += 20;
      }

      // The lines: the item (description, its number under it), quantity, unit price, amount.
      const cols = [
        { x: left, w: width - 225, align: 'left' as const },
        { x: left + width - 215, w: 50, align: 'right' as const },
        { x: left + width - 160, w: 75, align: 'right' as const },
        { x: left + width - 80, w: 80, align: 'right' as const },
      ];
      const row = (cells: string[], options: { bold?: boolean; under?: string } = {}) => {
        if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
        const y = doc.y;
        let bottom = y;
        cells.forEach((cell, i) => {
          doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
          doc.text(pdfText(cell), cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align });
          if (i === 0 && options.under)
            doc
              .fontSize(8)
              .fillColor('#555555')
              .text(pdfText(options.under), cols[0]!.x, doc.y, { width: cols[0]!.w })
              .fillColor('black')
              .fontSize(10);
          bottom = Math.max(bottom, doc.y);
        });
        doc.y = bottom + 4;
      };
      row(
        [
          t('orderDocuments.column.description'),
          t('orderDocuments.column.quantity'),
          t('orderDocuments.column.unitPrice'),
          t('orderDocuments.column.amount'),
        ],
        { bold: true },
      );
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(left + width, doc.y - 2)
        .stroke();
      for (const line of invoice.lines)
        row(
          [line.description, quantity(line.quantity), amount(line.unitPrice), amount(line.quantity * line.unitPrice)],
          {
            under: `${t('orderDocuments.column.itemNumber')} ${line.itemNumber}`,
          },
        );
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .stroke();
      doc.y += 6;
      const total = (label: string, value: number, bold = false) => {
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
        doc.text(pdfText(label), cols[0]!.x, y, { width: cols[3]!.x - cols[0]!.x - 10, align: 'right' });
        doc.text(amount(value), cols[3]!.x, y, { width: cols[3]!.w, align: 'right' });
        doc.y = Math.max(doc.y, y + 12) + 4;
      };
      total(t('orderDocuments.total.subtotal'), goods);
      for (const line of invoiceChargeLines({ amount: invoice.amount, goods, charges: invoice.charges }))
        total(labelOf(line), line.amount);
      total(t('orderDocuments.total.total'), invoice.amount, true);

      if (seller) {
        // Where the money goes, in full: every tenant configures it (marketplace.seller.wire).
        const { wire } = seller;
        doc.moveDown();
        doc.font('Helvetica-Bold').text(pdfText(t('orderDocuments.wire.title')), left, doc.y, { width });
        const wireFacts: [string, string | undefined][] = [
          [t('orderDocuments.wire.bank'), [wire.bank, wire.bankAddress].filter(Boolean).join(', ')],
          [t('orderDocuments.wire.accountName'), wire.accountName],
          [t('orderDocuments.wire.accountNumber'), wire.accountNumber],
          [t('orderDocuments.wire.routingNumber'), wire.routingNumber],
          [t('orderDocuments.wire.iban'), wire.iban],
          [t('orderDocuments.wire.swift'), wire.swift],
          [t('orderDocuments.wire.reference'), order.phonexOrderNumber],
        ];
        for (const [label, value] of wireFacts) {
          if (!value) continue;
          const y = doc.y;
          doc.font('Helvetica').text(pdfText(label), left, y, { width: 160 });
          doc.text(pdfText(value), left + 170, y, { width: width - 170 });
        }
      }
      return { body: await bytes(), fileName: fileSafe(`invoice-${invoice.invoiceNumber}.pdf`), contentType: PDF_TYPE };
    },
  };
}

export type OrderDocuments = ReturnType<typeof createOrderDocuments>;

/**
 * An A4 PDF of the tenant's: its name on the left and the document's heading on the right at the
 * top; `bytes()` ends it and answers the whole file.
 */
export async function tenantPdf({
  tenantName,
  heading,
  title,
  subject,
  compress,
}: {
  tenantName: string;
  heading: string;
  title: string;
  subject?: string;
  compress?: boolean;
}) {
  const PDFDocument = await pdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: compress ?? true,
    info: { Title: title, Author: tenantName, ...(subject ? { Subject: subject } : {}) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(tenantName), left, 50);
  doc.fontSize(22).text(pdfText(heading), left, 50, { width, align: 'right' });
  doc.moveDown(1.5);
  const bytes = async () => {
    doc.end();
    await finished;
    return Buffer.concat(chunks);
  };
  return { doc, left, width, bytes };
}
