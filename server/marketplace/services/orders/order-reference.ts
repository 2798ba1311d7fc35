import { and, eq } from 'drizzle-orm';
import { editedCell } from '../../../../app/domain/orders/list-edit';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { orders } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { pickUpAddressLines } from '../../../../app/domain/pick-up';
import { pickUpOfOrder } from '../checkout/checkout-catalogue';

/** Most references one request sets: a page of the orders list. */
export const MAX_REFERENCES_AT_ONCE = 50;

/** A reference to set: the order, and the reference as typed (empty clears it). */
export interface ReferenceChange {
  phonexOrderNumber: string;
  refOrderNumber: string;
}

/**
 * The buyer's own reference on an order (refOrderNumber, their purchase-order number), edited from
 * the orders list: checked by the list's rule for its column type, saved, and the buyer notified by
 * e-mail, as 'Order Updated with notification sent to the customer' says (spec 3 §8). Several at
 * once (the list's one form for its page) are saved together or not at all, in one e-mail.
 */
export function createOrderReference({
  db,
  mailer,
  t,
  config,
}: Pick<MarketplaceDeps, 'db' | 'mailer' | 't' | 'config'>) {
  async function setAll(user: SignedInUser, changes: readonly ReferenceChange[]) {
    const buyerId = buyerIdOf(user);
    const values = changes.map((change) => {
      const edited = editedCell('id', change.refOrderNumber);
      if (!edited.ok)
        throw new ApiError(422, 'invalidInput', 'Invalid Input', { phonexOrderNumber: change.phonexOrderNumber });
      return { phonexOrderNumber: change.phonexOrderNumber, refOrderNumber: edited.value || null };
    });
    if (new Set(values.map((v) => v.phonexOrderNumber)).size !== values.length)
      throw new ApiError(400, 'validationFailed', 'an order is named twice');
    // All or none: an order that is not the buyer's (or not there) leaves every other as it was.
    const saved = await db.transaction(async (tx) => {
      const rows = [];
      for (const value of values) {
        const [order] = await tx
          .update(orders)
          .set({ refOrderNumber: value.refOrderNumber, lastUpdateDate: new Date() })
          .where(and(eq(orders.phonexOrderNumber, value.phonexOrderNumber), eq(orders.buyerId, buyerId)))
          .returning({
            phonexOrderNumber: orders.phonexOrderNumber,
            refOrderNumber: orders.refOrderNumber,
            warehouseCode: orders.warehouseCode,
            shipping: orders.shipping,
          });
        if (!order) throw notFound('Order');
        rows.push(order);
      }
      return rows;
    });
    if (!saved.length) return [];
    const paragraphs = await Promise.all(
      saved.map(async (order) => {
        const pickUp = await pickUpOfOrder(db, order, config.language);
        return [
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
        ].join('\n');
      }),
    );
    await mailer.send({
      to: user.email,
      subject:
        saved.length === 1
          ? t('mail.orderUpdated.subject', { tenantName: config.tenantName, orderNumber: saved[0]!.phonexOrderNumber })
          : t('mail.orderUpdated.subjectMany', { tenantName: config.tenantName, count: saved.length }),
      text: [t('mail.greeting', { firstName: user.firstName }), '', paragraphs.join('\n\n')].join('\n'),
    });
    return saved.map((order) => ({ phonexOrderNumber: order.phonexOrderNumber, refOrderNumber: order.refOrderNumber }));
  }

  return {
    async set(user: SignedInUser, phonexOrderNumber: string, typed: string) {
      const [order] = (await setAll(user, [{ phonexOrderNumber, refOrderNumber: typed }])) as [
        { phonexOrderNumber: string; refOrderNumber: string | null },
      ];
      return { status: 'SUCCESS' as const, ...order };
    },
    /** The references of several orders: all saved, or none (the first refused one says why). */
    async setAll(user: SignedInUser, changes: readonly ReferenceChange[]) {
      return { status: 'SUCCESS' as const, orders: await setAll(user, changes) };
    },
  };
}
