import { formatMinor } from '../../../app/domain/money';
import type { MarketplaceDeps } from '../context';
import type { preorderCommitments, preorders, users } from '../db/schema';
import { preorderDescription } from './preorders';

interface Allocated {
  commitment: typeof preorderCommitments.$inferSelect;
  preorder: typeof preorders.$inferSelect;
  user: typeof users.$inferSelect;
  orderNumber: string | null;
}

/** The e-mail a committed buyer gets when a pre-order is allocated: units allocated against units asked, in the tenant's language. */
export function preorderAllocationMail({ mailer, t, config }: Pick<MarketplaceDeps, 'mailer' | 't' | 'config'>) {
  const amount = (minor: number) =>
    formatMinor(minor, {
      locale: config.language,
      currencyCode: config.currencyCode,
      currencySymbol: config.currencySymbol,
      currencyPrecision: config.currencyPrecision,
    });
  return async ({ commitment, preorder, user, orderNumber }: Allocated) => {
    const item = preorderDescription(preorder);
    const counts = { allocated: commitment.allocatedQuantity, requested: commitment.quantity, item };
    const priceAboveMaximum =
      commitment.maxUnitPrice !== null && preorder.unitPrice !== null && commitment.maxUnitPrice < preorder.unitPrice;
    const outcome =
      commitment.status === 'ALLOCATED'
        ? [
            t('mail.preorder.allocated', counts),
            t('mail.preorder.order', { orderNumber: orderNumber ?? '', unitPrice: amount(preorder.unitPrice ?? 0) }),
          ]
        : [
            t(priceAboveMaximum ? 'mail.preorder.aboveMaximum' : 'mail.preorder.notAllocated', {
              ...counts,
              unitPrice: amount(preorder.unitPrice ?? 0),
              maxUnitPrice: amount(commitment.maxUnitPrice ?? 0),
            }),
          ];
    await mailer.send({
      to: user.email,
      subject: t('mail.preorder.subject', { tenantName: config.tenantName, ...counts }),
      text: [t('mail.greeting', { firstName: user.firstName }), '', ...outcome, '', t('mail.preorder.where')].join(
        '\n',
      ),
    });
  };
}
