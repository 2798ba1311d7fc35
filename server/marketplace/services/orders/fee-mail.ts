import { tenantAmount, tenantDateTime } from '../../../../app/domain/money';
import type { MarketplaceDeps } from '../../context';
import type { orders } from '../../db/schema';
import { paymentView } from '../payments/payment-ledger';

type Order = typeof orders.$inferSelect;

/**
 * The e-mail the buyer who accepted an order's reservation terms gets when its reservation fee starts
 * running (decision 054): what is charged, what each further 24 hours adds and until when, the total
 * and the balance now, read from the order's charge columns. Once per start, not every day: the
 * order page says the fee charged so far.
 */
export function reservationFeeMail({
  mailer,
  t,
  config,
  reportError,
}: Pick<MarketplaceDeps, 'mailer' | 't' | 'config' | 'reportError'>) {
  const amount = tenantAmount(config);
  const date = tenantDateTime(config);
  return async (to: { email: string; firstName: string }, order: Order, perDay: number) => {
    const orderNumber = order.phonexOrderNumber;
    try {
      await mailer.send({
        to: to.email,
        subject: t('mail.reservationFee.subject', { tenantName: config.tenantName, orderNumber }),
        text: [
          t('mail.greeting', { firstName: to.firstName }),
          '',
          t('mail.reservationFee.charged', {
            orderNumber,
            graceEnd: order.gracePeriodEnd ? date(order.gracePeriodEnd) : '',
            fee: amount(order.reservationFee),
            perDay: amount(perDay),
          }),
          ...(order.racFeePeriodEnd
            ? [t('mail.reservationFee.periodEnd', { periodEnd: date(order.racFeePeriodEnd) })]
            : []),
          t('mail.reservationFee.total', {
            total: amount(order.total),
            balance: amount(paymentView(order).balanceDue),
          }),
          '',
          t('mail.reservationFee.where', { siteTitle: config.siteTitle }),
        ].join('\n'),
      });
    } catch (error) {
      // The fee is charged whatever the mail does: a mail that cannot go is logged.
      reportError(error, 'reservation fee mail');
    }
  };
}
