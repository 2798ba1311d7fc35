import type { AppLoadContext } from '@remix-run/node';
import type { OrderSummary } from './api/checkout';

/** The purchase analytics of spec 3 §7, sent after release as a structured log line (no third-party script); money in minor units. */
export function logPurchase(context: AppLoadContext, order: OrderSummary) {
  context.logger.info({
    event: 'purchase',
    orderNumber: order.phonexOrderNumber,
    total: order.charges.total,
    lines: order.lineItems.map((line) => ({
      itemNumber: line.itemNumber,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
    })),
  });
}
