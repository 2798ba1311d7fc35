/** What an order's Exports block is built from (spec 3 §3 "Manifest summary"). */
export interface ManifestSummary {
  imeiAvailable: boolean;
  invoiceNumbers: string[];
  trackingNumbers: string[];
}

export type OrderExportLink =
  | { kind: 'manifest'; href: string }
  | { kind: 'invoice'; invoiceNumber: string; href: string }
  | { kind: 'order'; href: string };

const orderPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/**
 * The Exports of an order (spec 3 §2.6), in the spec's order: the manifest only when it has IMEIs;
 * one invoice per invoice number only when the order's fulfilment status is one of
 * invoiceSettings.showInvoiceFulfillmentStatuses; and always the order itself. Without a manifest
 * summary (it could not be read) only the order is offered.
 */
export function orderExportLinks(
  orderNumber: string,
  summary: ManifestSummary | null,
  fulfillmentStatus: string,
  showInvoiceFulfillmentStatuses: readonly string[],
): OrderExportLink[] {
  const base = orderPath(orderNumber);
  const links: OrderExportLink[] = [];
  if (summary?.imeiAvailable) links.push({ kind: 'manifest', href: `${base}/manifest` });
  if (summary && showInvoiceFulfillmentStatuses.includes(fulfillmentStatus)) {
    for (const invoiceNumber of summary.invoiceNumbers)
      links.push({ kind: 'invoice', invoiceNumber, href: `${base}/invoices/${encodeURIComponent(invoiceNumber)}` });
  }
  links.push({ kind: 'order', href: `${base}/export` });
  return links;
}
