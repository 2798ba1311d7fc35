import { useTranslation } from '~/i18n/light-react-i18next';
import { orderExportLinks, type ManifestSummary } from '~/domain/orders/exports';

export interface OrderExportsProps {
  orderNumber: string;
  /** From loadOrderExports; null when it could not be read (only the order is offered then). */
  manifestSummary: ManifestSummary | null;
  fulfillmentStatus: string;
  /** invoiceSettings.showInvoiceFulfillmentStatuses of the order settings. */
  showInvoiceFulfillmentStatuses: readonly string[];
}

/**
 * The Exports of an order's details page (spec 3 §2.6): a menu of plain links to the manifest (when
 * it has IMEIs), each invoice (for the configured fulfilment statuses) and the order. A `<details>`
 * menu: it opens and the files download without JavaScript.
 */
export function OrderExports({
  orderNumber,
  manifestSummary,
  fulfillmentStatus,
  showInvoiceFulfillmentStatuses,
}: OrderExportsProps) {
  const { t } = useTranslation();
  const links = orderExportLinks(orderNumber, manifestSummary, fulfillmentStatus, showInvoiceFulfillmentStatuses);
  return (
    <details className="menu-button menu-button--start">
      <summary className="button button--secondary">{t('orderDocuments.export')}</summary>
      <ul className="menu-button__list" aria-label={t('orderDocuments.exportsOf', { orderNumber })}>
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              type={
                link.kind === 'invoice'
                  ? 'application/pdf'
                  : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              }
            >
              {link.kind === 'invoice'
                ? t('orderDocuments.invoice', { invoiceNumber: link.invoiceNumber })
                : t(link.kind === 'manifest' ? 'orderDocuments.manifest' : 'orderDocuments.order')}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
