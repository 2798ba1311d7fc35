import { getFormProps, useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { Preorder } from '~/.server/api/preorders';
import { Field } from '~/components/Field';
import { useFormReply, type FormConstraint } from '~/components/form-reply';
import { useMoneyFormat } from '~/components/use-money-format';
import { useTimeZone } from '~/components/use-date-time';
import { dateTimeFormat } from '~/domain/intl';
import { formatDateTime, formatMinor } from '~/domain/money';
import { isPriceRange } from '~/domain/preorders/commitment';
import { commitFormId } from './ids';

export const itemOf = (p: Pick<Preorder, 'model' | 'capacity' | 'grade'>) =>
  [p.model, p.capacity, p.grade].filter(Boolean).join(' ');

/** The price a pre-order is offered at: one unit price, or the range the final one will be in. */
export function PriceText({ preorder }: { preorder: Pick<Preorder, 'priceMin' | 'priceMax'> }) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const money = (minor: number) => formatMinor(minor, format);
  return isPriceRange(preorder)
    ? t('preorders.price.range', { min: money(preorder.priceMin), max: money(preorder.priceMax) })
    : t('preorders.price.fixed', { price: money(preorder.priceMin) });
}

/** One open pre-order with its terms and the buyer's commit form (and withdraw, when the buyer has an open commitment). */
export function PreorderCard({
  preorder,
  mine,
  constraint,
}: {
  preorder: Preorder;
  mine: { quantity: number; maxUnitPrice: number | null } | null;
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const format = useMoneyFormat();
  const id = commitFormId(preorder.id);
  const reply = useFormReply(id);
  const [form, fields] = useForm<{ quantity: string; maxUnitPrice: string }>({
    id,
    lastResult: reply?.result,
    constraint,
    defaultValue: mine
      ? {
          quantity: String(mine.quantity),
          maxUnitPrice: mine.maxUnitPrice === null ? '' : String(mine.maxUnitPrice / 100),
        }
      : undefined,
  });
  const item = itemOf(preorder);
  const headingId = `${id}-heading`;
  // A day, not an instant: the same date in every zone.
  const expectedDate = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${preorder.expectedDate}T00:00:00Z`),
  );
  return (
    <li className="preorder-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{item}</h3>
      <p className="item-number muted">
        {preorder.itemNumber} · {preorder.warehouse}
      </p>
      <ul className="preorder-card__terms">
        <li>
          <PriceText preorder={preorder} />
        </li>
        <li>{t('preorders.expected', { quantity: preorder.expectedQuantity, date: expectedDate })}</li>
        <li>{t('preorders.minimum', { quantity: preorder.minimumCommitment })}</li>
        <li>{t('preorders.cutOff', { date: formatDateTime(preorder.cutOff, i18n.language, zone) })}</li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="preorder-card__form" preventScrollReset>
        <input type="hidden" name="preorderId" value={preorder.id} />
        <Field field={fields.quantity} label={t('preorders.form.quantity')} type="text" inputMode="numeric" />
        {isPriceRange(preorder) ? (
          <>
            <Field
              field={fields.maxUnitPrice}
              label={t('preorders.form.maxUnitPrice')}
              type="text"
              inputMode="numeric"
              describedBy={`${id}-price-hint`}
            />
            <p className="field__hint muted" id={`${id}-price-hint`}>
              {t('preorders.form.maxUnitPriceHint', { min: formatMinor(preorder.priceMin, format) })}
            </p>
          </>
        ) : null}
        <button type="submit" name="intent" value="commit" className="button button--primary">
          {mine ? t('preorders.form.update') : t('preorders.form.commit')}
        </button>
      </Form>
      {mine ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="preorderId" value={preorder.id} />
          <button
            type="submit"
            name="intent"
            value="withdraw"
            className="button button--secondary"
            aria-label={t('preorders.form.withdrawFor', { item })}
          >
            {t('preorders.form.withdraw')}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
