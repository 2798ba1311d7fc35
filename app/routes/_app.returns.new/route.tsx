import { data } from '@remix-run/node';
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, AppLoadContext, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure, failureParts } from '~/.server/api/client';
import { returnsApi, type Returnable } from '~/.server/api/returns';
import { retryAfterFromAction } from '~/.server/api/busy';
import { requireBuyer } from '~/.server/auth';
import { declaredBytes, PHOTO_REQUEST_BODY_BYTES, photoWaitMs, photoBytesInFlight } from '~/.server/byte-budget';
import { dispatchIntent, MAX_FORM_BYTES } from '~/.server/forms';
import { requireReturnsAccess } from '~/.server/returns-access';
import { redirectWithToast } from '~/.server/toast';
import { ErrorSummary, useSubmittedErrors, type SummarisedForm } from '~/components/ErrorSummary';
import { Field } from '~/components/Field';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { formatDateTime } from '~/domain/money';
import { failureError, readFailureError } from '~/domain/offers/quick-order-form';
import {
  MAX_LINE_QUANTITY,
  MAX_ROWS,
  ORDER_LOOKUP_NOT_FOUND,
  orderLookupSchema,
  PASTE_INTENT,
  PHOTO_TEXT_PARAMS,
  REQUEST_INTENT,
  requestedUnits,
  returnRequestSchema,
  returnRequestShape,
  SELECT_ALL_INTENT,
  type ReturnRequestForm,
} from '~/domain/returns/request-form';
import { MAX_PASTED_CHARS, MAX_PASTED_IMEIS } from '~/domain/returns/unit-selection';
import { groupReturnable } from '~/domain/returns/returnable';
import { PHOTO_TYPES } from '~/domain/photo-type';
import { useTexts } from '~/i18n/use-texts';
import { newRequestKey, readRequestForm } from './request-form.server';
import { pickedForm } from './unit-picks.server';
import { parseSubmission } from '~/.server/conform';
import { useTimeZone } from '~/components/use-date-time';

export const meta = titled('returns.title');
export const headers: HeadersFunction = retryAfterFromAction;

/**
 * Request a return (issue 38): `?order=` names the order (typed here, or from the order's page);
 * its shipped units show by IMEI, or by line and quantity for goods shipped without IMEIs, each
 * with a reason from the tenant's list and up to five photos. A unit that cannot be returned says
 * why and cannot be ticked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const params = new URL(request.url).searchParams;
  const base = {
    typed: (params.get('order') ?? '').trim().slice(0, 40),
    key: newRequestKey(),
    returnable: null as Returnable | null,
    failure: null as FailureParts | null,
    lookup: null as SubmissionResult | null,
  };
  if (!params.has('order')) return base;
  // Only the order is the form's: the address may carry more (Remix's own parameters).
  const lookup = parseSubmission(new URLSearchParams([['order', params.get('order')!]]), orderLookupSchema);
  if (lookup.status !== 'success') return data({ ...base, lookup: lookup.reply() }, { status: 404 });
  try {
    return { ...base, returnable: await returnsApi.returnable(context, token, lookup.value.order) };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404)
      return data(
        { ...base, lookup: lookup.reply({ fieldErrors: { order: [ORDER_LOOKUP_NOT_FOUND] } }) },
        { status: 404 },
      );
    return { ...base, failure: failureParts(error) };
  }
}

/** The photos' names in the form. */
const withoutPhotos = (form: FormData) => [...new Set([...form.keys()].filter((name) => name.endsWith('.photos')))];

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  // Photos take their share of the process's budget before the body is read, and hold it until they
  // are stored; a body no larger than any form's is not counted.
  const declared = declaredBytes(request.headers, PHOTO_REQUEST_BODY_BYTES);
  const release =
    declared > MAX_FORM_BYTES ? await photoBytesInFlight().take(declared, photoWaitMs(), request.signal) : () => {};
  try {
    return await requestReturn(request, context, token, release !== null);
  } finally {
    release?.();
  }
}

