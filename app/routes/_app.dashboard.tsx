import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { buyerHomeApi, type BuyerHome } from '~/.server/api/buyer-home';
import { cartApi, type CartItem } from '~/.server/api/cart';
import { requireBuyer } from '~/.server/auth';
import { OfferStatusNote } from '~/components/OfferStatusNote';
import { titled } from '~/components/page-title';
import { useMoneyFormat } from '~/components/use-money-format';
import { useTenant } from '~/components/use-tenant';
import { hasAuthority } from '~/domain/authorities';
import { entryTab } from '~/domain/cart/boxes';
import { cartPerWarehouse, HOME_ROWS, offersOnHome } from '~/domain/home';
import { formatDateTime, formatMoney, formatMinor } from '~/domain/money';
import { canBuy, canSetAlerts } from '~/domain/permissions';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';

export const meta = titled('dashboard.title');

/** What an offer row of the home needs of a cart entry. */
const offerRow = ({
  itemNumberWarehouse,
  itemDescription,
  warehouse,
  warehouseLabel,
  quantityAvailable,
  stocklistOffer,
}: CartItem) => ({
  itemNumberWarehouse,
  itemDescription,
  warehouse,
  warehouseLabel,
  quantityAvailable,
  stocklistOffer,
});

/**
 * The buyer's home (issue 37): the tenant's name and title (spec 1), then what needs the buyer, each
 * with a link: answered offers with the time left, offers waiting for the seller, orders on hold or
 * awaiting payment, alerts met this week and the cart per warehouse. One loader; its two calls go
 * out together, and a section whose call failed is left out (the rest still shows).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const quietly = async <T,>(what: string, call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Response) throw error;
      context.logger.error({ err: error }, `${what} not available for the home page`);
      return null;
    }
  };
  const buying = canBuy(user);
  const [items, home] = await Promise.all([
    buying ? quietly('cart items', () => cartApi.items(context, token)) : null,
    quietly('buyer home', () => buyerHomeApi.read(context, token)),
  ]);
  const offers = items ? offersOnHome(items) : null;
  return {
    canBuy: buying,
    offers: offers && {
      answered: offers.answered.slice(0, HOME_ROWS).map(offerRow),
      answeredCount: offers.answered.length,
      waiting: offers.waiting.slice(0, HOME_ROWS).map(offerRow),
      waitingCount: offers.waiting.length,
    },
    cart: items && cartPerWarehouse(items),
    orders: home && hasAuthority(user.authorities, 'CAN_VIEW_ORDER') ? home.orders : null,
    alertsMet: home && canSetAlerts(user) ? home.alertsMet : null,
  };
}

type OfferRow = ReturnType<typeof offerRow>;

/** A section of the home: its heading, its rows or a short line when it has none, and a link to all of them. */
function HomeSection({
  id,
  title,
  none,
  count,
  allTo,
  children,
}: {
  id: string;
  title: string;
  none: string;
  count: number;
  allTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {count ? <ul className="home-list">{children}</ul> : <p className="muted">{none}</p>}
      {count ? (
        <p className="home-section__all">
          <Link to={allTo}>
            {t('dashboard.seeAll')}
            <span className="visually-hidden"> {title}</span>
          </Link>
        </p>
      ) : null}
    </section>
  );
}

const cartTabLink = (entry: OfferRow) => {
  const tab = entryTab(entry);
  return `/cart${tab ? `?tab=${tab}` : ''}#warehouse-${entry.warehouse}`;
};

function OfferItems({ rows }: { rows: OfferRow[] }) {
  const { t } = useTranslation();
  return rows.map((entry) => (
    <li key={entry.stocklistOffer.offerId} className="home-list__row">
      <Link to={cartTabLink(entry)}>
        {t('dashboard.inWarehouse', { item: entry.itemDescription, warehouse: entry.warehouseLabel })}
      </Link>
      <OfferStatusNote offer={entry.stocklistOffer} />
    </li>
  ));
}

