import { PathLink } from '~/components/PathLink';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useTenant } from '~/components/use-tenant';
import { hasAuthority } from '~/domain/authorities';
import { canSetAlerts } from '~/domain/permissions';
import { isImplemented } from '~/domain/routes';
import { useCounts } from '~/components/use-counts';
import { withParams } from './use-stock';

interface Props {
  canBuy: boolean;
  authorities: string[];
  isPxns: boolean;
  /** The list's current state, carried into the dialogs so closing them returns to it. */
  search: string;
  /** Entries in the cart and offers across every participant the buyer sees (as the cart page counts them). */
  cartCount: number;
  /** The buyer's stock alerts across every participant the buyer sees. */
  alertCount: number;
  participantId: string;
}

/** The stock list's top actions, each shown by the buyer's authorities (spec 1 §6). */
export function StockToolbar({ canBuy, authorities, isPxns, search, cartCount, alertCount, participantId }: Props) {
  const { t } = useTranslation();
  const { badge } = useCounts();
  const config = useTenant();
  const canAlert = canSetAlerts({ authorities, isPxns });
  // A primary few as buttons, the rest in one menu that opens without scripts (docs/design.md §6).
  const menu: React.ReactNode[] = [];
  if (config.tutorialUrl)
    menu.push(
      <PathLink key="tutorial" to={withParams(search, { tutorial: '1' })} preventScrollReset>
        {t('stock.tutorial')}
      </PathLink>,
    );
  if (config.gradingScaleUrl)
    menu.push(
      <a key="grading" href={config.gradingScaleUrl} target="_blank" rel="noopener noreferrer">
        {t('stock.gradingScale')}
        <span className="visually-hidden"> {t('footer.newTab')}</span>
      </a>,
    );
  if (isImplemented('/stock/saved-searches'))
    menu.push(
      <PathLink key="saved" to="/stock/saved-searches">
        {t('menu.savedSearches')}
      </PathLink>,
    );
  if (hasAuthority(authorities, 'CAN_SUBSCRIBE_DAILY_REPORT'))
    menu.push(
      <PathLink key="report" to={withParams(search, { dialog: 'daily-report' })} preventScrollReset>
        {t('stock.dailyReport')}
      </PathLink>,
    );
  return (
    <nav className="stock-toolbar" aria-label={t('stock.actions')}>
      <div className="stock-toolbar__actions">
        {canBuy && isImplemented('/stock/quick-order') ? (
          <PathLink className="button button--secondary" to="/stock/quick-order">
            {t('stock.quickOrder')}
          </PathLink>
        ) : null}
        {canBuy && isImplemented('/stock?dialog=import') ? (
          <PathLink
            className="button button--secondary"
            to={withParams(search, { dialog: 'import' })}
            preventScrollReset
          >
            {t('stock.import')}
          </PathLink>
        ) : null}
        {canAlert ? (
          <PathLink
            className="button button--secondary"
            to="/stock-alerts"
            aria-label={t('stock.stockAlertsWithCount', { count: alertCount })}
          >
            {t('stock.stockAlerts')}
            {alertCount > 0 ? (
              <span className="count-badge" aria-hidden="true">
                {badge(alertCount)}
              </span>
            ) : null}
          </PathLink>
        ) : null}
        <details className="menu-button">
          <summary className="button button--secondary">{t('stock.export')}</summary>
          <ul className="menu-button__list">
            <li>
              <a href="/stock/export?scope=all" download>
                {t('stock.exportAll')}
              </a>
            </li>
            <li>
              <a href={`/stock/export?scope=filtered&${search}`} download>
                {t('stock.exportFiltered')}
              </a>
            </li>
          </ul>
        </details>
        {menu.length ? (
          <details className="menu-button stock-toolbar__more">
            <summary className="button button--secondary">{t('stock.moreActions')}</summary>
            {/* With scripts the page stays: the menu closes once one of its items is chosen. */}
            {/* The click comes from the links inside (Enter on a link is a click too), not from the list. */}
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
            <ul
              className="menu-button__list"
              onClick={(event) => {
                const details = event.currentTarget.parentElement as HTMLDetailsElement;
                if ((event.target as Element).closest('a')) details.open = false;
              }}
            >
              {menu.map((item) => (
                <li key={(item as React.ReactElement).key}>{item}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {canBuy ? (
        <PathLink
          className="cart-link"
          to="/cart"
          state={{ participantId }}
          aria-label={t('stock.cartWithCount', { count: cartCount })}
        >
          <CartIcon />
          {cartCount > 0 ? (
            <span className="count-badge" aria-hidden="true">
              {badge(cartCount)}
            </span>
          ) : null}
        </PathLink>
      ) : (
        <span
          className="cart-link cart-link--disabled"
          aria-disabled="true"
          role="link"
          aria-label={t('stock.cartDisabled')}
        >
          <CartIcon />
        </span>
      )}
    </nav>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6L5.2 16A2 2 0 0 0 7 19h12v-2H7.4l.9-1.6z"
      />
    </svg>
  );
}