/** What each of the form's intents works with: the buyer, and how the request's photos went. */
interface ReturnForm {
  context: AppLoadContext;
  token: string;
  /** False: no room for photos now; the form comes back with the fields it had. */
  withPhotos: boolean;
  tooManyFiles: boolean;
  /** The posted values go back without the photos: no browser takes a file back. */
  hideFields: string[];
}

type Replying = { reply: (options: { formErrors?: string[]; hideFields: string[] }) => SubmissionResult };

/** The form back as sent (without its photos), with the failure above it. */
function refuse(
  the: ReturnForm,
  submission: Replying,
  status: number,
  parts?: FailureParts,
  headers?: Record<string, string>,
) {
  return data(
    {
      result: submission.reply({ ...(parts ? { formErrors: [failureError(parts)] } : {}), hideFields: the.hideFields }),
    },
    { status, headers },
  );
}

/** The request with its photos, or choosing many units at once: each intent a function below. */
async function requestReturn(request: Request, context: AppLoadContext, token: string, withPhotos: boolean) {
  const { form, tooManyFiles } = await readRequestForm(request, { keepPhotos: withPhotos });
  const the: ReturnForm = { context, token, withPhotos, tooManyFiles, hideFields: withoutPhotos(form) };
  return dispatchIntent(form, {
    [REQUEST_INTENT]: (form) => submitRequest(form, the),
    [PASTE_INTENT]: (form) => pickAtOnce(form, PASTE_INTENT, the),
    [SELECT_ALL_INTENT]: (form) => pickAtOnce(form, SELECT_ALL_INTENT, the),
  });
}

/** The order's returnable units for a form of sound shape, or the refusal to answer (no room for photos, no such order). */
async function returnableFor(shaped: Replying, order: string, the: ReturnForm) {
  if (!the.withPhotos)
    return {
      refused: refuse(
        the,
        shaped,
        503,
        { fallbackKey: 'returns.new.photosBusy' },
        { 'Retry-After': String(photoWaitMs() / 1000) },
      ),
    };
  try {
    return { returnable: await returnsApi.returnable(the.context, the.token, order) };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404)
      return {
        refused: refuse(the, shaped, 404, { messageCode: 'return.orderNotFound', params: { orderNumber: order } }),
      };
    return { refused: refuse(the, shaped, 502, failureParts(error)) };
  }
}

/** SELECT PASTED or SELECT ALL: asks for nothing yet, so only the form's shape counts; the form comes back with the units chosen. */
async function pickAtOnce(form: FormData, intent: typeof PASTE_INTENT | typeof SELECT_ALL_INTENT, the: ReturnForm) {
  const shaped = parseSubmission(form, returnRequestShape, { rows: MAX_ROWS });
  if (shaped.status !== 'success') return refuse(the, shaped, 400);
  const found = await returnableFor(shaped, shaped.value.order, the);
  if ('refused' in found) return found.refused;
  const picked = pickedForm(shaped, intent, found.returnable, the.hideFields);
  return data(picked, { status: picked.result.status === 'error' ? 400 : 200 });
}

