import { Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { cartSearch, type CartQuery } from '~/domain/cart/query';
import type { CartTab } from '~/domain/cart/tabs';
import { useCounts } from '~/components/use-counts';

/** The three tabs as links (?tab=0, 1, 2) that keep the selection; tabs 1 and 2 are disabled when empty, and a zero count is plain text, not a red badge. */
export function CartTabs({
  counts,
  query,
  sellerShortName,
}: {
  counts: [number, number, number];
  query: CartQuery;
  sellerShortName: string;
}) {
  const { t } = useTranslation();
  const { badge } = useCounts();
  const labels = [
    t('cart.tab.cart'),
    t('cart.tab.yourReview'),
    t('cart.tab.sellerReview', { seller: sellerShortName }),
  ];
  return (
    <nav className="cart-tabs" aria-label={t('cart.tabs')}>
      <ul>
        {labels.map((label, tab) => {
          const content = (
            <>
              {label}{' '}
              <span className={counts[tab] ? 'count-badge' : 'count-badge count-badge--zero'}>
                {badge(counts[tab]!)}
              </span>
            </>
          );
          return (
            <li key={tab}>
              {tab !== 0 && counts[tab] === 0 ? (
                // Still marked when it is the tab shown (a direct link to it, or its last entry just left).
                <span
                  className="cart-tab cart-tab--disabled"
                  aria-disabled="true"
                  aria-current={tab === query.tab ? 'page' : undefined}
                >
                  {content}
                </span>
              ) : (
                <Link
                  className="cart-tab"
                  to={`/cart${cartSearch({ selected: query.selected, off: query.off, tab: tab as CartTab })}`}
                  aria-current={tab === query.tab ? 'page' : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
