import { describe, expect, it } from 'vitest';
import { canPayNow, confirmationPath, integratedPaymentOf, isPaymentMessage } from './payment';

describe('integratedPaymentOf: the retry shows while the payment is owed', () => {
  const paypal = (paymentStatus: string, fulfillmentStatus = 'ON_HOLD') =>
    integratedPaymentOf({ paymentMethodCode: 'INTEGRATED_PAYPAL', paymentStatus, fulfillmentStatus });
  it('reads the payment status of an integrated payment', () => {
    expect(paypal('PAID', 'UNSHIPPED')).toBe('paid');
    expect(paypal('FAILED')).toBe('failed');
    expect(paypal('AWAITING_PAYMENT')).toBe('awaiting');
    expect(canPayNow('failed') && canPayNow('awaiting')).toBe(true);
    expect(canPayNow('paid') || canPayNow('none')).toBe(false);
  });
  it('has nothing to pay for another method or a cancelled order', () => {
    expect(
      integratedPaymentOf({
        paymentMethodCode: 'WIRE_TRANSFER',
        paymentStatus: 'UNPAID',
        fulfillmentStatus: 'ON_HOLD',
      }),
    ).toBe('none');
    expect(
      integratedPaymentOf({ paymentMethodCode: null, paymentStatus: 'FAILED', fulfillmentStatus: 'ON_HOLD' }),
    ).toBe('none');
    expect(paypal('FAILED', 'CANCELED')).toBe('none');
  });
});

describe('the pop-up message', () => {
  it('accepts only its own shape', () => {
    expect(isPaymentMessage({ type: 'px-payment', orderNumber: 'SO-12', status: 'SUCCESS' })).toBe(true);
    expect(isPaymentMessage({ type: 'px-payment', orderNumber: 'SO-12', status: 'MAYBE' })).toBe(false);
    expect(isPaymentMessage({ type: 'px-payment', orderNumber: '../x', status: 'FAILURE' })).toBe(false);
    expect(isPaymentMessage({ type: 'other', orderNumber: 'SO-12', status: 'SUCCESS' })).toBe(false);
    expect(isPaymentMessage('px-payment')).toBe(false);
    expect(isPaymentMessage(null)).toBe(false);
  });
  it('leads to the thank-you page of the order', () =>
    expect(confirmationPath('SO-12')).toBe('/checkout/order-release-confirmation?order=SO-12'));
});
