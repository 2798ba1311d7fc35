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

/** A reference: letters, digits and . _ / - (a space inside), at most 40; empty clears it. */
const ID = /^(?:[A-Za-z0-9](?:[A-Za-z0-9 ._/-]{0,38}[A-Za-z0-9])?)?$/;
const RULES: Record<OrderListColumnType, RegExp> = {
  id: ID,
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
