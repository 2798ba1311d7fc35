import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure } from '~/.server/api/client';
import { orderSettingsApi } from '~/.server/api/order-settings';
import { requireBuyer } from '~/.server/auth';
import { dispatchIntent, readForm } from '~/.server/forms';
import { loadOrderTerms, TERMS_FETCH_FAILED, termsIntents } from '~/.server/order-terms-actions';
import { redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { ReservationTerms } from '~/components/orders/ReservationTerms';
import { titled } from '~/components/page-title';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.orderTerms');

const termsPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}/terms`;

/**
 * /orders/{orderNumber}/terms: an order's payment terms on a page of their own (a deep link from
 * e-mails and the order details): the late-payment box, the fee dialog at `?dialog=fees`, Accept
 * Terms and Extend Time. The order details page shows the same box with the same loader and action
 * helpers.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) return redirect('/orders');
  const dialogOpen = new URL(request.url).searchParams.get('dialog') === 'fees';
  try {
    const settings = await orderSettingsApi.read(context, token).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      context.logger.warn({ err: error }, 'order settings not read');
      return null;
    });
    const loaded = settings
      ? await loadOrderTerms(context, token, orderNumber, settings)
      : { terms: null, error: TERMS_FETCH_FAILED };
    return { orderNumber, ...loaded, dialogOpen };
  } catch (error) {
    // Another buyer's order or none at all: nothing of it shows.
    if (error instanceof ApiFailure && error.status === 404) {
      return redirectWithToast('/orders', { type: 'error', key: 'orderTerms.notFound', values: { orderNumber } });
    }
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) return redirect('/orders');
  const form = await readForm(request);
  return dispatchIntent(form, termsIntents(context, token, orderNumber, { redirectTo: termsPath(orderNumber) }));
}

export default function OrderTermsPage() {
  useTexts('dialog', 'orderTerms', 'orders');
  const { orderNumber, terms, error, dialogOpen } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const page = termsPath(orderNumber);
  return (
    <section className="page">
      <PageHeader
        backTo={`/orders/${encodeURIComponent(orderNumber)}`}
        backLabel={t('orderTerms.backToOrder')}
        title={t('orderTerms.title', { orderNumber: terms?.refOrderNumber ?? orderNumber })}
      />
      <ReservationTerms
        terms={terms}
        error={error}
        dialogOpen={dialogOpen}
        closeTo={page}
        feesTo={`${page}?dialog=fees`}
      />
      {!error && !terms?.isPaymentGracePeriodSectionApplicable ? <p>{t('orderTerms.disabled')}</p> : null}
    </section>
  );
}
