import { and, eq } from 'drizzle-orm';
import { editedCell } from '../../../app/domain/orders/list-edit';
import type { MarketplaceDeps, SignedInUser } from '../context';
import { orders } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { buyerIdOf } from './buyer-guard';
import { pickUpAddressLines } from '../../../app/domain/pick-up';
import { pickUpOfOrder } from './checkout-catalogue';

/**
 * The buyer's own reference on an order (refOrderNumber, their purchase-order number), edited from
 * the orders list: checked by the list's rule for its column type, saved, and the buyer notified by
 * e-mail, as 'Order Updated with notification sent to the customer' says (spec 3 §8).
 */
export function createOrderReference({
  db,
  mailer,
  t,
  config,
}: Pick<MarketplaceDeps, 'db' | 'mailer' | 't' | 'config'>) {
  return {
    async set(user: SignedInUser, phonexOrderNumber: string, typed: string) {
      const buyerId = buyerIdOf(user);
      const edited = editedCell('id', typed);
      if (!edited.ok) throw new ApiError(422, 'invalidInput', 'Invalid Input');
      const [order] = await db
        .update(orders)
        .set({ refOrderNumber: edited.value || null, lastUpdateDate: new Date() })
        .where(and(eq(orders.phonexOrderNumber, phonexOrderNumber), eq(orders.buyerId, buyerId)))
        .returning({
          phonexOrderNumber: orders.phonexOrderNumber,
          refOrderNumber: orders.refOrderNumber,
          warehouseCode: orders.warehouseCode,
          shipping: orders.shipping,
        });
      if (!order) throw notFound('Order');
      const pickUp = await pickUpOfOrder(db, order, config.language);
      await mailer.send({
        to: user.email,
        subject: t('mail.orderUpdated.subject', {
          tenantName: config.tenantName,
          orderNumber: order.phonexOrderNumber,
        }),
        text: [
          t('mail.greeting', { firstName: user.firstName }),
          '',
          order.refOrderNumber
            ? t('mail.orderUpdated.reference', {
                orderNumber: order.phonexOrderNumber,
                reference: order.refOrderNumber,
              })
            : t('mail.orderUpdated.referenceCleared', { orderNumber: order.phonexOrderNumber }),
          // A pick-up: where and when the buyer collects it (issue 51).
          ...(pickUp
            ? [
                '',
                t('mail.pickUp.at', { warehouse: pickUp.warehouse }),
                ...pickUpAddressLines(pickUp, config.language),
                ...(pickUp.openingHours ? [t('mail.pickUp.openingHours', { hours: pickUp.openingHours })] : []),
              ]
            : []),
        ].join('\n'),
      });
      return {
        status: 'SUCCESS' as const,
        phonexOrderNumber: order.phonexOrderNumber,
        refOrderNumber: order.refOrderNumber,
      };
    },
  };
}
