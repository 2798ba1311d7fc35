import type { OrderPermissions } from './permissions';

/** A line of a placed order as a quantity edit sees it. */
export interface EditableLine {
  /** The quantity saved on the order now. */
  savedQuantity: number;
  /** Units the stock has on top of the order's (negative shows as 0). */
  availableQuantity: number;
  incrementSize: number;
}

/** A line rule broken: the message's key and what it names (spec 3 §5 "Line quantity edit"). */
export type LineError =
  | { key: 'orders.line.invalidOrderQuantity' }
  | { key: 'orders.line.notEnough' }
  | { key: 'orders.line.max'; quantity: number }
  | { key: 'orders.line.min'; quantity: number }
  | { key: 'orders.line.invalidQuantity' }
  | { key: 'orders.line.invalidIncrement' };

export type LinePermissions = Pick<OrderPermissions, 'canIncreaseOrderedQuantity' | 'canDecreaseOrderedQuantity'>;

/** The typed quantity as a whole number, or null when it is not one. */
export function quantityOf(typed: string): number | null {
  const trimmed = typed.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The first line rule a typed quantity breaks, each rule only with its permission; null when it holds. */
export function lineQuantityError(typed: string, line: EditableLine, permission: LinePermissions): LineError | null {
  const quantity = quantityOf(typed);
  if (quantity === null) return { key: 'orders.line.invalidOrderQuantity' };
  const { savedQuantity, incrementSize } = line;
  if (permission.canIncreaseOrderedQuantity) {
    if (quantity > savedQuantity + Math.max(0, line.availableQuantity)) return { key: 'orders.line.notEnough' };
  } else if (quantity > savedQuantity) return { key: 'orders.line.max', quantity: savedQuantity };
  if (!permission.canDecreaseOrderedQuantity) {
    if (quantity < savedQuantity) return { key: 'orders.line.min', quantity: savedQuantity };
  } else if (quantity < 1) return { key: 'orders.line.invalidQuantity' };
  if (incrementSize > 1 && quantity % incrementSize !== 0) return { key: 'orders.line.invalidIncrement' };
  return null;
}

/** The increment hint beside a quantity field: 'Inc of {n}' when the increment is above 1. */
export const incrementHint = (incrementSize: number) => (incrementSize > 1 ? incrementSize : null);

/** Removing the last line cancels the order: refused without canCancelOrder (spec 3 §5). */
export function removalError(
  linesLeftAfter: number,
  permission: Pick<OrderPermissions, 'canCancelOrder'>,
): 'orders.line.removeLast' | null {
  return linesLeftAfter === 0 && !permission.canCancelOrder ? 'orders.line.removeLast' : null;
}
