import { tenantAmount } from '../../../../app/domain/money';
import type { MarketplaceDeps } from '../../context';
import type { preorderCommitments, preorders, users } from '../../db/schema';
import { preorderDescription } from './preorders';

interface Allocated {
  commitment: typeof preorderCommitments.$inferSelect;
  preorder: typeof preorders.$inferSelect;
  user: typeof users.$inferSelect;
  orderNumber: string | null;
}

/**
 * The e-mail a committed buyer gets when a pre-order is allocated (units allocated against units
 * asked) or canceled by the seller (with the seller's reason), in the tenant's language.
 */
export function preorderAllocationMail({ mailer, t, config }: Pick<MarketplaceDeps, 'mailer' | 't' | 'config'>) {
  const amount = tenantAmount(config);
  /** What the e-mail says of the commitment: its subject and the lines of its outcome. */
  function outcomeOf({ commitment, preorder, orderNumber }: Allocated): [string, string[]] {
    const item = preorderDescription(preorder);
    const counts = {
      tenantName: config.tenantName,
      allocated: commitment.allocatedQuantity,
      requested: commitment.quantity,
      item,
    };
    if (commitment.status === 'CANCELED') {
      const canceled = { ...counts, reason: preorder.cancelReason ?? '' };
      return [t('mail.preorder.canceledSubject', canceled), [t('mail.preorder.canceled', canceled)]];
    }
    const subject = t('mail.preorder.subject', counts);
    const unitPrice = amount(preorder.unitPrice ?? 0);
    if (commitment.status === 'ALLOCATED')
      return [
        subject,
        [t('mail.preorder.allocated', counts), t('mail.preorder.order', { orderNumber: orderNumber ?? '', unitPrice })],
      ];
    const priceAboveMaximum =
      commitment.maxUnitPrice !== null && preorder.unitPrice !== null && commitment.maxUnitPrice < preorder.unitPrice;
    return [
      subject,
      [
        t(priceAboveMaximum ? 'mail.preorder.aboveMaximum' : 'mail.preorder.notAllocated', {
          ...counts,
          unitPrice,
          maxUnitPrice: amount(commitment.maxUnitPrice ?? 0),
        }),
      ],
    ];
  }

  return async (allocated: Allocated) => {
    const [subject, outcome] = outcomeOf(allocated);
    await mailer.send({
      to: allocated.user.email,
      subject,
      text: [
        t('mail.greeting', { firstName: allocated.user.firstName }),
        '',
        ...outcome,
        '',
        t('mail.preorder.where'),
      ].join('\n'),
    });
  };
}
