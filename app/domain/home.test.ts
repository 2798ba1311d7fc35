import { describe, expect, it } from 'vitest';
import type { OfferStatus } from './offers/status';
import { cartPerWarehouse, offersOnHome, orderNeed } from './home';

let id = 0;
const entry = (
  status: OfferStatus,
  warehouse = 'MIA',
  { quantity = 2, price = 10.5, expires = null as string | null } = {},
) => ({
  itemNumberWarehouse: `I${++id}-${warehouse}`,
  warehouse,
  warehouseLabel: warehouse === 'MIA' ? 'Miami' : 'Los Angeles',
  quantityAvailable: 10,
  stocklistOffer: {
    offerId: id,
    offerStatus: status,
    offerQuantity: quantity,
    offerPrice: price,
    counterPrice: null,
    checkOutQuantity: null,
    checkOutPrice: null,
    minimumCheckoutQuantity: null,
    acceptedOrCounteredExpirationDate: expires,
  },
});

describe('the buyer’s home', () => {
  it('answered offers (accepted, countered) soonest to expire first; offers waiting for the seller apart', () => {
    const later = entry('ACCEPTED', 'MIA', { expires: '2026-12-03T10:00:00.000Z' });
    const sooner = entry('COUNTERED', 'MIA', { expires: '2026-12-01T10:00:00.000Z' });
    const pending = entry('PENDING_ACCEPTANCE');
    const { answered, waiting } = offersOnHome([later, entry('BUY_AT_LIST'), pending, sooner, entry('NOT_ACCEPTED')]);
    expect(answered).toEqual([sooner, later]);
    expect(waiting).toEqual([pending]);
  });

  it('the cart per warehouse: the Cart tab’s lines, units and subtotal in whole units', () => {
    const entries = [
      entry('BUY_AT_LIST', 'MIA', { quantity: 3, price: 10.5 }),
      entry('PENDING_ACCEPTANCE', 'MIA'),
      entry('ACCEPTED', 'LAX', { quantity: 1, price: 99.4 }),
      entry('BUY_AT_LIST', 'MIA', { quantity: 1, price: 0.6 }),
    ];
    expect(cartPerWarehouse(entries)).toEqual([
      { warehouse: 'MIA', label: 'Miami', items: 2, quantity: 4, subtotal: 32 },
      { warehouse: 'LAX', label: 'Los Angeles', items: 1, quantity: 1, subtotal: 99 },
    ]);
  });

  it('orders that need the buyer: on hold, or awaiting payment', () => {
    const order = (status: string, paymentStatus: string, gracePeriodEnd: string | null = null) =>
      orderNeed({ status, paymentStatus, gracePeriodEnd, paidBeforeShipping: true, accountDueDate: null });
    expect(order('ON_HOLD', 'UNPAID')).toBe('onHold');
    expect(order('AWAITING_SHIPPING_QUOTE', 'UNPAID')).toBe('onHold');
    expect(order('UNSHIPPED', 'AWAITING_PAYMENT')).toBe('awaitingPayment');
    expect(order('UNSHIPPED', 'FAILED')).toBe('awaitingPayment');
    expect(order('UNSHIPPED', 'UNPAID', '2026-12-01T00:00:00Z')).toBe('awaitingPayment');
    expect(order('UNSHIPPED', 'PAID', '2026-12-01T00:00:00Z')).toBeNull();
    // Net terms without payment terms are not chased; a canceled order needs nothing.
    expect(order('SHIPPED', 'UNPAID')).toBeNull();
    expect(order('CANCELED', 'AWAITING_PAYMENT')).toBeNull();
  });

  it('chases an order on net terms only once its due date from the invoice has passed', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const onAccount = (accountDueDate: string | null, gracePeriodEnd: string | null = null, paymentStatus = 'UNPAID') =>
      orderNeed({ status: 'SHIPPED', paymentStatus, gracePeriodEnd, paidBeforeShipping: false, accountDueDate }, now);
    // A grace period set on it (before the method was on account) does not make it due.
    expect(onAccount(null, '2026-03-08T00:00:00Z')).toBeNull();
    expect(onAccount('2026-04-01T00:00:00Z')).toBeNull();
    expect(onAccount('2026-03-01T00:00:00Z')).toBe('awaitingPayment');
    expect(onAccount('2026-03-01T00:00:00Z', null, 'PAID')).toBeNull();
  });
});
