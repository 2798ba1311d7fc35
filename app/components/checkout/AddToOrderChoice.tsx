import { Form, Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { defaultChoice, NEW_ORDER_CHOICE, newestFirst, type OnHoldOrder } from '~/domain/checkout/add-to-order';
import { formatDateTime } from '~/domain/money';
import { PageHeader } from '../PageHeader';
import { useTimeZone } from '~/components/use-date-time';

/**
 * Spec 3 §2.2, the add to existing order selection: the warehouse's on-hold orders, newest first, and
 * a new order, as radio choices with the first selected. A GET form: the page's loader sends the
 * choice on to its review (with or without JavaScript).
 */
export function AddToOrderChoice({
  warehouseLabel,
  orders,
}: {
  warehouseLabel: string;
  orders: readonly OnHoldOrder[];
}) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const sorted = newestFirst(orders);
  const selected = defaultChoice(orders);
  return (
    <section className="page add-to-order">
      <PageHeader
        backTo="/cart"
        backLabel={t('addToOrder.back')}
        title={t('addToOrder.title', { warehouse: warehouseLabel })}
      />
      <Form method="get" className="add-to-order__form">
        <fieldset className="add-to-order__choices">
          <legend>{t('addToOrder.legend')}</legend>
          {sorted.map((order) => (
            <div key={order.phonexOrderNumber} className="add-to-order__choice">
              <label>
                <input
                  type="radio"
                  name="salesOrder"
                  value={order.phonexOrderNumber}
                  defaultChecked={order.phonexOrderNumber === selected}
                />{' '}
                <strong>{order.phonexOrderNumber}</strong>{' '}
                <span className="muted">
                  {t('addToOrder.lastUpdated', { date: formatDateTime(order.lastUpdateDate, i18n.language, zone) })}
                </span>
              </label>
            </div>
          ))}
          <div className="add-to-order__choice">
            <label>
              <input
                type="radio"
                name="salesOrder"
                value={NEW_ORDER_CHOICE}
                defaultChecked={selected === NEW_ORDER_CHOICE}
              />{' '}
              {t('addToOrder.newOrder')}
            </label>
          </div>
        </fieldset>
        <div className="dialog-actions">
          <Link to="/cart" className="button button--secondary">
            {t('addToOrder.cancel')}
          </Link>
          <button type="submit" className="button button--primary">
            {t('addToOrder.review')}
          </button>
        </div>
      </Form>
    </section>
  );
}
