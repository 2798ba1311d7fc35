import { Form } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { STOCK_LIST_LAYOUTS } from '~/domain/stock/layout';
import { useStock } from './use-stock';

/**
 * Cards or the compact list (issue 37): a form posting the choice, which the tenant API keeps for
 * the buyer; the list comes back as it was, in the chosen layout. The current one is pressed.
 */
export function LayoutSwitch({ search }: { search: string }) {
  const { t } = useTranslation();
  const { user } = useStock();
  return (
    <Form method="post" action={`/stock${search ? `?${search}` : ''}`} className="layout-switch" preventScrollReset>
      <input type="hidden" name="intent" value="stock-layout" />
      <fieldset>
        <legend className="visually-hidden">{t('stock.layoutLabel')}</legend>
        {STOCK_LIST_LAYOUTS.map((layout) => (
          <button
            key={layout}
            type="submit"
            name="layout"
            value={layout}
            className="button button--small button--secondary"
            aria-pressed={user.stockListLayout === layout}
          >
            {t(`stock.layout.${layout}`)}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}
