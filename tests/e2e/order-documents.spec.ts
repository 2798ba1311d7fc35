import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { pdfTextRuns } from '../integration/support/pdf-text';
import { admin, expect, test, openSignedIn, DEMO_BUYER } from './support/fixtures';

/**
 * An order's documents as the demo buyer downloads them from the portal (spec 3 §2.6 Exports):
 * the order and its manifest as spreadsheets, an invoice as a PDF, each opened and read. The
 * demo buyer's seeded orders went through the seller's side (shipped with IMEIs, invoiced twice).
 */

interface AdminOrder {
  phonexOrderNumber: string;
  status: string;
}

async function demoOrders() {
  const list = (await admin('GET', '/orders?email=buyer@example.com')) as AdminOrder[];
  const find = (suffix: string) => list.find((o) => o.phonexOrderNumber.endsWith(`-${suffix}`))!.phonexOrderNumber;
  return { invoiced: find('INVC'), shipped: find('SHIP'), paid: find('PAID') };
}

/** Opens a portal URL that answers a file and waits for the browser's download of it. */
async function download(page: Page, url: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.goto(url).catch(() => null)]);
  return { name: file.suggestedFilename(), body: fs.readFileSync((await file.path())!) };
}

async function rowsOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

test.describe('order documents', () => {
  test('the demo buyer downloads the order, its manifest and an invoice, and opens them', async ({ page }) => {
    const { invoiced } = await demoOrders();
    const summary = (await admin('GET', `/orders/${invoiced}`)) as {
      invoices: { invoiceNumber: string }[];
      shipments: { lines: { imeis: string[] }[] }[];
    };
    await openSignedIn(page, `/orders/${invoiced}`, DEMO_BUYER);
    // The EXPORT menu lists the order's documents and opens under its button, not at the far end of the page.
    const exportsButton = page.locator('summary', { hasText: 'EXPORT' });
    await exportsButton.click();
    const menu = page.getByRole('list', { name: `Exports of order ${invoiced}` });
    await expect(menu.getByRole('link')).toHaveText([
      'Manifest',
      ...summary.invoices.map((invoice) => `Invoice ${invoice.invoiceNumber}`),
      'Order',
    ]);
    const [button, list] = [(await exportsButton.boundingBox())!, (await menu.boundingBox())!];
    expect(Math.abs(list.x - button.x), 'the menu starts where its button does').toBeLessThanOrEqual(1);
    expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);

    const order = await download(page, `/orders/${invoiced}/export`);
    expect(order.name).toBe(`order-${invoiced}.xlsx`);
    const orderRows = await rowsOf(order.body);
    expect(orderRows[0]).toEqual([`Order # ${invoiced}`]);
    expect(orderRows).toContainEqual(['Fulfillment Status', 'Invoiced']);
    expect(orderRows).toContainEqual([
      'Item #',
      'Description',
      'Ordered',
      'Canceled',
      'Shipped',
      'Unit Price',
      'Price',
    ]);
    expect(orderRows.some((r) => r.includes('Total'))).toBe(true);

    const manifest = await download(page, `/orders/${invoiced}/manifest`);
    expect(manifest.name).toBe(`manifest-${invoiced}.xlsx`);
    const manifestRows = await rowsOf(manifest.body);
    expect(manifestRows[0]).toEqual(['Tracking Number', 'Item #', 'Description', 'IMEI']);
    const imeis = summary.shipments.flatMap((s) => s.lines.flatMap((l) => l.imeis));
    expect(manifestRows.slice(1).map((r) => r[3])).toEqual(imeis);

    const invoiceNumber = summary.invoices[1]!.invoiceNumber;
    const invoice = await download(page, `/orders/${invoiced}/invoices/${invoiceNumber}`);
    expect(invoice.name).toBe(`invoice-${invoiceNumber}.pdf`);
    expect(invoice.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextRuns(invoice.body).join('\n');
    expect(text).toContain('INVOICE');
    expect(text).toContain(invoiceNumber);
  });

  // Another buyer's documents and a signed-out link: tests/security/order-details-input.test.ts; a
  // manifest without IMEIs: tests/integration/order-documents.test.ts.
});
