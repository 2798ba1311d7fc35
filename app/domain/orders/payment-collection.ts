import { DAY_MS } from './fees';

/**
 * How the tenant collects a payment method (issue 51): paid before the order ships (wire, the
 * integrated payment), where the grace period to pay, its reservation and cancellation fees and the
 * late-payment box apply; or on account (net terms), due a number of days from the invoice, where
 * they do not. A method the tenant keeps without these fields is paid before shipping.
 */
export interface PaymentCollection {
  paidBeforeShipping: boolean;
  /** Days from the invoice to pay an on-account method; null when the method is not on terms. */
  termsDays: number | null;
}

export const PAID_BEFORE_SHIPPING: PaymentCollection = { paidBeforeShipping: true, termsDays: null };

/** The collection of the order's payment method, from the tenant's methods (none chosen, or unknown: paid before shipping). */
export function collectionOf(
  methods: readonly (Partial<PaymentCollection> & { code: string })[],
  code: string | null,
): PaymentCollection {
  const method = code === null ? undefined : methods.find((m) => m.code === code);
  if (!method) return PAID_BEFORE_SHIPPING;
  return { paidBeforeShipping: method.paidBeforeShipping ?? true, termsDays: method.termsDays ?? null };
}

/** When an on-account order is due: `termsDays` after its first invoice; null before it is invoiced. */
export function accountDueDate(collection: PaymentCollection, invoicedAt: Date | null): Date | null {
  if (collection.termsDays === null || invoicedAt === null) return null;
  return new Date(invoicedAt.getTime() + collection.termsDays * DAY_MS);
}

/** Payment statuses of an order that still owes something. */
export const OWING_PAYMENT = ['UNPAID', 'PARTIALLY_PAID', 'AWAITING_PAYMENT', 'FAILED'];

/** What an on-account order's page says about when it is due. */
export interface AccountTerms {
  termsDays: number;
  /** The first invoice's date (ISO); null while the order is not invoiced. */
  invoicedAt: string | null;
  dueDate: string | null;
  /** Due date passed with something still owed. */
  overdue: boolean;
  /** The tenant's terms name the buyer's current account as where payment is collected. */
  useCurrentAccountTextForPayment: boolean;
}

/** The terms an order on account shows; null for a method paid before shipping, or for an order that owes nothing (paid, cancelled). */
export function accountTermsOf(
  collection: PaymentCollection,
  order: { status: string; paymentStatus: string; invoicedAt: Date | null },
  useCurrentAccountTextForPayment: boolean,
  now: Date,
): AccountTerms | null {
  if (collection.termsDays === null || order.status === 'CANCELED' || !OWING_PAYMENT.includes(order.paymentStatus))
    return null;
  const due = accountDueDate(collection, order.invoicedAt);
  return {
    termsDays: collection.termsDays,
    invoicedAt: order.invoicedAt?.toISOString() ?? null,
    dueDate: due?.toISOString() ?? null,
    overdue: due !== null && due.getTime() <= now.getTime(),
    useCurrentAccountTextForPayment,
  };
}
