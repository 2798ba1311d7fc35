import type { Row } from '../checkout/selection';

/** What a buyer may do with a placed order (spec 3 §3 "Permission flags on an order", §6). */
export interface OrderPermissions {
  canIncreaseOrderedQuantity: boolean;
  canDecreaseOrderedQuantity: boolean;
  canUpdateOrderedQuantity: boolean;
  canRemoveItem: boolean;
  canEditItem: boolean;
  canCancelOrder: boolean;
  canUpdateShipping: boolean;
  canUpdateBillingAndPayment: boolean;
  canUpdateAdditionalServices: boolean;
  canPayAndShipNow: boolean;
  canExtendPaymentTime: boolean;
  isPaymentGracePeriodSectionApplicable: boolean;
}

export const NO_PERMISSIONS: OrderPermissions = {
  canIncreaseOrderedQuantity: false,
  canDecreaseOrderedQuantity: false,
  canUpdateOrderedQuantity: false,
  canRemoveItem: false,
  canEditItem: false,
  canCancelOrder: false,
  canUpdateShipping: false,
  canUpdateBillingAndPayment: false,
  canUpdateAdditionalServices: false,
  canPayAndShipNow: false,
  canExtendPaymentTime: false,
  isPaymentGracePeriodSectionApplicable: false,
};

/**
 * Orders a cart can still be added to: those on hold, not yet released (spec 3 §1 "an existing
 * unshipped (on-hold) order", §2.2 "on-hold orders"; held until a quote is a hold too, §4). A released
 * order is not reopened by a combined update, which is sent not ready to release (§7).
 */
export const ADDABLE_ORDER_STATUSES: string[] = ['ON_HOLD', 'AWAITING_SHIPPING_QUOTE'];

/** Statuses after which the buyer changes nothing; the order shows as it is (spec 3 §2.6). */
export const CLOSED_STATUSES = ['CANCELED', 'SHIPPED', 'INVOICED'] as const;
/** Statuses of an order the seller has not started on: the buyer may still change anything. */
const OPEN_STATUSES = ['ON_HOLD', 'AWAITING_SHIPPING_QUOTE'];
/** A payment under way or made fixes what is paid for. */
const PAYMENT_FIXED = ['AWAITING_PAYMENT', 'PAID', 'PARTIALLY_PAID', 'CREDIT_DUE'];
/** Paid in full (or beyond): the buyer no longer cancels; the seller does, and refunds. */
const PAID_IN_FULL = ['PAID', 'CREDIT_DUE'];

/**
 * The marketplace's permissions per status: an open order (on hold, awaiting a quote) can change in
 * every way; a released one not yet shipped can shrink, change where it goes and how it is paid, or
 * be canceled; from the first shipment only billing can change; a paid order's lines and payment stay.
 */
export function permissionsFor(status: string, paymentStatus: string): OrderPermissions {
  const open = OPEN_STATUSES.includes(status);
  const released = status === 'UNSHIPPED';
  const paymentFixed = PAYMENT_FIXED.includes(paymentStatus);
  const linesChange = (open || released) && !paymentFixed;
  return {
    ...NO_PERMISSIONS,
    canIncreaseOrderedQuantity: open && !paymentFixed,
    canDecreaseOrderedQuantity: linesChange,
    canUpdateOrderedQuantity: linesChange,
    canRemoveItem: linesChange,
    canEditItem: linesChange,
    canCancelOrder: (open || released) && !PAID_IN_FULL.includes(paymentStatus),
    canUpdateShipping: open || released,
    canUpdateBillingAndPayment: (open || released || status === 'PARTIALLY_SHIPPED') && !paymentFixed,
    canUpdateAdditionalServices: open || released,
    // Waiting for a shipping quote, the seller answers first.
    canPayAndShipNow: status === 'ON_HOLD',
  };
}

/** The status of a released order the seller has not started on: the one "Hold order for later" takes back on hold. */
export const HOLDABLE_STATUS = 'UNSHIPPED';

/**
 * "Hold order for later" (spec 3 §2.6, §6: shown with canCancelOrder) is offered only where it
 * changes something: on a released order not yet shipped. An order on hold or awaiting its
 * shipping quote is held already.
 */
export function offersHold(status: string, permission: Pick<OrderPermissions, 'canCancelOrder'>): boolean {
  return permission.canCancelOrder && status === HOLDABLE_STATUS;
}

/** 'Order cannot be edited, please contact your sales rep.' shows for an order still in progress that offers no options (spec 3 §2.6). */
export function cannotBeEdited(status: string, hasOptions: boolean): boolean {
  return !(CLOSED_STATUSES as readonly string[]).includes(status) && !hasOptions;
}

/** The rows of the shipping and billing section each permission opens (spec 3 §6). */
export const ROW_PERMISSION: Record<Row, keyof OrderPermissions> = {
  shippingAddress: 'canUpdateShipping',
  shippingMethod: 'canUpdateShipping',
  billingAddress: 'canUpdateBillingAndPayment',
  paymentMethod: 'canUpdateBillingAndPayment',
  additionalServices: 'canUpdateAdditionalServices',
};
