import type { Submission } from '@conform-to/react';
import { z } from 'zod';
import { MAX_SHIPPING_INSTRUCTIONS } from '~/domain/checkout/options';
import type { CheckoutOptions } from '~/domain/checkout/options';
import {
  insuranceEntry,
  invalidRows,
  ROWS,
  rowsFieldErrors,
  type OrderSize,
  type Row,
  type RowErrors,
  type Selection,
} from '~/domain/checkout/selection';
import type { FormReply } from '~/components/form-reply';
import { parseTyped, refuseForm } from './conform';
import { fields } from './forms';

const optionalId = z.union([z.literal(''), fields.id]).optional();
const code = z
  .string()
  .max(100)
  .regex(/^[^\u0000-\u001f]*$/)
  .optional();

/** The selection fields every checkout, order and preferences form posts (open rows as inputs, closed ones as hidden fields). */
export const selectionFields = {
  shippingAddressId: optionalId,
  shippingMethodCode: code,
  insured: z.enum(['', 'yes', 'no']).optional(),
  insuredAmount: fields.typed(40),
  // Longer than the screen allows so the rule answers with its own message; far longer is refused.
  shippingInstructions: fields.typed(MAX_SHIPPING_INSTRUCTIONS * 4, 'checkout.errors.instructionsTooLong'),
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

/** The fields of the selection a person types in (all in the shipping method row); the others are choices and hidden fields the page wrote. */
const TYPED: ReadonlySet<string> = new Set([
  'insuredAmount',
  'shippingInstructions',
  'carrier',
  'carrierServiceLevel',
  'carrierAccountNumber',
  'quoteAmount',
]);

type SelectionFormValues = z.infer<z.ZodObject<typeof selectionFields>>;

/** The selection a form posted; the insured amount typed in currency units becomes minor units (anything else keeps the previous one). */
export function selectionFromForm(values: SelectionFormValues, previous: Selection): Selection {
  const insured = insuredOf(values.insured);
  return {
    shippingAddressId: values.shippingAddressId || null,
    shippingMethodCode: values.shippingMethodCode || null,
    insured,
    insuredAmount: insured ? insuranceEntry(values.insuredAmount, previous.insuredAmount) : null,
    shippingInstructions: values.shippingInstructions,
    billMyAccount: {
      carrier: values.carrier,
      serviceLevel: values.carrierServiceLevel,
      accountNumber: values.carrierAccountNumber,
    },
    requestAQuote: { serviceLevel: values.quoteServiceLevel, amount: values.quoteAmount },
    billingAddressId: values.billingAddressId || null,
    paymentMethodCode: values.paymentMethodCode || null,
    additionalServiceCodes: [...new Set(values.service)],
  };
}

const insuredOf = (value: '' | 'yes' | 'no' | undefined) => (value === 'yes' ? true : value === 'no' ? false : null);

/**
 * Parses a checkout, order or preferences form with its schema (the selection fields and the
 * screen's own): a form outside it is a 400 that changes nothing, but for the fields a person types,
 * whose refusal the screen shows beside them (refuseTyped).
 */
export function parseSelectionForm<T extends z.ZodObject<typeof selectionFields>>(
  form: FormData,
  schema: T,
  /** The screen's own fields a person types in (the checkout's reference). */
  alsoTyped: readonly string[] = [],
) {
  return parseTyped(form, schema, alsoTyped.length ? new Set([...TYPED, ...alsoTyped]) : TYPED);
}

/** The selection a form posted, the one the page showed (the basis of the reset rules), the open rows and the notices the browser raised. */
export function selectionOf(values: SelectionFormValues, previous: Selection) {
  const shown: Selection = {
    ...previous,
    shippingAddressId: values.wasShippingAddressId || null,
    shippingMethodCode: values.wasShippingMethodCode || null,
    insured: insuredOf(values.wasInsured),
    billMyAccount: { ...previous.billMyAccount, carrier: values.wasCarrier },
    // Forms from before these fields were shown keep the saved ones.
    billingAddressId:
      values.wasBillingAddressId === undefined ? previous.billingAddressId : values.wasBillingAddressId || null,
    paymentMethodCode:
      values.wasPaymentMethodCode === undefined ? previous.paymentMethodCode : values.wasPaymentMethodCode || null,
  };
  return {
    selection: selectionFromForm(values, previous),
    shown,
    open: [...new Set(values.open)] as Row[],
    raised: [...new Set(values.notice)] as Row[],
  };
}

/** The rows as a refused form shows them again: the choice as the rules made it, the rows open, the first to focus, the notices beside rows, the rows that blocked a release. */
export interface RowsState {
  selection: Selection;
  open: Row[];
  focus?: Row;
  notices?: Row[];
  blocked?: Row[];
  /** A refused DONE: the row whose button was pressed, where the reason is said and focused, and the rows of its pair still to finish. */
  done?: { row: Row; unfinished: Row[] };
}

/** A refused selection form: Conform's last result (the errors under the form's field names) and the rows' state. */
export type RowsReply = FormReply & { kind: 'rows'; rows: RowsState };

/** The rows refused by their rules, answered as the form's reply (with `extra`, what else the screen shows again). */
export function refuseRows(
  form: string,
  submission: Submission<unknown>,
  { errors, ...rows }: RowsRefusal,
  {
    status,
    formErrors,
    fieldErrors,
    extra = {},
  }: {
    status?: 400 | 502;
    formErrors?: string[];
    /** Errors of the screen's own fields, beside the rows' (the checkout's reference). */
    fieldErrors?: Record<string, string[]>;
    extra?: Record<string, unknown>;
  } = {},
) {
  return refuseForm(
    form,
    submission,
    { fieldErrors: { ...rowsFieldErrors(errors), ...fieldErrors }, formErrors, status },
    { ...extra, kind: 'rows' as const, rows: rows satisfies RowsState },
  );
}

/**
 * A typed field refused by the schema (only a page that is not ours sends one past its length): the
 * rows show again from `previous` with the shipping method row, where those fields are, open.
 */
export function refuseTyped(form: string, submission: Submission<unknown>, previous: Selection, posted: FormData) {
  const open = ROWS.filter((row) => row === 'shippingMethod' || posted.getAll('open').includes(row));
  return refuseForm(
    form,
    submission,
    {},
    { kind: 'rows' as const, rows: { selection: previous, open, focus: 'shippingMethod' } satisfies RowsState },
  );
}

/** The rows' answer when DONE found errors: the rows left open (the refused ones too), their errors, the first to focus. */
export interface RowsRefusal extends RowsState {
  errors: Partial<Record<Row, RowErrors>>;
}

/** The fields of a shipping method the page did not show: without scripts a method chosen in this very post shows its own fields only in the answer. */
const METHOD_OWN_FIELDS = [
  'requestAQuote.serviceLevel',
  'requestAQuote.amount',
  'billMyAccount',
  'billMyAccount.carrier',
  'billMyAccount.serviceLevel',
  'billMyAccount.accountNumber',
];

/** The errors of the fields the buyer saw: a method's own fields that were not on the page are not in red before anything was typed in them. */
function seenErrors(errors: RowErrors | undefined, shown: Selection, edited: Selection): RowErrors {
  if (!errors || shown.shippingMethodCode === edited.shippingMethodCode) return errors ?? {};
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !METHOD_OWN_FIELDS.includes(field)));
}

