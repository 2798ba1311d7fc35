import { chargeLinesSum, NO_CHARGES as NOTHING_CHARGED, type Charges } from '../checkout/charges';
import { pick } from '../pick';
import { NO_FEES, type RacFees } from './fees';
import { accountDueDate } from './payment-collection';

/** The order's charges an invoice carries, minor units: the first invoice of an order carries them all. */
export type InvoiceCharges = Pick<
  Charges,
  | 'additionalServicesFee'
  | 'freight'
  | 'freightDiscount'
  | 'promotion'
  | 'insurance'
  | 'tax'
  | 'taxDescription'
  | 'paymentFee'
> &
  /** The fees charged on the order; an invoice kept before fees were charged has none. */
  Partial<RacFees>;

/** The charge lines between an order's goods and its total. */
export const INVOICE_CHARGE_KEYS = [
  'additionalServicesFee',
  'freight',
  'freightDiscount',
  'promotion',
  'insurance',
  'tax',
  'taxDescription',
  'paymentFee',
  'reservationFee',
  'cancellationFee',
] as const;

/** An order's charges as an invoice carries them. */
const invoiceChargesOf = (order: InvoiceCharges): InvoiceCharges => pick(order, INVOICE_CHARGE_KEYS);

export const NO_CHARGES = invoiceChargesOf({ ...NOTHING_CHARGED, ...NO_FEES });

/** The charges of an order that an invoice made now carries: all of them on the first invoice, none on the others. */
export const chargesToInvoice = (order: InvoiceCharges, earlierInvoices: number): InvoiceCharges =>
  earlierInvoices > 0 ? NO_CHARGES : invoiceChargesOf(order);

/** What the charges add to an invoice's goods. */
export const chargesSum = (c: InvoiceCharges) => chargeLinesSum({ ...c, subtotal: 0 });

export type InvoiceChargeKey =
  | 'additionalServicesFee'
  | 'freight'
  | 'freightDiscount'
  | 'insurance'
  | 'tax'
  | 'paymentFee'
  | 'reservationFee'
  | 'cancellationFee'
  | 'otherCharges';
export type ChargeLine = { key: InvoiceChargeKey; amount: number; description?: string };

/** Every charge under the goods, in the order every surface lists them (a discount is negative). */
const chargeLinesOf = (c: InvoiceCharges): ChargeLine[] => [
  { key: 'additionalServicesFee', amount: c.additionalServicesFee },
  { key: 'freight', amount: c.freight },
  { key: 'freightDiscount', amount: -c.freightDiscount, description: c.promotion },
  { key: 'insurance', amount: c.insurance },
  { key: 'tax', amount: c.tax, description: c.taxDescription },
  { key: 'paymentFee', amount: c.paymentFee },
  { key: 'reservationFee', amount: c.reservationFee ?? 0 },
  { key: 'cancellationFee', amount: c.cancellationFee ?? 0 },
];

/**
 * The charge lines an invoice shows under its goods, each on its own line, none of 0. An invoice made
 * before the charges were kept on it (null) shows what it added beyond its goods as one line, the
 * only thing known of it.
 */
export function invoiceChargeLines(invoice: {
  amount: number;
  goods: number;
  charges: InvoiceCharges | null;
}): ChargeLine[] {
  if (!invoice.charges)
    return invoice.amount !== invoice.goods ? [{ key: 'otherCharges', amount: invoice.amount - invoice.goods }] : [];
  return chargeLinesOf(invoice.charges).filter((line) => line.amount !== 0);
}

/** The charge lines of a whole order under its subtotal: the freight always (a pick-up's 0 too), the others when not 0. */
export const orderChargeLines = (order: InvoiceCharges): ChargeLine[] =>
  chargeLinesOf(order).filter((line) => line.key === 'freight' || line.amount !== 0);

/**
 * When an invoice is due, from what the marketplace says of the order's payment method: on terms
 * (`termsDays`), that many days after the invoice; paid before shipping, by the end of the order's
 * grace period to pay when it has one, else on the invoice's date (on receipt).
 */
export function invoiceDueDate(
  method: { termsDays?: number | null } | undefined,
  invoicedAt: Date,
  gracePeriodEnd: Date | null,
): Date {
  return (
    accountDueDate({ paidBeforeShipping: false, termsDays: method?.termsDays ?? null }, invoicedAt) ??
    gracePeriodEnd ??
    invoicedAt
  );
}
