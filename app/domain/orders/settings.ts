/** A fulfilment or payment status as the tenant labels and colours it (spec 3 §3 "Order settings"). */
export interface StatusStyle {
  code: string;
  label: string;
  /** One of the chip colour classes of the stylesheet: neutral, info, success, warning, danger. */
  colorClass: string;
}

/** Column types of the orders list (spec 3 §2.5); percent shows 1 decimal. */
export const ORDER_LIST_COLUMN_TYPES = ['id', 'date', 'percent', 'currency', 'integer', 'text', 'status'] as const;
export type OrderListColumnType = (typeof ORDER_LIST_COLUMN_TYPES)[number];

/** Fields of an order list item a column may show. */
export const ORDER_LIST_FIELDS = [
  'phonexOrderNumber',
  'refOrderNumber',
  'createDate',
  'updateDate',
  'warehouse',
  'fulfillmentStatus',
  'paymentStatus',
  'totalOrderedQuantity',
  'shippedPercent',
  'total',
] as const;
export type OrderListField = (typeof ORDER_LIST_FIELDS)[number];

export interface OrderListColumn {
  field: OrderListField;
  /** The header's text; a translation key of the portal when it starts with "orders.". */
  header: string;
  type: OrderListColumnType;
  /** The buyer edits this column's cells in the list (only fields the tenant API takes: list-edit.ts). */
  editable?: boolean;
}

/** The tenant's order settings (spec 3 §3 "Order settings"). */
export interface OrderSettings {
  /** 'manually' when the external order system is synchronised by hand: the portal then says Place Order. */
  salesOrderUpdateMethod: string;
  fulfillmentSettings: {
    singleButtonOrderFlow: boolean;
    onReleaseFulfillmentStatusTo: string;
    statuses: StatusStyle[];
  };
  paymentSettings: { statuses: StatusStyle[] };
  paymentCollectionSettings: { gracePeriodEnabled: boolean };
  invoiceSettings: { showInvoiceFulfillmentStatuses: string[] };
  buyerSalesOrderListPageSettings: { columns: OrderListColumn[] };
  /** Shown before Pay and Ship Now when displayed. */
  payAndShipNowWarning: { display: boolean; message: string };
}

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  salesOrderUpdateMethod: 'all via the product',
  fulfillmentSettings: {
    singleButtonOrderFlow: false,
    onReleaseFulfillmentStatusTo: 'UNSHIPPED',
    statuses: [
      { code: 'ON_HOLD', label: 'On Hold', colorClass: 'warning' },
      { code: 'AWAITING_SHIPPING_QUOTE', label: 'Awaiting Shipping Quote', colorClass: 'warning' },
      { code: 'UNSHIPPED', label: 'Unshipped', colorClass: 'info' },
      { code: 'PARTIALLY_SHIPPED', label: 'Partially Shipped', colorClass: 'info' },
      { code: 'SHIPPED', label: 'Shipped', colorClass: 'success' },
      { code: 'INVOICED', label: 'Invoiced', colorClass: 'success' },
      { code: 'CANCELED', label: 'Canceled', colorClass: 'neutral' },
    ],
  },
  paymentSettings: {
    statuses: [
      { code: 'UNPAID', label: 'Unpaid', colorClass: 'warning' },
      { code: 'AWAITING_PAYMENT', label: 'Awaiting Payment', colorClass: 'info' },
      { code: 'PARTIALLY_PAID', label: 'Partially Paid', colorClass: 'info' },
      { code: 'PAID', label: 'Paid', colorClass: 'success' },
      { code: 'FAILED', label: 'Payment Failed', colorClass: 'danger' },
      { code: 'REFUNDED', label: 'Refunded', colorClass: 'neutral' },
      { code: 'CREDIT_DUE', label: 'Credit Due', colorClass: 'warning' },
      { code: 'NOTHING_DUE', label: 'Nothing Due', colorClass: 'neutral' },
    ],
  },
  paymentCollectionSettings: { gracePeriodEnabled: true },
  invoiceSettings: { showInvoiceFulfillmentStatuses: ['SHIPPED', 'INVOICED'] },
  buyerSalesOrderListPageSettings: {
    columns: [
      { field: 'phonexOrderNumber', header: 'orders.columns.orderNumber', type: 'id' },
      { field: 'refOrderNumber', header: 'orders.columns.refOrderNumber', type: 'id', editable: true },
      { field: 'createDate', header: 'orders.columns.createDate', type: 'date' },
      { field: 'updateDate', header: 'orders.columns.updateDate', type: 'date' },
      { field: 'warehouse', header: 'orders.columns.warehouse', type: 'text' },
      { field: 'fulfillmentStatus', header: 'orders.columns.fulfillmentStatus', type: 'status' },
      { field: 'paymentStatus', header: 'orders.columns.paymentStatus', type: 'status' },
      { field: 'totalOrderedQuantity', header: 'orders.columns.totalOrderedQuantity', type: 'integer' },
      { field: 'shippedPercent', header: 'orders.columns.shippedPercent', type: 'percent' },
      { field: 'total', header: 'orders.columns.total', type: 'currency' },
    ],
  },
  payAndShipNowWarning: {
    display: true,
    message:
      'Once released, your order is prepared for shipping and can no longer be changed. Do you want to pay and ship it now?',
  },
};

/** The style of a status, or a neutral chip labelled with its code when the tenant has not styled it. */
export function statusStyle(statuses: readonly StatusStyle[], code: string): StatusStyle {
  return statuses.find((s) => s.code === code) ?? { code, label: code, colorClass: 'neutral' };
}
