import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { buyAgainApi, type BuyAgainReview } from '~/.server/api/buy-again';
import { ApiFailure } from '~/.server/api/client';
import { requireBuyer, type SignedIn } from '~/.server/auth';
import { parseButtons } from '~/.server/conform';
import { dispatchIntent, readForm } from '~/.server/forms';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { useMoney } from '~/components/use-money-format';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { goesToCart } from '~/domain/orders/buy-again';
import { statusLabelKey } from '~/domain/offers/status';
import { canBuy } from '~/domain/permissions';
import { useTexts } from '~/i18n/use-texts';
import { z } from 'zod';

export const meta = titled('pageTitle.buyAgain');

const orderPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/** Another buyer's order, or none: the page does not exist for this buyer (nothing of it shows, nothing changes). */
function notFoundOr(error: unknown): never {
  if (error instanceof ApiFailure && error.status === 404) throw new Response('Not Found', { status: 404 });
  throw error;
}

/**
 * /orders/{n}/buy-again (issue 37): the review of a past order's lines as they would go to the cart
 * today (to the cart, short, already there, under negotiation, gone), and the confirmation, a plain
 * form post that answers with the cart.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) throw new Response('Not Found', { status: 404 });
  if (!canBuy(user)) throw redirect(orderPath(orderNumber));
  try {
    return { review: await buyAgainApi.review(context, token, orderNumber) };
  } catch (error) {
    return notFoundOr(error);
  }
}

const confirmForm = z.object({ intent: z.literal('confirm') });

/** The review's one button, through the same dispatch as every action (an intent outside the set is a 400). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) throw new Response('Not Found', { status: 404 });
  return dispatchIntent(await readForm(request), {
    confirm: (form) => confirm(form, context, signedIn, orderNumber),
  });
}

/** ADD TO CART: the lines that can go put in the cart (set, not added to, so a replayed post adds nothing). */
async function confirm(
  form: FormData,
  context: ActionFunctionArgs['context'],
  { token, user }: SignedIn,
  orderNumber: string,
) {
  parseButtons(form, confirmForm);
  if (!canBuy(user)) return redirect(orderPath(orderNumber));
  try {
    const { added } = await buyAgainApi.confirm(context, token, orderNumber);
    return redirectWithToast(
      '/cart',
      added
        ? { type: 'success', key: 'buyAgain.added', values: { count: added } }
        : { type: 'info', key: 'buyAgain.nothingAdded' },
    );
  } catch (error) {
    if (error instanceof Response || (error instanceof ApiFailure && error.status === 404)) return notFoundOr(error);
    return redirectWithToast(`${orderPath(orderNumber)}/buy-again`, failureToast(error, 'buyAgain.failed'));
  }
}

type Line = BuyAgainReview['lines'][number];

function Outcome({ outcome }: { outcome: Line['outcome'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  switch (outcome.kind) {
    case 'toCart':
      return <>{t('buyAgain.toCart', { quantity: outcome.quantity, price: money(outcome.unitPrice) })}</>;
    case 'short':
      return (
        <>
          {t('buyAgain.short', {
            quantity: outcome.quantity,
            available: outcome.available,
            price: money(outcome.unitPrice),
          })}
        </>
      );
    case 'inCart':
      return <>{t('buyAgain.inCart', { quantity: outcome.quantity })}</>;
    case 'offerOpen':
      return <>{t('buyAgain.offerOpen', { status: t(statusLabelKey(outcome.status)) })}</>;
    case 'gone':
      return <>{t('buyAgain.gone')}</>;
  }
}

export default function BuyAgainPage() {
  useTexts('buyAgain', 'offers', 'orders');
  const { review } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const going = review.lines.filter((line) => goesToCart(line.outcome));
  const left = review.lines.filter((line) => !goesToCart(line.outcome));
  const list = (lines: Line[]) => (
    <ul className="buy-again-lines">
      {lines.map((line) => (
        <li key={line.itemNumberWarehouse} className={`buy-again-line buy-again-line--${line.outcome.kind}`}>
          <span className="buy-again-line__item">{line.description}</span>
          <span className="buy-again-line__meta">
            {t('buyAgain.ordered', { itemNumber: line.itemNumber, quantity: line.orderedQuantity })}
          </span>
          <span className="buy-again-line__outcome">
            <Outcome outcome={line.outcome} />
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="page buy-again">
      <PageHeader
        backTo={orderPath(review.phonexOrderNumber)}
        backLabel={t('buyAgain.backToOrder')}
        title={t('buyAgain.title', { order: review.refOrderNumberOrPhonexOrderNumber })}
      />
      <p>{t('buyAgain.intro', { warehouse: review.warehouse })}</p>
      <section aria-labelledby="buy-again-going">
        <h2 id="buy-again-going">{t('buyAgain.goingTitle', { count: going.length })}</h2>
        {going.length ? list(going) : <p>{t('buyAgain.nothingGoing')}</p>}
      </section>
      {left.length ? (
        <section aria-labelledby="buy-again-left">
          <h2 id="buy-again-left">{t('buyAgain.leftTitle', { count: left.length })}</h2>
          {list(left)}
        </section>
      ) : null}
      <Form method="post" className="form-actions">
        <button
          type="submit"
          name="intent"
          value="confirm"
          className="button button--primary"
          disabled={busy || !going.length}
        >
          {t('buyAgain.confirm')}
        </button>
      </Form>
    </section>
  );
}
