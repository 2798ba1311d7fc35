import { useTranslation } from 'react-i18next';
import type { CheckoutHandOff as HandOff } from '~/.server/api/cart';
import { formatDateTime, formatMoney } from '~/domain/money';
import { PageHeader } from './PageHeader';
import { useTenant } from './use-tenant';

/** What the cart handed to checkout: its lines and totals, and the open orders it could join. */
export function CheckoutHandOff({ handOff, payAndShipNowDisabled }: { handOff: HandOff; payAndShipNowDisabled: boolean }) {
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const money = (amount: number) => formatMoney(amount, { locale: i18n.language, ...config });
  const { checkout } = handOff;
  return (
    <section className="page">
      <PageHeader
        backTo="/cart"
        backLabel={t('checkout.backToCart')}
        title={handOff.mode === 'ADD_TO_EXISTING_ORDER' ? t('checkout.addTitle', { warehouse: checkout.warehouse.label }) : t('checkout.title', { warehouse: checkout.warehouse.label })}
      />
      {payAndShipNowDisabled ? (
        <p className="banner banner--info" role="note">
          {t('checkout.payAndShipNowDisabled')}
        </p>
      ) : null}
      <table className="data-table">
        <caption>{t('checkout.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('checkout.item')}</th>
            <th scope="col">{t('offers.quantity')}</th>
            <th scope="col">{t('checkout.unitPrice')}</th>
            <th scope="col">{t('checkout.extendedPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {checkout.lines.map((line) => (
            <tr key={line.offerId} data-item={line.itemNumberWarehouse}>
              <th scope="row">
                {line.description} <span className="muted">{line.itemNumber}</span>
              </th>
              <td>{line.quantity}</td>
              <td>{money(line.unitPrice)}</td>
              <td>{money(line.extendedPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('checkout.total')}</th>
            <td>{checkout.totalQuantity}</td>
            <td />
            <td>{money(checkout.subtotal)}</td>
          </tr>
        </tfoot>
      </table>
      {handOff.onHoldSalesOrders.length ? (
        <>
          <h2>{t('checkout.openOrders')}</h2>
          <ul>
            {handOff.onHoldSalesOrders.map((order) => (
              <li key={order.phonexOrderNumber}>
                {order.phonexOrderNumber} · {order.status} · {formatDateTime(order.lastUpdateDate, i18n.language)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="muted">{t('checkout.comingNext')}</p>
    </section>
  );
}
