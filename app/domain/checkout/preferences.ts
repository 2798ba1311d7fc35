import { BILL_MY_ACCOUNT, REQUEST_A_QUOTE, type CheckoutOptions } from './options';
import {
  EMPTY_SELECTION,
  invalidRows,
  methodsFor,
  ROWS,
  type OrderSize,
  type Row,
  type RowErrors,
  type Selection,
} from './selection';

/** Preferences are for no one order (spec 3 §2.4): no device or credit limit applies, insurance is capped by the tenant's maximum alone. */
export const PREFERENCES_SIZE: OrderSize = { deviceCount: 0, subtotal: null };

/**
 * Spec 3 §5 "Preferences save": every row must hold (a valid shipping method and payment method
 * first of all, with the method's own fields); the errors by row and the first failing row, in
 * screen order, which the page puts in focus. No errors: `first` is null.
 */
export function preferencesErrors(
  selection: Selection,
  options: CheckoutOptions,
): { errors: Partial<Record<Row, RowErrors>>; first: Row | null } {
  const errors = invalidRows(selection, options, PREFERENCES_SIZE);
  return { errors, first: ROWS.find((row) => row in errors) ?? null };
}

/**
 * What is saved of a valid selection: the insurance fields only when the chosen method offers
 * insurance, the carrier account only for bill my account, the quote only for a requested quote,
 * the instructions only where the method takes them.
 */
export function preferencesToSave(selection: Selection, options: CheckoutOptions): Selection {
  const method = methodsFor(options, selection.shippingAddressId, PREFERENCES_SIZE).find(
    (m) => m.code === selection.shippingMethodCode,
  );
  const insurance = Boolean(method?.insuranceAvailable);
  return {
    ...selection,
    insured: insurance ? selection.insured : null,
    insuredAmount: insurance && selection.insured ? selection.insuredAmount : null,
    shippingInstructions: method && !method.ignoreShippingInstructions ? selection.shippingInstructions.trim() : '',
    billMyAccount: method?.code === BILL_MY_ACCOUNT ? selection.billMyAccount : EMPTY_SELECTION.billMyAccount,
    requestAQuote: method?.code === REQUEST_A_QUOTE ? selection.requestAQuote : EMPTY_SELECTION.requestAQuote,
    additionalServiceCodes: [...new Set(selection.additionalServiceCodes)],
  };
}