/** REQUEST RETURN: the shape first; then the order's own reasons say which units need a photo. */
async function submitRequest(form: FormData, the: ReturnForm) {
  const shaped = parseSubmission(form, returnRequestSchema([]), { rows: MAX_ROWS });
  if (shaped.status !== 'success') return refuse(the, shaped, 400);
  const found = await returnableFor(shaped, shaped.value.order, the);
  if ('refused' in found) return found.refused;
  const photoReasons = found.returnable.reasons.filter((r) => r.photoRequired).map((r) => r.code);
  const submission = photoReasons.length
    ? parseSubmission(form, returnRequestSchema(photoReasons), { rows: MAX_ROWS })
    : shaped;
  if (submission.status !== 'success') return refuse(the, submission, 400);
  if (the.tooManyFiles) return refuse(the, submission, 413, { fallbackKey: 'returns.new.photosTooLarge' });
  const { order, key, note } = submission.value;
  try {
    const { rmaNumber } = await returnsApi.create(the.context, the.token, {
      orderNumber: order,
      idempotencyKey: key,
      note,
      units: requestedUnits(submission.value),
    });
    return redirectWithToast(`/returns/${encodeURIComponent(rmaNumber)}`, {
      type: 'success',
      key: 'returns.requested',
      values: { rmaNumber },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const status = error instanceof ApiFailure && error.status >= 400 && error.status < 500 ? error.status : 502;
    return refuse(the, submission, status, failureParts(error));
  }
}

const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
/** The buttons that choose many units at once; pasting needs units by IMEI (the first). They skip the browser's checks: they request nothing. */
const PICK_BUTTONS = [
  [PASTE_INTENT, 'returns.new.pick.selectPasted'],
  [SELECT_ALL_INTENT, 'returns.new.pick.selectAll'],
] as const;
const PHOTOS_HINT = 'return-photos-hint';

export default function RequestReturnPage() {
  useTexts('returnErrors', 'returns');
  const { typed, key, returnable, failure, lookup } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const translate = useTranslate();
  const [lookupForm, lookupFields] = useForm({
    id: 'return-order',
    lastResult: lookup as SubmissionResult<string[]> | null,
    defaultValue: { order: typed },
    constraint: getZodConstraint(orderLookupSchema),
    shouldValidate: 'onSubmit',
  });
  const orderField = lookupFields.order;
  return (
    <section className="page returns-new">
      <PageHeader backTo="/returns" backLabel={t('returns.new.back')} title={t('returns.new.title')} />
      <Form method="get" {...getFormProps(lookupForm)} className="orders-search returns-order">
        <Field
          field={orderField}
          label={t('returns.new.orderLabel')}
          type="text"
          autoComplete="off"
          words={(error) => t(error as 'returns.title', { orderNumber: typed })}
        />
        <button type="submit" className="button button--secondary">
          {t('returns.new.chooseOrder')}
        </button>
      </Form>
      {failure ? (
        <p className="banner banner--error" role="alert">
          {failureText(failure, translate)}
        </p>
      ) : null}
      {/* Another order is another form: its rows start again from its own units. */}
      {returnable ? (
        <RequestForm
          key={returnable.orderNumber}
          returnable={returnable}
          requestKey={key}
          lastResult={answer?.result as SubmissionResult<string[]> | undefined}
          selected={answer && 'selected' in answer && typeof answer.selected === 'number' ? answer.selected : undefined}
        />
      ) : null}
    </section>
  );
}

/** The error catalogue's words for a key or a failure, with the numbers the return form's messages name. */
function useTranslate() {
  const { t, i18n } = useTranslation();
  return (k: string, params?: Record<string, unknown>) =>
    i18n.exists(k)
      ? t(k as 'returns.title', { ...PHOTO_TEXT_PARAMS, ...params } as unknown as Record<string, string>)
      : undefined;
}

/** The order's units by IMEI and its lines without IMEIs, each with a reason and photos, and a note. */
function RequestForm({
  returnable,
  requestKey,
  lastResult,
  selected,
}: {
  returnable: Returnable;
  requestKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** How many units the last Select all or paste left chosen. */
  selected: number | undefined;
}) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const translate = useTranslate();
  const busy = useNavigation().state !== 'idle';
  const word = (error: string) => failureText(readFailureError(error), translate);
  const groups = groupReturnable(returnable.units);
  const photoReasons = returnable.reasons.filter((r) => r.photoRequired).map((r) => r.code);
  const schema = useMemo(() => returnRequestSchema(photoReasons), [photoReasons.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const openUnits = groups.imeis.filter((u) => u.refusal === null);
  const openLines = groups.lines.filter((l) => l.free > 0);
  const [form, fields] = useForm<ReturnRequestForm>({
    id: 'return-request',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    defaultValue: {
      note: '',
      // No reason until the buyer picks one (issue 52): a default reason is a claim nobody made.
      units: openUnits.map((u) => ({ imei: u.imei! })),
      lines: openLines.map((l) => ({ item: l.itemNumberWarehouse, quantity: 0 })),
    },
  });
  // For the request's own refusal: a paste's says why beside the list (a step, decision 038).
  const submitted = useSubmittedErrors(form, selected === undefined ? lastResult : undefined);
  const unitFields = fields.units.getFieldList();
  const lineFields = fields.lines.getFieldList();
  const refusedBefore = lastResult?.status === 'error';

  const reasonOptions = (empty: string) => (
    <>
      <option value="">{empty}</option>
      {returnable.reasons.map((r) => (
        <option key={r.code} value={r.code}>
          {r.label}
        </option>
      ))}
    </>
  );
  /** A chosen unit needs a reason: required while it is chosen, so the browser asks before the server does. */
  const reasonSelect = (field: FieldMetadata<string | undefined>, label: string, chosen: boolean) => (
    <Field field={field} label={label} labelHidden type="select" words={word} control={{ required: chosen }}>
      {reasonOptions(t('returns.new.reasonChoose'))}
    </Field>
  );
  const photoInput = (field: FieldMetadata<File[] | undefined>, label: string) => (
    <Field
      field={field}
      label={label}
      labelHidden
      type="file"
      describedBy={PHOTOS_HINT}
      // A photo's own refusal sits on its place in the list (photos[0]): the input says them all.
      errors={[...new Set(Object.values(field.allErrors).flat())]}
      words={word}
      control={{ multiple: true, accept: PHOTO_ACCEPT, className: 'returns-photos' }}
    />
  );

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="returns-request">
      <input type="hidden" name="order" value={returnable.orderNumber} />
      <input type="hidden" name="key" value={requestKey} />
      <h2>{t('returns.new.forOrder', { orderNumber: returnable.orderNumber })}</h2>
      <ErrorSummary
        form={byPhotoInput(submitted)}
        text={word}
        order={[
          'paste',
          'pickReason',
          ...unitFields.flatMap((unit) => [`${unit.name}.reason`, `${unit.name}.photos`]),
          ...lineFields.flatMap((line) => [`${line.name}.quantity`, `${line.name}.reason`, `${line.name}.photos`]),
          'note',
        ]}
      />
      <p className="muted">{t('returns.new.window', { days: returnable.windowDays })}</p>
      <p className="muted" id={PHOTOS_HINT}>
        {t('returns.new.photosHint', PHOTO_TEXT_PARAMS)}
        {refusedBefore ? ` ${t('returns.new.photosAgain')}` : ''}
      </p>
      {groups.imeis.length === 0 && groups.lines.length === 0 ? <p>{t('returns.new.nothing')}</p> : null}
      {openUnits.length || openLines.length ? (
        <fieldset className="returns-pick">
          <legend>{t('returns.new.pick.legend')}</legend>
          {openUnits.length ? (
            <Field
              field={fields.paste}
              label={t('returns.new.pick.paste')}
              type="textarea"
              hint={t('returns.new.pick.pasteHint', { max: MAX_PASTED_IMEIS })}
              rows={3}
              maxLength={MAX_PASTED_CHARS}
              autoComplete="off"
              control={{ spellCheck: false }}
              words={word}
              className="returns-pick__paste"
            />
          ) : null}
          <Field
            field={fields.pickReason}
            label={t('returns.new.pick.reason')}
            type="select"
            words={word}
            className="returns-pick__reason"
          >
            {reasonOptions(t('returns.new.pick.keepReasons'))}
          </Field>
          <div className="returns-pick__actions">
            {(openUnits.length ? PICK_BUTTONS : PICK_BUTTONS.slice(1)).map(([intent, label]) => (
              <button
                key={intent}
                type="submit"
                name="intent"
                value={intent}
                className="button button--secondary"
                formNoValidate
                disabled={busy}
              >
                {t(label)}
              </button>
            ))}
          </div>
          {selected !== undefined ? (
            <p role="status" className="returns-pick__selected">
              {t('returns.new.pick.selected', { count: selected })}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {groups.imeis.length ? (
        <div className="table-scroll">
          <table className="orders-table orders-table--wide returns-units">
            <thead>
              <tr>
                <th scope="col">{t('returns.new.column.choose')}</th>
                <th scope="col">{t('returns.new.column.item')}</th>
                <th scope="col">{t('returns.new.column.shipped')}</th>
                <th scope="col">{t('returns.new.column.reason')}</th>
                <th scope="col">{t('returns.new.column.photos')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.imeis.map((unit) => {
                const row = unit.refusal === null ? unitFields[openUnits.indexOf(unit)]?.getFieldset() : undefined;
                return (
                  <tr key={unit.key}>
                    <td>
                      <label className="nowrap">
                        {row ? (
                          <>
                            <input type="hidden" name={row.imei.name} value={unit.imei!} />
                            <input
                              {...getInputProps(row.chosen, { type: 'checkbox' })}
                              key={row.chosen.key}
                              aria-label={t('returns.new.choose', { unit: unit.imei! })}
                            />
                          </>
                        ) : (
                          <input type="checkbox" disabled aria-label={t('returns.new.choose', { unit: unit.imei! })} />
                        )}{' '}
                        <span>{unit.imei}</span>
                      </label>
                    </td>
                    <td data-label={t('returns.new.column.item')} className="returns-units__wide">
                      <span className="nowrap">{unit.itemNumber}</span> {unit.description}
                    </td>
                    <td data-label={t('returns.new.column.shipped')}>
                      {formatDateTime(unit.shippedAt, i18n.language, zone)}
                    </td>
                    {row ? (
                      <>
                        <td data-label={t('returns.new.column.reason')} className="returns-units__wide">
                          {reasonSelect(
                            row.reason,
                            t('returns.new.reasonFor', { unit: unit.imei! }),
                            row.chosen.value === 'on',
                          )}
                        </td>
                        <td data-label={t('returns.new.column.photos')} className="returns-units__wide">
                          {photoInput(row.photos, t('returns.new.photosFor', { unit: unit.imei! }))}
                        </td>
                      </>
                    ) : (
                      <td colSpan={2} className="returns-units__wide">
                        <span className="muted">{t(`returns.new.refusal.${unit.refusal!}`)}</span>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {groups.lines.map((line) => {
        const row = line.free > 0 ? lineFields[openLines.indexOf(line)]?.getFieldset() : undefined;
        return (
          <fieldset key={line.itemNumberWarehouse} className="returns-line">
            <legend>
              <span className="nowrap">{line.itemNumber}</span> {line.description}
            </legend>
            {row ? (
              <>
                <input type="hidden" name={row.item.name} value={line.itemNumberWarehouse} />
                <Field
                  field={row.quantity}
                  label={t('returns.new.quantityFor', { item: line.itemNumber, max: line.free })}
                  type="number"
                  inputMode="numeric"
                  words={word}
                  control={{ max: Math.min(line.free, MAX_LINE_QUANTITY) }}
                />
                {reasonSelect(
                  row.reason,
                  t('returns.new.reasonFor', { unit: line.itemNumber }),
                  Number(row.quantity.value) > 0,
                )}
                {photoInput(row.photos, t('returns.new.photosFor', { unit: line.itemNumber }))}
              </>
            ) : (
              <p className="muted">{t('returns.new.nothing')}</p>
            )}
          </fieldset>
        );
      })}
      <Field field={fields.note} label={t('returns.new.note')} type="textarea" rows={3} words={word} />
      <p>
        <button type="submit" name="intent" value={REQUEST_INTENT} className="button button--primary" disabled={busy}>
          {t('returns.new.submit')}
        </button>
      </p>
    </Form>
  );
}

/** A photo's refusal sits on its place in the list (`units[0].photos[1]`): the summary links it to the unit's photos input. */
function byPhotoInput(form: SummarisedForm): SummarisedForm {
  if (!form.errors) return form;
  const errors: Record<string, string[]> = {};
  for (const [name, said] of Object.entries(form.errors)) {
    const input = name.replace(/(\.photos)\[\d+\]$/, '$1');
    errors[input] = [...new Set([...(errors[input] ?? []), ...(said ?? [])])];
  }
  return { id: form.id, errors };
}
