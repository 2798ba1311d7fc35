import { Form } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { offersHold, type OrderPermissions } from '~/domain/orders/permissions';
import { OrderTotals, type TotalsView } from '../checkout/OrderTotals';
import { FinalizeFirst, useFinishFirst } from './PendingChangesBar';

interface Props {
  totals: TotalsView;
  /** The payment fee's line, named after its payment method. */
  feesLabel?: string;
  permission: OrderPermissions;
  /** The order's fulfilment status: Hold order for later shows only where it changes something. */
  status: string;
  version: number;
  payAndShipNowDisabled: boolean;
  /** Paying through the provider: a release leaves the site, so the form posts as a full page. */
  payingOnline: boolean;
  busy: boolean;
}

/** The subtotal block (once on the page) with Pay and ship now, Cancel order and Hold order for later, as the permissions allow. */
export function OrderSubtotal({
  totals,
  feesLabel,
  permission,
  status,
  version,
  payAndShipNowDisabled,
  payingOnline,
  busy,
}: Props) {
  const { t } = useTranslation();
  const actions = permission.canPayAndShipNow || permission.canCancelOrder;
  const finish = useFinishFirst(['hold', 'release']);
  return (
    <section className="order-subtotal" aria-labelledby="order-subtotal-title">
      <h2 id="order-subtotal-title">{t('orders.details.subtotal')}</h2>
      <OrderTotals totals={totals} feesLabel={feesLabel} />
      {actions ? (
        <Form
          method="post"
          className="order-subtotal__actions"
          preventScrollReset
          reloadDocument={payingOnline}
          onSubmit={finish.onSubmit}
        >
          {finish.open ? <FinalizeFirst {...finish.open} /> : null}
          <input type="hidden" name="version" value={version} />
          {permission.canCancelOrder ? (
            <button
              type="submit"
              name="intent"
              value="cancel-order"
              className="button button--secondary"
              disabled={busy}
            >
              {t('orders.details.cancelOrder')}
            </button>
          ) : null}
          {offersHold(status, permission) ? (
            <button type="submit" name="intent" value="hold" className="button button--secondary" disabled={busy}>
              {t('orders.details.holdOrder')}
            </button>
          ) : null}
          {permission.canPayAndShipNow ? (
            <button
              type="submit"
              name="intent"
              value="release"
              className="button button--primary"
              disabled={busy || payAndShipNowDisabled}
            >
              {t('orders.details.payAndShipNow')}
            </button>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}
