import { z } from 'zod';
import { MAX_SHIPPING_INSTRUCTIONS } from '~/domain/checkout/options';
import type { CheckoutOptions } from '~/domain/checkout/options';
import { insuranceEntry, invalidRows, ROWS, type OrderSize, type Row, type RowErrors, type Selection } from '~/domain/checkout/selection';
import { fields, parseForm } from './forms';

const optionalId = z.union([z.literal(''), fields.id]).optional();
const code = z.string().max(100).regex(/^[^\u0000-\u001f]*$/).optional();

/** The selection fields every checkout and preferences form posts (open rows as inputs, closed ones as hidden fields). */
export const selectionFields = {
  shippingAddressId: optionalId,
  shippingMethodCode: code,
  insured: z.enum(['', 'yes', 'no']).optional(),
  insuredAmount: fields.typed(40),
  // Longer than the screen allows so the rule answers with its own message; far longer is refused.
  shippingInstructions: z.string().max(MAX_SHIPPING_INSTRUCTIONS * 4).default(''),
  carrier: fields.typed(100),
  carrierServiceLevel: fields.typed(100),
  carrierAccountNumber: fields.typed(100),
  quoteServiceLevel: fields.typed(100),
  quoteAmount: fields.typed(40),
  billingAddressId: optionalId,
  paymentMethodCode: code,
  service: fields.many(z.string().max(100)),
  open: fields.many(z.enum(ROWS)),
  // What the page showed when it was posted: the reset rules compare the post with it, not with what was saved.
  wasShippingAddressId: optionalId,
  wasShippingMethodCode: code,
  wasInsured: z.enum(['', 'yes', 'no']).optional(),
  wasCarrier: fields.typed(100),
  wasBillingAddressId: optionalId,
  wasPaymentMethodCode: code,
  // The notices the browser raised since the last answer (a reset it applied at once).
  notice: fields.many(z.enum(ROWS)),
};

export const selectionForm = z.object(selectionFields);
type SelectionFormValues = z.infer<typeof selectionForm>;

/** The selection a form posted; the insured amount typed in currency units becomes minor units (anything else keeps the previous one). */
export function selectionFromForm(values: SelectionFormValues, previous: Selection): Selection {
  const insured = insuredOf(values.insured);
  return {
    shippingAddressId: values.shippingAddressId || null,
    shippingMethodCode: values.shippingMethodCode || null,
    insured,
    insuredAmount: insured ? insuranceEntry(values.insuredAmount, previous.insuredAmount) : null,
    shippingInstructions: values.shippingInstructions,
    billMyAccount: { carrier: values.carrier, serviceLevel: values.carrierServiceLevel, accountNumber: values.carrierAccountNumber },
    requestAQuote: { serviceLevel: values.quoteServiceLevel, amount: values.quoteAmount },
    billingAddressId: values.billingAddressId || null,
    paymentMethodCode: values.paymentMethodCode || null,
    additionalServiceCodes: [...new Set(values.service)],
  };
}

const insuredOf = (value: '' | 'yes' | 'no' | undefined) => (value === 'yes' ? true : value === 'no' ? false : null);

/**
 * Parses the selection fields of a checkout or preferences form (a form outside them is a 400):
 * the selection posted, the one the page showed (the basis of the reset rules) and the open rows.
 */
export function parseSelectionForm(form: FormData, previous: Selection) {
  const values = parseForm(form, selectionForm);
  const shown: Selection = {
    ...previous,
    shippingAddressId: values.wasShippingAddressId || null,
    shippingMethodCode: values.wasShippingMethodCode || null,
    insured: insuredOf(values.wasInsured),
    billMyAccount: { ...previous.billMyAccount, carrier: values.wasCarrier },
    // Forms from before these fields were shown keep the saved ones.
    billingAddressId: values.wasBillingAddressId === undefined ? previous.billingAddressId : values.wasBillingAddressId || null,
    paymentMethodCode: values.wasPaymentMethodCode === undefined ? previous.paymentMethodCode : values.wasPaymentMethodCode || null,
  };
  return { selection: selectionFromForm(values, previous), shown, open: [...new Set(values.open)] as Row[], raised: [...new Set(values.notice)] as Row[] };
}

/** The rows' answer when DONE found errors: the rows left open (the refused ones too), their errors, the first to focus. */
export interface RowsRefusal {
  selection: Selection;
  open: Row[];
  errors: Partial<Record<Row, RowErrors>>;
  focus?: Row;
  notices?: Row[];
}

/**
 * DONE of a row: the rows it closes (its pair) checked by the rules of spec 3 §5 on what was posted.
 * Answers the refusal, or the page to go back to with those rows closed (but `keepOpen`) and the
 * others still open, and the notices beside the rows (`?notice=`).
 */
export function doneRows(
  request: Request,
  closing: readonly Row[],
  edited: Selection,
  open: readonly Row[],
  options: CheckoutOptions,
  size: OrderSize,
  { keepOpen = [], notices = [] }: { keepOpen?: readonly Row[]; notices?: readonly Row[] } = {},
): { refused: RowsRefusal } | { next: string } {
  const errors = invalidRows(edited, options, size, closing);
  if (Object.keys(errors).length) {
    return { refused: { selection: edited, open: ROWS.filter((r) => open.includes(r) || r in errors || keepOpen.includes(r)), errors, focus: closing.find((r) => r in errors), notices: [...notices] } };
  }
  const stillOpen = ROWS.filter((r) => (open.includes(r) && !closing.includes(r)) || keepOpen.includes(r));
  const search = new URLSearchParams([...stillOpen.map((row) => ['edit', row]), ...notices.map((row) => ['notice', row])]);
  return { next: `${new URL(request.url).pathname}${search.size ? `?${search}` : ''}` };
}

