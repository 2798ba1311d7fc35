import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, failureParts } from '~/.server/api/client';
import { returnsApi, type Returnable } from '~/.server/api/returns';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { intentOf, readForm } from '~/.server/forms';
import { json } from '~/.server/json';
import { redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { formatDateTime } from '~/domain/money';
import { groupReturnable } from '~/domain/returns/returnable';
import { RETURN_LIMITS } from '~/domain/returns/rules';
import { useTexts } from '~/i18n/use-texts';
import { newRequestKey, parseRequestForm, type ParsedRequest } from './request-form.server';

export const meta = titled('returns.title');

/**
 * Request a return (issue 38): `?order=` names the order (typed here, or from the order's page);
 * its shipped units show by IMEI, or by line and quantity for goods shipped without IMEIs, each
 * with a reason from the tenant's list. A unit that cannot be returned says why and cannot be ticked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const typed = (new URL(request.url).searchParams.get('order') ?? '').trim();
  const base = { typed: typed.slice(0, 40), key: newRequestKey(), returnable: null as Returnable | null, failure: null as FailureParts | null, orderNotFound: false };
  if (!typed) return json(base);
  if (!ORDER_NUMBER.test(typed)) return json({ ...base, orderNotFound: true }, { status: 404 });
  try {
    return json({ ...base, returnable: await returnsApi.returnable(context, token, typed) });
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    if (error instanceof ApiFailure && error.status === 404) return json({ ...base, orderNotFound: true }, { status: 404 });
    return json({ ...base, failure: failureParts(error) });
  }
}

type ActionData = { failure: FailureParts; chosen: ParsedRequest['chosen'] | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const form = await readForm(request);
  intentOf(form, ['request'] as const);
  const parsed = parseRequestForm(form);
  if (parsed === 'badForm') return json<ActionData>({ failure: { fallbackKey: 'errors.badRequest' }, chosen: null }, { status: 400 });
  if (!parsed.units.length) return json<ActionData>({ failure: { fallbackKey: 'returns.new.chooseUnit' }, chosen: parsed.chosen }, { status: 400 });
  try {
    const { rmaNumber } = await returnsApi.create(context, token, { orderNumber: parsed.orderNumber, idempotencyKey: parsed.idempotencyKey, note: parsed.note, units: parsed.units });
    return redirectWithToast(`/returns/${encodeURIComponent(rmaNumber)}`, { type: 'success', key: 'returns.requested', values: { rmaNumber } });
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    const status = error instanceof ApiFailure && error.status >= 400 && error.status < 500 ? error.status : 502;
    return json<ActionData>({ failure: failureParts(error), chosen: parsed.chosen }, { status });
  }
}

export default function RequestReturnPage() {
  useTexts('returnErrors', 'returns');
  const { typed, key, returnable, failure, orderNotFound } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const translate = (k: string, params?: Record<string, unknown>) => {
    const text = t(k as 'returns.title', params as Record<string, string>);
    return text === k ? undefined : text;
  };
  const shownFailure: FailureParts | null = answer?.failure ?? failure;
  const chosen = answer?.chosen ?? null;
  const groups = returnable ? groupReturnable(returnable.units) : null;
  const reasonSelect = (name: string, id: string, label: string) => (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={chosen?.values[name] ?? returnable!.reasons[0]?.code}>
        {returnable!.reasons.map((r) => (
          <option key={r.code} value={r.code}>
            {r.label}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <section className="page returns-new">
      <PageHeader backTo="/returns" backLabel={t('returns.new.back')} title={t('returns.new.title')} />
      <Form method="get" className="orders-search returns-order">
        <label htmlFor="return-order">{t('returns.new.orderLabel')}</label>
        <input id="return-order" name="order" defaultValue={typed} maxLength={40} autoComplete="off" required />
        <button type="submit" className="button button--secondary">
          {t('returns.new.chooseOrder')}
        </button>
      </Form>
      {shownFailure || orderNotFound ? (
        <p className="banner banner--error" role="alert">
          {shownFailure ? failureText(shownFailure, translate) : t('returns.new.orderNotFound', { orderNumber: typed })}
        </p>
      ) : null}
      {returnable && groups ? (
        <Form method="post" className="returns-request">
          <input type="hidden" name="order" value={returnable.orderNumber} />
          <input type="hidden" name="key" value={key} />
          <h2>{t('returns.new.forOrder', { orderNumber: returnable.orderNumber })}</h2>
          <p className="muted">{t('returns.new.window', { days: returnable.windowDays })}</p>
          {groups.imeis.length === 0 && groups.lines.length === 0 ? <p>{t('returns.new.nothing')}</p> : null}
          {groups.imeis.length ? (
            <div className="table-scroll">
              <table className="orders-table returns-units">
                <thead>
                  <tr>
                    <th scope="col">{t('returns.new.column.choose')}</th>
                    <th scope="col">{t('returns.new.column.item')}</th>
                    <th scope="col">{t('returns.new.column.shipped')}</th>
                    <th scope="col">{t('returns.new.column.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {groups.imeis.map((unit) => (
                    <tr key={unit.key}>
                      <td>
                        <label className="nowrap">
                          <input type="checkbox" name="unit" value={unit.imei!} disabled={unit.refusal !== null} defaultChecked={chosen?.units.includes(unit.imei!)} aria-label={t('returns.new.choose', { unit: unit.imei! })} />{' '}
                          <span>{unit.imei}</span>
                        </label>
                      </td>
                      <td>
                        {unit.itemNumber} {unit.description}
                      </td>
                      <td>{formatDateTime(unit.shippedAt, i18n.language)}</td>
                      <td>{unit.refusal ? <span className="muted">{t(`returns.new.refusal.${unit.refusal}`)}</span> : reasonSelect(`reason:${unit.imei}`, `reason-${unit.imei}`, t('returns.new.reasonFor', { unit: unit.imei! }))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {groups.lines.map((line) => (
            <fieldset key={line.itemNumberWarehouse} className="returns-line">
              <legend>
                {line.itemNumber} {line.description}
              </legend>
              {line.free > 0 ? (
                <Fragment>
                  <label htmlFor={`line-${line.itemNumberWarehouse}`}>{t('returns.new.quantityFor', { item: line.itemNumber, max: line.free })}</label>
                  <input id={`line-${line.itemNumberWarehouse}`} name={`line:${line.itemNumberWarehouse}`} type="number" min={0} max={line.free} inputMode="numeric" defaultValue={chosen?.values[`line:${line.itemNumberWarehouse}`] ?? '0'} />
                  {reasonSelect(`reason-line:${line.itemNumberWarehouse}`, `reason-line-${line.itemNumberWarehouse}`, t('returns.new.reasonFor', { unit: line.itemNumber }))}
                </Fragment>
              ) : (
                <p className="muted">{t('returns.new.nothing')}</p>
              )}
            </fieldset>
          ))}
          <label htmlFor="return-note">{t('returns.new.note')}</label>
          <textarea id="return-note" name="note" maxLength={RETURN_LIMITS.noteLength} rows={3} defaultValue={chosen?.note ?? ''} />
          <p>
            <button type="submit" name="intent" value="request" className="button button--primary" disabled={busy}>
              {t('returns.new.submit')}
            </button>
          </p>
        </Form>
      ) : null}
    </section>
  );
}
