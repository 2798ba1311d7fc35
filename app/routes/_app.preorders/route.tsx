import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { preordersApi, type Preorder, type PreorderList } from '~/.server/api/preorders';
import { getTenantConfig } from '~/.server/api/settings';
import { requireBuyer } from '~/.server/auth';
import { readForm } from '~/.server/forms';
import { titled } from '~/components/page-title';
import { PathLink } from '~/components/PathLink';
import { useMoneyFormat } from '~/components/use-money-format';
import { formatMinor } from '~/domain/money';
import { commitmentUnitPrice, type CommitmentUnitPrice } from '~/domain/preorders/commitment';
import { useTexts } from '~/i18n/use-texts';
import { commitConstraint, preorderAction } from './commit-form.server';
import { itemOf, PreorderCard } from './PreorderCard';
import { useCounts } from '~/components/use-counts';

export const meta = titled('preorders.title');

/** Pre-orders (issue 53): the open ones, each with its commit form, and the buyer's commitments with their state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  let list: PreorderList | null = null;
  try {
    list = await preordersApi.list(context, token);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'pre-orders not available');
  }
  return data({ list, constraint: commitConstraint }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  return preorderAction(form, context, token, (await getTenantConfig(context)).language);
}

export default function PreordersPage() {
  const { number } = useCounts();
  useTexts('preorders', 'entry');
  const { list, constraint } = useLoaderData<typeof loader>();
  // A pre-order that closed while the buyer was filling its form comes back with the refusal beside its field.
  const closed = (useActionData<unknown>() as { preorder?: Preorder } | undefined)?.preorder;
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const unitPriceText = ({ kind, amount }: CommitmentUnitPrice) => {
    const price = formatMinor(amount, money);
    if (kind === 'fixed') return price;
    return t(kind === 'final' ? 'preorders.unitPrice.final' : 'preorders.unitPrice.upTo', { price });
  };
  if (!list)
    return (
      <section className="page preorders-page">
        <h1>{t('preorders.title')}</h1>
        <p role="alert">{t('preorders.unavailable')}</p>
      </section>
    );
  const shown =
    closed && !list.preorders.some((p) => p.id === closed.id) ? [...list.preorders, closed] : list.preorders;
  const open = new Map(list.commitments.filter((c) => c.state === 'OPEN').map((c) => [c.preorderId, c] as const));
  return (
    <section className="page preorders-page">
      <h1>{t('preorders.title')}</h1>
      <p className="muted">{t('preorders.intro')}</p>
      <h2>{t('preorders.open.heading')}</h2>
      {shown.length ? (
        <ul className="preorder-cards">
          {shown.map((preorder) => (
            <PreorderCard
              key={`${preorder.id}|${open.get(preorder.id)?.updatedAt ?? ''}`}
              preorder={preorder}
              mine={open.get(preorder.id) ?? null}
              constraint={constraint}
            />
          ))}
        </ul>
      ) : (
        <p>{t('preorders.open.empty')}</p>
      )}
      <h2>{t('preorders.mine.heading')}</h2>
      {list.commitments.length ? (
        <div className="table-scroll">
          <table className="orders-table preorder-commitments">
            <caption className="visually-hidden">{t('preorders.mine.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('preorders.column.item')}</th>
                <th scope="col" className="num">
                  {t('preorders.column.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('preorders.column.unitPrice')}
                </th>
                <th scope="col">{t('preorders.column.state')}</th>
                <th scope="col" className="num">
                  {t('preorders.column.allocated')}
                </th>
                <th scope="col">{t('preorders.column.order')}</th>
              </tr>
            </thead>
            <tbody>
              {list.commitments.map((c) => (
                <tr key={c.preorderId} data-state={c.state}>
                  <th scope="row">{itemOf(c.preorder)}</th>
                  <td className="num" data-label={t('preorders.column.quantity')}>
                    {number(c.quantity)}
                  </td>
                  <td className="num" data-label={t('preorders.column.unitPrice')}>
                    {unitPriceText(commitmentUnitPrice(c, c.preorder))}
                  </td>
                  <td data-label={t('preorders.column.state')}>
                    {t(`preorders.state.${c.state}`)}
                    {c.state === 'CANCELED' && c.preorder.cancelReason ? (
                      <span className="preorder-commitments__reason">
                        {t('preorders.canceledReason', { reason: c.preorder.cancelReason })}
                      </span>
                    ) : null}
                  </td>
                  <td className="num" data-label={t('preorders.column.allocated')}>
                    {c.state === 'ALLOCATED' || c.state === 'NOT_ALLOCATED' ? number(c.allocatedQuantity) : ''}
                  </td>
                  <td data-label={t('preorders.column.order')}>
                    {c.orderNumber ? (
                      <PathLink to={`/orders/${encodeURIComponent(c.orderNumber)}`} className="nowrap">
                        {c.orderNumber}
                      </PathLink>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('preorders.mine.empty')}</p>
      )}
    </section>
  );
}
