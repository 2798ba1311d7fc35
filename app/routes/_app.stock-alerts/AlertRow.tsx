import { getFormProps, useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { StockAlert } from '~/.server/api/alerts';
import { useFormReply, type FormConstraint } from '~/components/form-reply';
import { useEntryField } from '~/components/use-entry-field';
import { FieldError } from '~/components/FieldError';
import { useHydrated } from '~/components/use-hydrated';
import { alertQuantityEntry } from '~/domain/stock/alert-quantity';

/** A row's form, as the action's reply names it (the page has one per alert). */
export const rowFormId = (participantId: string, itemNumberWarehouse: string) =>
  `alert-${participantId}-${itemNumberWarehouse}`;

/**
 * One alert, editable in place (spec 1 §4 "Stock alert edit"): typing marks it changed, turns UPDATE
 * on and shows CANCEL; Cancel restores the value from when the field was focused. Without scripts
 * both buttons are always there (Cancel is a form reset).
 */
export function AlertRow({
  alert,
  constraint,
}: {
  alert: StockAlert & { participantId: string };
  /** The update form's constraint, made on the server from its schema. */
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const formId = rowFormId(alert.participantId, alert.itemNumberWarehouse);
  const reply = useFormReply(formId);
  const [form, fields] = useForm<{ quantity: string }>({ id: formId, lastResult: reply?.result, constraint });
  const field = fields.quantity;
  const quantity = useEntryField(field.initialValue ?? String(alert.quantity), (text) =>
    alertQuantityEntry(text, alert.incrementSize, i18n.language),
  );
  const [changed, setChanged] = useState(Boolean(reply));
  const focused = useRef(quantity.value);
  // Conform keeps a reply's errors in its state; once another change went through (no reply), they are past.
  const error = quantity.error ?? (reply ? field.errors?.[0] : undefined);
  const hidden = (
    <>
      <input type="hidden" name="participantId" value={alert.participantId} />
      <input type="hidden" name="itemNumberWarehouse" value={alert.itemNumberWarehouse} />
    </>
  );
  const [before, after] = t('alerts.sentence', { alert: '\u0000' }).split('\u0000');
  return (
    <li className="alert-row">
      <div>
        <p className="alert-row__description">{alert.description}</p>
        <p className="item-number muted">
          {alert.itemNumber} · {alert.warehouseLabel}
        </p>
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="alert-row__form"
        preventScrollReset
        onReset={() => setChanged(false)}
      >
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <label htmlFor={field.id}>
          {before}
          <input
            id={field.id}
            name={field.name}
            maxLength={field.maxLength}
            inputMode="numeric"
            className="alert-row__quantity"
            ref={quantity.ref}
            value={quantity.value}
            onFocus={() => (focused.current = quantity.value)}
            onChange={(event) => {
              quantity.change(event.currentTarget.value);
              setChanged(true);
            }}
            onBlur={quantity.leave}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${field.errorId} ${field.descriptionId}` : field.descriptionId}
          />
          {after}
        </label>
        <span className="field__hint muted" id={field.descriptionId}>
          {alert.incrementSize > 1 ? t('offers.increments', { count: alert.incrementSize }) : null}
        </span>
        <span className="alert-row__edit">
          {/* With scripts UPDATE is always in sight, and turns on once the quantity changes. */}
          <button type="submit" className="button button--primary" disabled={hydrated && !changed}>
            {t('alerts.update')}
          </button>
          {!hydrated || changed ? (
            hydrated ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  quantity.set(focused.current);
                  setChanged(false);
                }}
              >
                {t('alerts.cancel')}
              </button>
            ) : (
              <button type="reset" className="button button--secondary">
                {t('alerts.cancel')}
              </button>
            )
          ) : null}
        </span>
        <FieldError id={field.errorId} errors={error ? [error] : null} />
      </Form>
      <Form method="post" preventScrollReset>
        {hidden}
        <button
          type="submit"
          name="intent"
          value="delete"
          className="button button--link button--small"
          aria-label={t('alerts.deleteFor', { item: alert.description })}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
            />
          </svg>
        </button>
      </Form>
    </li>
  );
}
