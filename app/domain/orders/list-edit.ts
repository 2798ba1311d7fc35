import { REFERENCE } from './reference';
import type { OrderListColumnType, OrderListField } from './settings';

/**
 * Editable cells of the orders list (spec 3 §2.5): "Editable table cells are validated per column
 * type; the default message is 'Invalid Input'." The buyer's own reference (refOrderNumber, their
 * purchase-order number) is the one field a buyer edits from the list; the other types' rules are
 * here for columns a tenant may make editable later.
 */
export const EDITABLE_ORDER_LIST_FIELDS: readonly OrderListField[] = ['refOrderNumber'];
export const isEditableField = (field: OrderListField) => EDITABLE_ORDER_LIST_FIELDS.includes(field);

/** The spec's default message for a cell that fails its column type's rule. */
export const INVALID_INPUT = 'orders.list.invalidInput';

const RULES: Record<OrderListColumnType, RegExp> = {
  // The buyer's reference, the one id a buyer edits: the same rule as at checkout.
  id: REFERENCE,
  text: /^[^\u0000-\u001f]{0,200}$/,
  integer: /^\d{1,9}$/,
  percent: /^(?:100(?:\.0)?|\d{1,2}(?:\.\d)?)$/,
  currency: /^\d{1,9}(?:\.\d{1,2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  status: /^[A-Z_]{1,40}$/,
};

/** The typed value, trimmed, or the 'Invalid Input' key when the column's type refuses it. */
export function editedCell(
  type: OrderListColumnType,
  typed: string,
): { ok: true; value: string } | { ok: false; error: typeof INVALID_INPUT } {
  const value = typed.trim();
  const valid = RULES[type].test(value) && (type !== 'date' || !Number.isNaN(Date.parse(value)));
  return valid ? { ok: true, value } : { ok: false, error: INVALID_INPUT };
}

/** A reference as the list's form posts it: the order, what the page showed, and what the buyer left in the field. */
export interface PostedReference {
  orderNumber: string;
  was: string;
  refOrderNumber: string;
}

export type ReferenceChange =
  | { ok: true; row: number; orderNumber: string; value: string }
  | { ok: false; row: number; orderNumber: string; error: typeof INVALID_INPUT };

/**
 * The references the buyer changed on the page (trimmed, compared with what the page showed), each
 * checked by the reference's rule: the rows that are left as they were are not saved again (each
 * save e-mails the buyer), and an order posted twice counts once, its first row.
 */
export function changedReferences(posted: readonly (PostedReference | undefined)[]): ReferenceChange[] {
  const seen = new Set<string>();
  const changes: ReferenceChange[] = [];
  posted.forEach((reference, row) => {
    if (!reference || seen.has(reference.orderNumber)) return;
    seen.add(reference.orderNumber);
    if (reference.refOrderNumber.trim() === reference.was.trim()) return;
    const edited = editedCell('id', reference.refOrderNumber);
    changes.push(
      edited.ok
        ? { ok: true, row, orderNumber: reference.orderNumber, value: edited.value }
        : { ok: false, row, orderNumber: reference.orderNumber, error: edited.error },
    );
  });
  return changes;
}