function OrderItems({ orders }: { orders: BuyerHome['orders'] }) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  return orders.map((order) => (
    <li key={order.phonexOrderNumber} className="home-list__row">
      <Link to={`/orders/${encodeURIComponent(order.phonexOrderNumber)}`}>
        {t('dashboard.order', { order: order.refOrderNumber ?? order.phonexOrderNumber })}
      </Link>
      <span>
        {t('dashboard.orderLine', {
          need: t(`dashboard.need.${order.need}`),
          warehouse: order.warehouse,
          total: formatMinor(order.total, money),
        })}
        {order.paymentDueBy ? (
          <>
            ,{' '}
            {t(order.paymentOverdue ? 'dashboard.overdueSince' : 'dashboard.payBy', {
              date: formatDateTime(order.paymentDueBy, i18n.language, zone),
            })}
          </>
        ) : null}
      </span>
    </li>
  ));
}

export default function Dashboard() {
  const zone = useTimeZone();
  useTexts('dashboard', 'offers', 'time');
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const money = useMoneyFormat();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page dashboard">
      <h1>{t('dashboard.welcome', { tenantName: config.tenantName })}</h1>
      <p>{t('dashboard.intro', { siteTitle: config.siteTitle })}</p>
      <p>
        <Link className="button button--primary" to="/stock">
          {t('dashboard.goToStock')}
        </Link>
        {data.canBuy ? (
          <>
            {' '}
            <Link className="button button--secondary" to="/stock/quick-order">
              {t('dashboard.quickOrder')}
            </Link>
          </>
        ) : null}
      </p>
      <div className="home-sections">
        {data.offers ? (
          <>
            <HomeSection
              id="home-answered"
              title={t('dashboard.offersAnswered')}
              none={t('dashboard.offersAnsweredNone')}
              count={data.offers.answeredCount}
              allTo="/cart?tab=1"
            >
              <OfferItems rows={data.offers.answered} />
            </HomeSection>
            <HomeSection
              id="home-waiting"
              title={t('dashboard.offersWaiting')}
              none={t('dashboard.offersWaitingNone')}
              count={data.offers.waitingCount}
              allTo="/cart?tab=2"
            >
              <OfferItems rows={data.offers.waiting} />
            </HomeSection>
          </>
        ) : null}
        {data.orders ? (
          <HomeSection
            id="home-orders"
            title={t('dashboard.orders')}
            none={t('dashboard.ordersNone')}
            count={data.orders.length}
            allTo="/orders"
          >
            <OrderItems orders={data.orders} />
          </HomeSection>
        ) : null}
        {data.alertsMet ? (
          <HomeSection
            id="home-alerts"
            title={t('dashboard.alerts')}
            none={t('dashboard.alertsNone')}
            count={data.alertsMet.length}
            allTo="/stock-alerts"
          >
            {data.alertsMet.map((alert) => (
              <li key={alert.itemNumberWarehouse} className="home-list__row">
                <Link to="/stock-alerts">{alert.description}</Link>
                <span>
                  {t('dashboard.alertLine', {
                    warehouse: alert.warehouse,
                    available: alert.quantityAvailable,
                    date: formatDateTime(alert.metAt, i18n.language, zone),
                  })}
                </span>
              </li>
            ))}
          </HomeSection>
        ) : null}
        {data.cart ? (
          <HomeSection
            id="home-cart"
            title={t('dashboard.cart')}
            none={t('dashboard.cartNone')}
            count={data.cart.length}
            allTo="/cart"
          >
            {data.cart.map((box) => (
              <li key={box.warehouse} className="home-list__row">
                <Link to={`/cart#warehouse-${box.warehouse}`}>{box.label}</Link>
                <span>
                  {t('dashboard.cartLine', {
                    count: box.items,
                    quantity: box.quantity,
                    subtotal: formatMoney(box.subtotal, money),
                  })}
                </span>
              </li>
            ))}
          </HomeSection>
        ) : null}
      </div>
    </section>
  );
}
