import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { intentOf, readForm, fields } from '~/.server/forms';
import { redirectWithToast, failureToast } from '~/.server/toast';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { changedReferences, INVALID_INPUT } from '~/domain/orders/list-edit';
import { useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { orderSettingsApi } from '~/.server/api/order-settings';
import { ordersApi } from '~/.server/api/orders';
import { requireBuyer } from '~/.server/auth';
import { titled } from '~/components/page-title';
import { listColumns, type OrderListPage } from '~/domain/orders/list-cells';
import {
  orderListSearch,
  ordersHref,
  pageCountOf,
  parseOrderListQuery,
  ORDER_LIST_PAGE_SIZE,
} from '~/domain/orders/list-query';
import { DEFAULT_ORDER_SETTINGS } from '~/domain/orders/settings';
import { Pager } from '~/components/Pager';
import { OrdersSearch } from './OrdersSearch';
import { OrdersTable, REFERENCES_FORM } from './OrdersTable';
import { ReferencesForm } from './ReferencesForm';
import { getTenantConfig } from '~/.server/api/settings';
import { requestTimeZone } from '~/.server/time-zone';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('orders.list.title');

/**
 * The orders list (spec 3 §2.5): its state lives in the URL (page, sort, dir, search, and the
 * status and creation days it is narrowed to); the tenant API pages, sorts, searches and filters,
 * the days read on the buyer's clock (the zone the page shows times in). A failure to fetch the orders shows an empty list (spec 3 §8); a
 * failure to read the settings is logged and the defaults show.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const timeZone = requestTimeZone(request, (await getTenantConfig(context)).timeZone);
  const quietly = async <T,>(what: string, call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Response) throw error;
      context.logger.error({ err: error }, `${what} not available`);
      return fallback;
    }
  };
  const empty: OrderListPage = { items: [], total: 0, page: 1, pageSize: ORDER_LIST_PAGE_SIZE };
  const [page, settings] = await Promise.all([
    quietly('orders list', () => ordersApi.list(context, token, query, timeZone), empty),
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
}

export type OrdersLoader = typeof loader;

const INTENTS = ['save-references'] as const;
const referencesSchema = z.object({
  intent: z.literal('save-references'),
  references: z
    .array(
      z.object({
        orderNumber: z.string().regex(ORDER_NUMBER),
        was: fields.typed(200),
        refOrderNumber: fields.typed(200, INVALID_INPUT),
      }),
    )
    .max(ORDER_LIST_PAGE_SIZE)
    .default([]),
});

/**
 * The editable cells of the list (spec 3 §2.5): the buyer's references on the page's orders, posted
 * together with what each was when the page was shown. Those the buyer changed are checked by their
 * column type's rule ('Invalid Input' beside each refused one, and then none is saved), saved by
 * the tenant API (which e-mails the buyer about each), then the list again with 'Order Updated with
 * notification sent to the customer' (spec 3 §8).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  intentOf(form, INTENTS);
  const submission = parseSubmission(form, referencesSchema, { rows: ORDER_LIST_PAGE_SIZE });
  if (submission.status !== 'success') return refuseForm(REFERENCES_FORM, submission);
  const search = new URL(request.url).searchParams;
  search.delete('index');
  const back = `/orders${search.size ? `?${search}` : ''}`;
  const changed = changedReferences(submission.value.references);
  const refuse = (rows: number[]) =>
    refuseForm(REFERENCES_FORM, submission, {
      fieldErrors: Object.fromEntries(rows.map((row) => [`references[${row}].refOrderNumber`, [INVALID_INPUT]])),
    });
  const refused = changed.filter((change) => !change.ok).map((change) => change.row);
  const rowOf = (orderNumber: unknown) => changed.find((change) => change.orderNumber === orderNumber)?.row ?? -1;
  if (refused.length) return refuse(refused);
  if (!changed.length) return redirectWithToast(back, { type: 'info', key: 'orders.list.nothingChanged' });
  try {
    await ordersApi.setReferences(
      context,
      token,
      changed.flatMap((change) =>
        change.ok ? [{ phonexOrderNumber: change.orderNumber, refOrderNumber: change.value }] : [],
      ),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    // Another buyer's order (a form that is not the page's): nothing was saved.
    if (error instanceof ApiFailure && error.status === 404) throw new Response('Not Found', { status: 404 });
    const refusedRow = error instanceof ApiFailure && error.status === 422 ? rowOf(error.params.phonexOrderNumber) : -1;
    if (refusedRow >= 0) return refuse([refusedRow]);
    context.logger.warn({ err: error }, 'order references not saved');
    return redirectWithToast(back, failureToast(error));
  }
  return redirectWithToast(back, { type: 'success', key: 'orders.list.updated' });
}

export default function OrdersPage() {
  useTexts('buyAgain', 'orders');
  const { query, page, columns, statuses } = useLoaderData<typeof loader>();
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
      <OrdersSearch query={query} statuses={statuses.fulfillmentSettings.statuses} />
      <p className="orders-summary muted" role="status">
        {t('orders.list.summary', { count: page.total })}
      </p>
      <div aria-busy={loading || undefined}>
        {columns.some((column) => column.editable) ? (
          <ReferencesForm>
            <OrdersTable />
          </ReferencesForm>
        ) : (
          <OrdersTable />
        )}
      </div>
      <Pager
        page={page.page}
        pageCount={pageCountOf(page.total)}
        hrefOf={(n) => ordersHref({ ...query, page: n })}
        label={t('orders.list.pagination')}
      />
    </section>
  );
}
