import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargeLinesSum } from '../../app/domain/checkout/charges';
import { chargesSum } from '../../app/domain/orders/invoice';
import { SAVED_CHARGE_KEYS } from '../../server/marketplace/services/checkout/checkout';
import { formatMinor, type MoneyFormat } from '../../app/domain/money';
import { orderInvoices, orders } from '../../server/marketplace/db/schema';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { writeSetting } from '../../server/marketplace/services/shared/settings';
import { chosenSelection, ordering, testMarketplace } from './support/ordering';
import { pdfTextRuns } from './support/pdf-text';
import { readOutbox } from './harness';

/**
 * The money walk (issue 51): orders placed with each payment method and shipping kind (insured and
 * not, a free-shipping promotion, pick-up, a requested quote, added to, edited by the seller, paid and
 * partly refunded), then every surface that shows their money read back: the checkout's charges, the
 * thank-you page's summary, the order page, the orders list, the order's spreadsheet and its invoice
 * PDF. Every amount must be the order's charge rows and the ledger's, and every set of lines must add
 * up to its total, in the tenant's currency; and the e-mail sent when an order is placed or added to.
 */
const pick = (o: Record<string, unknown>) => Object.fromEntries(SAVED_CHARGE_KEYS.map((k) => [k, o[k]]));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

