import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { returnsApi } from '~/.server/api/returns';
import { requireBuyer } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { RMA_NUMBER } from '~/.server/returns-files';
import { formRefusal, intentOf, readForm } from '~/.server/forms';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { PathLink } from '~/components/PathLink';
import { ReturnCredit } from '~/components/ReturnCredit';
import { titled } from '~/components/page-title';
import { useMoneyFormat } from '~/components/use-money-format';
import { formatDateTime } from '~/domain/money';
import { returnStatusColor } from '~/domain/returns/list-query';
import { useTexts } from '~/i18n/use-texts';
import { parseSubmission } from '~/.server/conform';
import { useTimeZone } from '~/components/use-date-time';

export const meta = titled('returns.title');

/** The box goes back once the seller approved: the slip names what is in it. */
const SLIP_STATUSES = ['APPROVED', 'RECEIVED', 'CREDITED', 'REPLACED'];

const notFound = (rmaNumber: string) =>
  redirectWithToast('/returns', { type: 'error', key: 'returns.details.notFound', values: { rmaNumber } });

/** A return request (issue 38): its units with reasons, the seller's answer and instructions, the credit, and its history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const rmaNumber = params.rmaNumber ?? '';
  if (!RMA_NUMBER.test(rmaNumber)) return notFound(rmaNumber.slice(0, 80));
  try {
    return data(
      { request: await returnsApi.get(context, token, rmaNumber) },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return notFound(rmaNumber);
    return redirectWithToast('/returns', failureToast(error));
  }
}

/** Cancel Request: a button and nothing else (Zod alone, no fields a person fills). */
const cancelForm = z.strictObject({ intent: z.literal('cancel') });

/** Cancel Request, while it is REQUESTED; the tenant API refuses it after that. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const rmaNumber = params.rmaNumber ?? '';
  if (!RMA_NUMBER.test(rmaNumber)) return notFound(rmaNumber.slice(0, 80));
  const form = await readForm(request);
  intentOf(form, ['cancel'] as const);
  if (parseSubmission(form, cancelForm).status !== 'success') throw formRefusal(400);
  const here = `/returns/${encodeURIComponent(rmaNumber)}`;
  try {
    await returnsApi.cancel(context, token, rmaNumber);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return notFound(rmaNumber);
    return redirectWithToast(here, failureToast(error));
  }
  return redirectWithToast(here, { type: 'success', key: 'returns.details.canceled', values: { rmaNumber } });
}

export default function ReturnPage() {
  const zone = useTimeZone();
  useTexts('returnErrors', 'returns');
  const { request: r } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const busy = useNavigation().state !== 'idle';
  const status = (code: string) => t(`returns.status.${code}` as 'returns.status.REQUESTED');
  const date = (iso: string) => formatDateTime(iso, i18n.language, zone);
  return (
    <section className="page return-details">
      <PageHeader
        backTo="/returns"
        backLabel={t('returns.details.back')}
        title={t('returns.details.title', { rmaNumber: r.rmaNumber })}
      />
      <dl className="order-meta">
        <dt>{t('returns.details.order')}</dt>
        <dd>
          <PathLink to={`/orders/${encodeURIComponent(r.orderNumber)}`}>{r.orderNumber}</PathLink>
        </dd>
        <dt>{t('returns.details.status')}</dt>
        <dd>
          <span className={`status-chip status-chip--${returnStatusColor(r.status)}`} data-status={r.status}>
            {status(r.status)}
          </span>
        </dd>
        <dt>{t('returns.details.created')}</dt>
        <dd>{date(r.createdAt)}</dd>
        <dt>{t('returns.details.credit')}</dt>
        <dd data-return-credit="">
          <ReturnCredit status={r.status} amount={r.credit} money={money} />
        </dd>
        {r.note ? (
          <>
            <dt>{t('returns.details.note')}</dt>
            <dd className="pre-line">{r.note}</dd>
          </>
        ) : null}
        {r.answer ? (
          <>
            <dt>{t('returns.details.answer')}</dt>
            <dd className="pre-line">{r.answer}</dd>
          </>
        ) : null}
        {r.instructions ? (
          <>
            <dt>{t('returns.details.instructions')}</dt>
            <dd className="pre-line">{r.instructions}</dd>
          </>
        ) : null}
      </dl>
      {SLIP_STATUSES.includes(r.status) ? (
        <p>
          <a
            href={`/returns/${encodeURIComponent(r.rmaNumber)}/packing-slip`}
            type="application/pdf"
            className="button button--secondary"
            download
          >
            {t('returns.details.packingSlip')}
          </a>
        </p>
      ) : null}
      {r.status === 'REQUESTED' ? (
        <details className="return-cancel">
          <summary className="button button--secondary">{t('returns.details.cancel')}</summary>
          <Form method="post">
            <p>{t('returns.details.cancelConfirm')}</p>
            <button type="submit" name="intent" value="cancel" className="button button--primary" disabled={busy}>
              {t('returns.details.cancel')}
            </button>
          </Form>
        </details>
      ) : null}
      <section className="order-section" aria-labelledby="return-units-title">
        <h2 id="return-units-title">{t('returns.details.units')}</h2>
        <div className="table-scroll">
          <table className="orders-table">
            <caption className="visually-hidden">{t('returns.details.unitsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('returns.new.column.unit')}</th>
                <th scope="col">{t('returns.new.column.item')}</th>
                <th scope="col">{t('returns.new.column.reason')}</th>
                <th scope="col">{t('returns.details.unitState')}</th>
                <th scope="col">{t('returns.details.photos')}</th>
                <th scope="col" className="num">
                  {t('returns.details.credit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.units.map((u) => (
                <tr key={u.key}>
                  <th scope="row" className="nowrap">
                    {u.imei ?? u.itemNumber}
                  </th>
                  <td data-label={t('returns.new.column.item')}>
                    {u.itemNumber} {u.description}
                  </td>
                  <td data-label={t('returns.new.column.reason')}>{u.reason}</td>
                  <td data-label={t('returns.details.unitState')}>
                    {status(u.state)}
                    {u.rejectReason ? (
                      <>
                        <br />
                        <span className="muted">{t('returns.details.rejectReason', { reason: u.rejectReason })}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t('returns.details.photos')}>
                    {u.photos.length ? (
                      <ul className="return-photos">
                        {u.photos.map((photo, i) => {
                          const src = `/returns/${encodeURIComponent(r.rmaNumber)}/photos/${photo.id}`;
                          return (
                            <li key={photo.id}>
                              <a href={src}>
                                <img
                                  src={src}
                                  alt={t('returns.details.photo', { n: i + 1, unit: u.imei ?? u.itemNumber })}
                                  width={64}
                                  height={64}
                                  loading="lazy"
                                  decoding="async"
                                />
                              </a>
                            </li>
                          );
                        })}
                      </ul>
                    ) : (
                      <span className="muted">{t('returns.details.noPhotos')}</span>
                    )}
                  </td>
                  <td className="num" data-label={t('returns.details.credit')}>
                    <ReturnCredit status={u.state} amount={u.credit} money={money} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="order-section" aria-labelledby="return-history-title">
        <h2 id="return-history-title">{t('returns.details.history')}</h2>
        <ol className="return-history">
          {r.history.map((h, i) => (
            <li key={i}>
              <span className={`status-chip status-chip--${returnStatusColor(h.to)}`}>{status(h.to)}</span>{' '}
              <time dateTime={h.at}>{date(h.at)}</time>
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
