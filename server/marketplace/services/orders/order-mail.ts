import { tenantAmount } from '../../../../app/domain/money';
import { orderChargeLines } from '../../../../app/domain/orders/invoice';
import { chargeLabel } from './charge-labels';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { orders } from '../../db/schema';

type Order = typeof orders.$inferSelect;
type Line = { itemNumber: string; description: string; quantity: number; unitPrice: number; extendedPrice: number };

/**
 * The e-mail a buyer gets when an order is placed or a cart is added to it (issue 51): every line and
 * every charge of the order on its own line, each amount in the tenant's currency, read from the
 * order's charge columns, the same ones every page, spreadsheet and invoice shows.
 */
export function orderPlacedMail({
  mailer,
  t,
  config,
  reportError,
}: Pick<MarketplaceDeps, 'mailer' | 't' | 'config' | 'reportError'>) {
  const amount = tenantAmount(config);
  const labelOf = chargeLabel(t);
  return async (user: SignedInUser, order: Order, lines: Line[], added: boolean) => {
    const charges: [string, string][] = [
      [t('orderDocuments.total.subtotal'), amount(order.subtotal)],
      ...orderChargeLines(order).map((line): [string, string] => [
        labelOf(line),
        line.key === 'freight' && order.freightUndefined ? t('confirmation.freightPending') : amount(line.amount),
      ]),
      [t('orderDocuments.total.total'), amount(order.total)],
    ];
    try {
      await mailer.send({
        to: user.email,
        subject: t('mail.orderPlaced.subject', { tenantName: config.tenantName, orderNumber: order.phonexOrderNumber }),
        text: [
          t('mail.greeting', { firstName: user.firstName }),
          '',
          t(added ? 'mail.orderPlaced.added' : 'mail.orderPlaced.placed', { orderNumber: order.phonexOrderNumber }),
          ...(order.refOrderNumber ? [t('mail.orderPlaced.reference', { reference: order.refOrderNumber })] : []),
          '',
          ...lines.map((l) =>
            t('mail.orderPlaced.line', {
              quantity: l.quantity,
              description: l.description,
              itemNumber: l.itemNumber,
              unitPrice: amount(l.unitPrice),
              amount: amount(l.extendedPrice),
            }),
          ),
          '',
          ...charges.map(([label, value]) => `${label}: ${value}`),
        ].join('\n'),
      });
    } catch (error) {
      // The order is placed whatever the mail does: a mail that cannot go is logged, not the checkout failed.
      reportError(error, 'order placed mail');
    }
  };
}