for (const tenant of [
  { file: 'config/tenants/demo.json', home: 'MIA' },
  { file: 'config/tenants/second.json', home: 'ROT' },
]) {
  const config = loadTenantConfig(tenant.file);
  const money: MoneyFormat = {
    locale: config.language,
    currencyCode: config.currencyCode,
    currencySymbol: config.currencySymbol,
    currencyPrecision: config.currencyPrecision,
  };
  const shown = (minor: number) => plain(formatMinor(minor, money));

  describe(`the money walk in ${config.currencyCode} (${config.tenant_id})`, () => {
    const started = testMarketplace({ items: 300, config });
    const api = ordering(started, `walk-${config.tenant_id}`, tenant.home);
    const call = (...args: Parameters<ReturnType<typeof started>['call']>) => started().call(...args);

    /** Every surface of order `n` read back against its charge rows and its ledger. */
    async function walk(
      token: string,
      n: string,
      expected: { insured?: boolean; promotion?: boolean; quote?: boolean; mailed?: boolean } = {},
    ) {
      const row = await api.orderRow(n);
      const ledger = await api.ledgerOf(n);
      const charges = pick(row as unknown as Record<string, unknown>);
      // The rows add up.
      expect(chargeLinesSum(row), `${n}: the charge rows add up to the total`).toBe(row.total);
      if (expected.insured) expect(row.insurance, `${n}: insurance on its own line`).toBeGreaterThan(0);
      if (expected.promotion) expect(row.freightDiscount, `${n}: the promotion waives the freight`).toBe(row.freight);
      if (expected.promotion) expect(row.promotion).not.toBe('');
      if (expected.quote) expect(row.freightUndefined).toBe(true);
      const signed = (kind: string) => (kind === 'REFUND' ? -1 : 1);
      const paid = ledger.reduce((sum, entry) => sum + signed(entry.kind) * entry.amount, 0);

      // The thank-you page's summary.
      const summary = (await call('GET', `/orders/${n}/summary`, { token })).body;
      expect(pick(summary.charges), `${n}: thank-you page`).toEqual(charges);
      expect(summary.payment.amountPaid, `${n}: thank-you page, paid`).toBe(paid);
      expect(summary.lineItems.reduce((s: number, l: { extendedPrice: number }) => s + l.extendedPrice, 0)).toBe(
        row.subtotal,
      );

      // The order page.
      const details = (await call('GET', `/orders/${n}`, { token })).body;
      expect(pick(details.salesOrder.charges), `${n}: order page`).toEqual(charges);
      expect(details.salesOrder.payment.amountPaid, `${n}: order page, paid`).toBe(paid);
      expect(
        details.salesOrder.payment.balanceDue - details.salesOrder.payment.creditDue,
        `${n}: owed = total − paid`,
      ).toBe(row.total - paid);
      expect(
        details.salesOrder.paymentHistory.map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
        `${n}: the order page's payment history is the ledger, row by row`,
      ).toEqual(ledger.map((entry) => [entry.kind, entry.amount]));

      // The orders list.
      const list = (await call('GET', `/orders?search=${encodeURIComponent(n)}`, { token })).body;
      const listed =
        list.items?.find((i: { phonexOrderNumber: string }) => i.phonexOrderNumber === n) ??
        list.salesOrders?.find((i: { phonexOrderNumber: string }) => i.phonexOrderNumber === n);
      expect(listed, `${n}: in the orders list`).toBeTruthy();
      expect(listed.total, `${n}: orders list total`).toBe(row.total);

      // The order's spreadsheet: each charge on its own line, and the lines add up to the total.
      const exported = await started().harness.marketplace.fetch(
        new Request(`http://m/px-api-gateway/orders/${n}/export`, { headers: { authorization: `Bearer ${token}` } }),
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const totals: [string, number][] = [];
      const historyRows: number[] = [];
      sheet.eachRow((r) => {
        const label = r.getCell(6).value;
        const value = r.getCell(7).value;
        if (typeof label === 'string' && typeof value === 'number' && r.getCell(1).value === null)
          totals.push([label, Math.round(value * 100)]);
        // The payment history's rows: a date and a description, and the amount (an item line has quantities).
        if (typeof r.getCell(1).value === 'string' && r.getCell(3).value === null && typeof value === 'number')
          historyRows.push(Math.round(value * 100));
      });
      expect(historyRows, `${n}: the spreadsheet's payment history is the ledger, row by row`).toEqual(
        ledger.map((entry) => signed(entry.kind) * entry.amount),
      );
      const byLabel = new Map(totals);
      const totalIndex = totals.findIndex(
        ([, v], i) => i > 0 && v === row.total && totals.slice(0, i).reduce((s, [, x]) => s + x, 0) === row.total,
      );
      expect(
        totalIndex,
        `${n}: the spreadsheet's lines ${JSON.stringify(totals)} add up to ${row.total}`,
      ).toBeGreaterThan(0);
      if (row.insurance) expect([...byLabel.values()]).toContain(row.insurance);
      if (row.freightDiscount) expect([...byLabel.values()]).toContain(-row.freightDiscount);
      for (const fee of [row.reservationFee, row.cancellationFee].filter((a) => a !== 0))
        expect([...byLabel.values()], `${n}: a fee on its own line`).toContain(fee);
      expect(byLabel.get([...byLabel.keys()].at(-1)!), `${n}: balance in the spreadsheet`).toBe(
        Math.abs(row.total - paid),
      );

      // The invoices: each charge on its own line, and the first carries the order's charges.
      const invoices = await started()
        .harness.database.db.select()
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, row.id))
        .orderBy(orderInvoices.id);
      for (const [index, invoice] of invoices.entries()) {
        const goods = invoice.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
        const pdf = await started().harness.marketplace.fetch(
          new Request(`http://m/px-api-gateway/orders/${n}/invoices/${invoice.invoiceNumber}`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        );
        const runs = pdfTextRuns(Buffer.from(await pdf.arrayBuffer())).map(plain);
        const c = invoice.charges!;
        expect(goods + chargesSum(c), `${invoice.invoiceNumber} adds up`).toBe(invoice.amount);
        if (index === 0)
          expect(c).toEqual({
            additionalServicesFee: row.additionalServicesFee,
            freight: row.freight,
            freightDiscount: row.freightDiscount,
            promotion: row.promotion,
            insurance: row.insurance,
            tax: row.tax,
            taxDescription: row.taxDescription,
            paymentFee: row.paymentFee,
            reservationFee: row.reservationFee,
            cancellationFee: row.cancellationFee,
          });
        for (const amount of [
          goods,
          c.freight,
          -c.freightDiscount,
          c.insurance,
          c.tax,
          c.paymentFee,
          c.reservationFee ?? 0,
          c.cancellationFee ?? 0,
          c.additionalServicesFee,
          invoice.amount,
        ].filter((a) => a !== 0)) {
          expect(runs, `${invoice.invoiceNumber}: ${shown(amount)} printed`).toContain(shown(amount));
        }
      }
      // The e-mail sent when the order was placed or added to: its lines and every charge, in the tenant's currency.
      if (expected.mailed) {
        const mail = readOutbox(started().harness.outboxDir)
          .filter((m) => m.subject.includes(n))
          .at(-1);
        expect(mail, `${n}: an e-mail with its charges`).toBeTruthy();
        const text = plain(mail!.text);
        for (const line of summary.lineItems as { extendedPrice: number }[])
          expect(text).toContain(shown(line.extendedPrice));
        const lines = text.split('\n').filter((l) => /: -?[\d$€]/.test(l) && !l.includes(' × '));
        const amounts = [
          row.subtotal,
          row.additionalServicesFee,
          row.freightUndefined ? 0 : row.freight,
          -row.freightDiscount,
          row.insurance,
          row.tax,
          row.paymentFee,
        ].filter((a) => a !== 0);
        for (const a of amounts)
          expect(
            lines.some((l) => l.endsWith(`: ${shown(a)}`)),
            `${n}: the e-mail shows ${shown(a)} on a line of its own: ${lines.join(' | ')}`,
          ).toBe(true);
        expect(lines.at(-1)!.endsWith(`: ${shown(row.total)}`), `${n}: the e-mail's total`).toBe(true);
      }
      return { row, paid };
    }

    it('the cart’s free-shipping banner is the rule the checkout applies, whatever text is stored; the sales banner only with its rule', async () => {
      const token = await api.newBuyer();
      const rule = config.marketplace.promotions[0] as { minSubtotal: number };
      // A stored text that promises something else is not shown: the message is made from the rule.
      await writeSetting(started().harness.database.db, 'cart-settings', {
        systemMessages: {
          freeShippingMessage: { display: true, defaultMessage: 'Free shipping on everything!' },
          offerClearingSchedule: { display: true, defaultMessage: 'Weekdays.' },
        },
      });
      const settings = (await call('GET', '/cart/settings', { token })).body.systemMessages;
      expect(settings.freeShippingMessage.display).toBe(true);
      expect(plain(settings.freeShippingMessage.defaultMessage)).toContain(shown(rule.minSubtotal));
      expect(settings.freeShippingMessage.defaultMessage).not.toContain('everything');
      expect(settings.offerClearingSchedule.defaultMessage).toBe('Weekdays.');
      const publicConfig = (await call('GET', '/saas-config')).body;
      expect(publicConfig.salesBanner?.promotion).toBe(config.salesBanner?.promotion);
    });

    it('wire transfer, standard shipping insured, above the free-shipping amount: freight waived on a line that says why, insurance on its own', async () => {
      const token = await api.newBuyer();
      const subtotalWanted = (config.marketplace.promotions[0] as { minSubtotal: number }).minSubtotal;
      const [offerId] = await api.cartOffers(token, 40, 1);
      const handOff = await call('POST', `/cart/cart-checkout/${tenant.home}`, { token, body: [offerId] });
      const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
      expect(payload.charges.subtotal, 'the order is above the promotion’s amount').toBeGreaterThan(subtotalWanted);
      const selection = chosenSelection(payload, {
        paymentMethodCode: 'WIRE_TRANSFER',
        insured: true,
        insuredAmount: payload.charges.subtotal,
      });
      // The checkout's summary: what calculate-charges answers is what the order is charged.
      const quoted = (
        await call('POST', `/checkout/${handOff.body.checkoutId}/calculate-charges`, { token, body: { selection } })
      ).body;
      expect(chargeLinesSum(quoted)).toBe(quoted.total);
      expect(quoted.freightDiscount).toBe(quoted.freight);
      const submitted = await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, {
        token,
        body: { submissionKey: payload.submissionKey, readyToRelease: true, selection },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const n = submitted.body.phonexOrderNumber as string;
      const { row } = await walk(token, n, { insured: true, promotion: true, mailed: true });
      expect(pick(row as unknown as Record<string, unknown>)).toEqual({
        ...pick(quoted),
        freightUndefined: false,
        reservationFee: 0,
        cancellationFee: 0,
      });
      // Shipped, invoiced and partly paid by wire: the invoice carries every charge, the ledger the payment.
      expect(
        (await call('POST', `/admin/orders/${n}/ship`, { body: { trackingNumber: `T-${n}` } })).status,
      ).toBeLessThan(300);
      expect((await call('POST', `/admin/orders/${n}/invoice`, { body: {} })).status).toBeLessThan(300);
      expect(
        (
          await call('POST', `/admin/orders/${n}/payments`, {
            body: { amount: Math.floor(row.total / 3), reference: `WIRE-${n}` },
          })
        ).status,
      ).toBeLessThan(300);
      await walk(token, n, { insured: true, promotion: true });
    }, 60_000);

    it('a buyer’s change keeps the promotions of the day the order was placed, not today’s', async () => {
      const token = await api.newBuyer();
      const n = await api.placed(token, 40, 13, { paymentMethodCode: 'WIRE_TRANSFER' });
      expect((await api.orderRow(n)).freightDiscount, 'free shipping earned today').toBeGreaterThan(0);
      // As if placed before the rule began: a change of it is charged by the rules of that day.
      const rule = config.marketplace.promotions[0]!;
      await started()
        .harness.database.db.update(orders)
        .set({ createdAt: new Date(Date.parse(rule.validFrom!) - 86_400_000) })
        .where(eq(orders.phonexOrderNumber, n));
      const details = (await call('GET', `/orders/${n}`, { token })).body;
      const item = details.salesOrder.items[0];
      const changed = await call('PUT', `/orders/${n}/draft`, {
        token,
        body: { change: { kind: 'line', lineId: item.id, quantity: '39' } },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const preview = (await call('GET', `/orders/${n}`, { token })).body.preview.charges;
      expect(preview.freightDiscount).toBe(0);
      expect(chargeLinesSum(preview)).toBe(preview.total);
    }, 60_000);

    it('net 30 terms, standard not insured, below the promotion; then added to and edited by the seller', async () => {
      const token = await api.newBuyer();
      const n = await api.placed(token, 2, 3, { paymentMethodCode: 'TERMS_NET_30' });
      const first = await walk(token, n, { mailed: true });
      expect(first.row.freightDiscount).toBe(0);
      expect(first.row.insurance).toBe(0);
      // Added to: held first so that it takes a cart (on hold), then the cart added.
      expect((await call('POST', `/admin/orders/${n}/status`, { body: { status: 'ON_HOLD' } })).status).toBeLessThan(
        300,
      );
      const added = await api.addToOrder(token, n, 1, 5, tenant.home);
      expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
      const grown = await walk(token, n, { mailed: true });
      expect(grown.row.subtotal).toBeGreaterThan(first.row.subtotal);
      // Edited: the seller cancels a unit; the charges are worked out again and still add up.
      const line = (await call('GET', `/orders/${n}/summary`, { token })).body.lineItems[0];
      expect(
        (
          await call('POST', `/admin/orders/${n}/cancel-lines`, {
            body: { lines: [{ itemNumberWarehouse: line.itemNumberWarehouse, quantity: 1 }] },
          })
        ).status,
      ).toBeLessThan(300);
      const edited = await walk(token, n);
      expect(edited.row.subtotal).toBeLessThan(grown.row.subtotal);
    }, 60_000);

    it('paid late by wire: the reservation fee run up, then canceled with the cancellation fee: each on its own line everywhere', async () => {
      const token = await api.newBuyer();
      const n = await api.placed(token, 2, 15, { paymentMethodCode: 'WIRE_TRANSFER' });
      const terms = { graceDaysAgo: 2, reservationFeeRate: 50, cancellationFeeRate: 100, racFeeAgreed: true };
      expect((await call('POST', `/admin/order-terms/${n}`, { body: terms })).status).toBeLessThan(300);
      const late = await walk(token, n);
      expect(late.row.reservationFee, 'two days of fees charged').toBeGreaterThan(0);
      const version = (await api.orderRow(n)).version;
      expect((await call('PUT', `/orders/${n}`, { token, body: { version, action: 'CANCEL' } })).status).toBe(200);
      const canceled = await walk(token, n);
      expect(canceled.row).toMatchObject({ status: 'CANCELED', subtotal: 0, reservationFee: late.row.reservationFee });
      expect(canceled.row.cancellationFee).toBeGreaterThan(0);
      expect(canceled.row.total).toBe(canceled.row.reservationFee + canceled.row.cancellationFee);
    }, 60_000);

    it('cash on delivery, picked up at the warehouse: no freight, no insurance, taxed where the warehouse is', async () => {
      const token = await api.newBuyer();
      const n = await api.placed(token, 3, 7, {
        paymentMethodCode: 'COD',
        shippingMethodCode: 'LOCAL_PICKUP',
        insured: null,
      });
      const { row } = await walk(token, n, { mailed: true });
      expect(row).toMatchObject({ freight: 0, insurance: 0, freightDiscount: 0 });
    }, 60_000);

    it('paid through the integrated payment with express shipping insured, then partly refunded', async () => {
      const token = await api.newBuyer();
      const n = await api.placed(token, 2, 9, {
        paymentMethodCode: 'INTEGRATED_PAYPAL',
        shippingMethodCode: 'ACME_EXPRESS_SHIPPING',
        insured: true,
        insuredAmount: 100_00,
      });
      await api.pay(token, n);
      const paid = await walk(token, n, { insured: true });
      expect(paid.paid).toBe(paid.row.total);
      expect(
        (await call('POST', `/admin/orders/${n}/refunds`, { body: { amount: 10_00, reference: `REF-${n}` } })).status,
      ).toBeLessThan(300);
      const refunded = await walk(token, n, { insured: true });
      expect(refunded.paid).toBe(paid.row.total - 10_00);
    }, 60_000);

    it('a requested quote: the freight is to be quoted, and every surface says the same', async () => {
      const token = await api.newBuyer();
      const [offerId] = await api.cartOffers(token, 2, 11);
      const handOff = await call('POST', `/cart/cart-checkout/${tenant.home}`, { token, body: [offerId] });
      const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
      const address = payload.options.shippingAddresses.find((a: { shippingMethodCodes: string[] }) =>
        a.shippingMethodCodes.includes('REQUEST_A_QUOTE'),
      );
      expect(address, 'an address that asks for a quote').toBeTruthy();
      const selection = chosenSelection(payload, {
        shippingAddressId: address.id,
        shippingMethodCode: 'REQUEST_A_QUOTE',
        insured: null,
        paymentMethodCode: 'WIRE_TRANSFER',
        requestAQuote: { serviceLevel: payload.options.requestAQuote.serviceLevels[0], amount: '150' },
      });
      const submitted = await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, {
        token,
        body: { submissionKey: payload.submissionKey, readyToRelease: true, selection },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      await walk(token, submitted.body.phonexOrderNumber, { quote: true, mailed: true });
    }, 60_000);
  });
}
