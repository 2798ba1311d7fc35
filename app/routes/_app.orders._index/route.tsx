import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { intentOf, readForm, fields } from '~/.server/forms';
import { redirectWithToast, failureToast } from '~/.server/toast';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { editedCell, INVALID_INPUT } from '~/domain/orders/list-edit';
import { useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { orderSettingsApi } from '~/.server/api/order-settings';
import { ordersApi } from '~/.server/api/orders';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { titled } from '~/components/page-title';
import { listColumns, type OrderListPage } from '~/domain/orders/list-cells';
import { orderListSearch, parseOrderListQuery, ORDER_LIST_PAGE_SIZE } from '~/domain/orders/list-query';
import { DEFAULT_ORDER_SETTINGS } from '~/domain/orders/settings';
import { OrdersPagination } from './OrdersPagination';
import { OrdersSearch } from './OrdersSearch';
import { OrdersTable, referenceFormId } from './OrdersTable';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('orders.list.title');

/**
 * The orders list (spec 3 §2.5): its state lives in the URL (page, sort, dir, search); the tenant
 * API pages, sorts and searches. A failure to fetch the orders shows an empty list (spec 3 §8); a
 * failure to read the settings is logged and the defaults show.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const quietly = async <T,>(what: string, call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (endsSession(error)) throw error;
      context.logger.error({ err: error }, `${what} not available`);
      return fallback;
    }
  };
  try {
    const empty: OrderListPage = { items: [], total: 0, page: 1, pageSize: ORDER_LIST_PAGE_SIZE };
    const [page, settings] = await Promise.all([
      quietly('orders list', () => ordersApi.list(context, token, query), empty),
      quietly('order settings', () => orderSettingsApi.read(context, token), DEFAULT_ORDER_SETTINGS),
    ]);
    return data(
      {
        query: { ...query, page: page.page },
        page,
        columns: listColumns(settings.buyerSalesOrderListPageSettings.columns),
        statuses: { fulfillmentSettings: settings.fulfillmentSettings, paymentSettings: settings.paymentSettings },
      },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return signOutOnForbidden(request, error);
  }
}

export type OrdersLoader = typeof loader;

const INTENTS = ['edit-reference'] as const;
const referenceSchema = z.object({
  intent: z.literal('edit-reference'),
  orderNumber: z.string().regex(ORDER_NUMBER),
  refOrderNumber: fields.typed(200, INVALID_INPUT),
});

/**
 * An editable cell of the list (spec 3 §2.5): the buyer's reference on an order, checked by its
 * column type's rule ('Invalid Input'), saved by the tenant API (which e-mails the buyer), then the
 * list again with 'Order Updated with notification sent to the customer' (spec 3 §8).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  intentOf(form, INTENTS);
  const submission = parseSubmission(form, referenceSchema);
  // The reply names the cell by its order number as sent (one that is not sound names no cell).
  const formId = referenceFormId(String(form.get('orderNumber')));
  if (submission.status !== 'success') return refuseForm(formId, submission);
  const { orderNumber, refOrderNumber } = submission.value;
  const search = new URL(request.url).searchParams;
  search.delete('index');
  const back = `/orders${search.size ? `?${search}` : ''}`;
  const refused = () => refuseForm(formId, submission, { fieldErrors: { refOrderNumber: [INVALID_INPUT] } });
  const edited = editedCell('id', refOrderNumber);
  if (!edited.ok) return refused();
  try {
    await ordersApi.setReference(context, token, orderNumber, edited.value);
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    if (error instanceof ApiFailure && error.status === 422) return refused();
    context.logger.warn({ err: error, orderNumber }, 'order reference not saved');
    return redirectWithToast(back, failureToast(error));
  }
  return redirectWithToast(back, { type: 'success', key: 'orders.list.updated' });
}

export default function OrdersPage() {
  useTexts('buyAgain', 'orders');
  const { query, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/orders';
  const exportSearch = orderListSearch({ ...query, page: 1 });
  return (
    <section className="page orders-page">
      <header className="orders-header">
        <h1>{t('orders.list.title')}</h1>
        <a
          className="button button--secondary"
          href={`/orders/export${exportSearch ? `?${exportSearch}` : ''}`}
          download
        >
          {t('orders.list.export')}
        </a>
      </header>
      <OrdersSearch query={query} />
      <p className="orders-summary muted" role="status">
        {t('orders.list.summary', { count: page.total })}
      </p>
      <div aria-busy={loading || undefined}>
        <OrdersTable />
      </div>
      <OrdersPagination />
    </section>
  );
}
