import { getFormProps, useForm } from '@conform-to/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { BidQuote, LotDetails } from '~/.server/api/auctions';
import { Field } from '~/components/Field';
import { useFormReply } from '~/components/form-reply';
import { useMoneyFormat } from '~/components/use-money-format';
import { orderChargeLines } from '~/domain/orders/invoice';
import { formatMinor } from '~/domain/money';
import type { BidRefusalExtra } from './bid-actions.server';

interface ReviewReply {
  form: 'bid';
  review: { quote: BidQuote; key: string };
}

const isReview = (data: unknown): data is ReviewReply => typeof data === 'object' && data !== null && 'review' in data;

/**
 * The bid form in two plain steps (issue 53): the buyer's maximum, then a confirmation that shows
 * the total with the buyer's fees if the bid wins at it, before the binding bid is placed. A
 * refusal (below the next minimum, not a whole amount, lot closed) is said beside the field.
 */
export function BidForm({ lot }: { lot: LotDetails }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const busy = useNavigation().state !== 'idle';
  const data = useActionData<unknown>();
  const reply = useFormReply('bid');
  const [form, fields] = useForm<{ amount: string }>({ id: 'bid', lastResult: reply?.result });
  const field = fields.amount;
  const needed = (reply as (typeof reply & BidRefusalExtra) | undefined)?.amountNeeded;
  const minimum = formatMinor(lot.nextMinimum ?? 0, money);
  if (isReview(data)) {
    const { quote, key } = data.review;
    const whole = String(quote.amount / 100);
    return (
      <Form method="post" className="bid-form bid-form--confirm" aria-labelledby="bid-confirm-title">
        <h2 id="bid-confirm-title">{t('auctions.bid.confirmTitle')}</h2>
        <p>{t('auctions.bid.binding', { amount: formatMinor(quote.amount, money) })}</p>
        <table className="charge-lines">
          <caption>{t('auctions.bid.charges')}</caption>
          <tbody>
            <tr>
              <th scope="row">{t('auctions.bid.subtotal')}</th>
              <td className="num">{formatMinor(quote.charges.subtotal, money)}</td>
            </tr>
            {orderChargeLines(quote.charges).map((line) => (
              <tr key={line.key}>
                <th scope="row">
                  {t(`orderDocuments.total.${line.key}` as 'orderDocuments.total.freight', {
                    promotion: line.description ?? '',
                  })}
                  {line.key === 'tax' && line.description ? ` (${line.description})` : ''}
                </th>
                <td className="num">{formatMinor(line.amount, money)}</td>
              </tr>
            ))}
            <tr className="charge-lines__total">
              <th scope="row">{t('auctions.bid.total')}</th>
              <td className="num" data-bid-total="">
                {formatMinor(quote.charges.total, money)}
              </td>
            </tr>
          </tbody>
        </table>
        {!quote.withPreferences ? <p className="muted">{t('auctions.bid.noPreferences')}</p> : null}
        <input type="hidden" name="amount" value={whole} />
        <input type="hidden" name="key" value={key} />
        <button type="submit" name="intent" value="confirm" className="button button--primary" disabled={busy}>
          {t('auctions.bid.confirm')}
        </button>{' '}
        <a href={`/auctions/${lot.id}`} className="button button--secondary">
          {t('auctions.bid.change')}
        </a>
      </Form>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="bid-form" aria-labelledby="bid-title">
      <h2 id="bid-title">{t('auctions.bid.title')}</h2>
      <p>
        {t('auctions.nextMinimum')}: <strong data-next-minimum="">{minimum}</strong>
        {lot.myMaximum !== null ? (
          <>
            {' · '}
            {t('auctions.yourMaximum')}: {formatMinor(lot.myMaximum, money)}
          </>
        ) : null}
      </p>
      <Field
        field={field}
        label={t('auctions.bid.amount')}
        type="text"
        hint={t('auctions.bid.hint', { minimum })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        words={(key) => t(key, { amount: formatMinor(needed ?? lot.nextMinimum ?? 0, money) })}
      />
      <button type="submit" name="intent" value="review" className="button button--primary" disabled={busy}>
        {t('auctions.bid.review')}
      </button>
    </Form>
  );
}