/**
 * DONE of a row (`pressed`): the rows it closes (its pair) checked by the rules of spec 3 §5 on what
 * was posted. Answers the refusal, or the page to go back to with those rows closed (but `keepOpen`)
 * and the others still open, and the notices beside the rows (`?notice=`). A refusal shows the errors
 * of the pressed row's fields only, and of those only the fields the page showed (`shown`, the
 * selection it was drawn from): the other row of the pair, which the buyer has not touched (a new
 * address reset its method), and a new method's own fields, are named beside the pressed DONE and
 * show their errors at the next DONE.
 */
export function doneRows(
  request: Request,
  pressed: Row,
  closing: readonly Row[],
  edited: Selection,
  open: readonly Row[],
  options: CheckoutOptions,
  size: OrderSize,
  shown: Selection,
  { keepOpen = [], notices = [] }: { keepOpen?: readonly Row[]; notices?: readonly Row[] } = {},
): { refused: RowsRefusal } | { next: string } {
  const errors = invalidRows(edited, options, size, closing);
  if (Object.keys(errors).length) {
    const pressedErrors = seenErrors(errors[pressed], shown, edited);
    return {
      refused: {
        selection: edited,
        open: ROWS.filter((r) => open.includes(r) || r in errors || keepOpen.includes(r) || r === pressed),
        errors: { [pressed]: pressedErrors },
        done: { row: pressed, unfinished: ROWS.filter((r) => r in errors) },
        notices: [...notices],
      },
    };
  }
  const stillOpen = ROWS.filter((r) => (open.includes(r) && !closing.includes(r)) || keepOpen.includes(r));
  const search = new URLSearchParams([
    ...stillOpen.map((row) => ['edit', row]),
    ...notices.map((row) => ['notice', row]),
  ]);
  return { next: `${new URL(request.url).pathname}${search.size ? `?${search}` : ''}` };
}
