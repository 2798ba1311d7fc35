import { describe, expect, it } from 'vitest';
import { cannotBeEdited, NO_PERMISSIONS, offersHold, permissionsFor } from './permissions';

describe('order permissions per status', () => {
  it('an order on hold can change in every way and be paid and shipped now', () => {
    const p = permissionsFor('ON_HOLD', 'UNPAID');
    expect(
      Object.entries(p)
        .filter(([, v]) => !v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['canExtendPaymentTime', 'isPaymentGracePeriodSectionApplicable']);
  });
  it('an order awaiting a shipping quote can change but not be released', () => {
    const p = permissionsFor('AWAITING_SHIPPING_QUOTE', 'UNPAID');
    expect(p.canIncreaseOrderedQuantity).toBe(true);
    expect(p.canPayAndShipNow).toBe(false);
  });
  it('a released order can shrink, move and be canceled, not grow', () => {
    const p = permissionsFor('UNSHIPPED', 'UNPAID');
    expect(p).toMatchObject({
      canIncreaseOrderedQuantity: false,
      canDecreaseOrderedQuantity: true,
      canRemoveItem: true,
      canCancelOrder: true,
      canUpdateShipping: true,
      canPayAndShipNow: false,
    });
  });
  it('from the first shipment only billing changes', () => {
    expect(permissionsFor('PARTIALLY_SHIPPED', 'UNPAID')).toEqual({
      ...NO_PERMISSIONS,
      canUpdateBillingAndPayment: true,
    });
  });
  it('shipped, invoiced and canceled orders change in no way', () => {
    for (const status of ['SHIPPED', 'INVOICED', 'CANCELED'])
      expect(permissionsFor(status, 'UNPAID')).toEqual(NO_PERMISSIONS);
  });
  it('a paid order keeps its lines and payment', () => {
    const p = permissionsFor('ON_HOLD', 'PAID');
    expect(p).toMatchObject({
      canUpdateOrderedQuantity: false,
      canRemoveItem: false,
      canCancelOrder: false,
      canUpdateBillingAndPayment: false,
      canUpdateShipping: true,
    });
  });
  it('offers Hold order for later only on a released order it may cancel', () => {
    expect(offersHold('UNSHIPPED', permissionsFor('UNSHIPPED', 'UNPAID'))).toBe(true);
    expect(offersHold('ON_HOLD', permissionsFor('ON_HOLD', 'UNPAID'))).toBe(false);
    expect(offersHold('AWAITING_SHIPPING_QUOTE', permissionsFor('AWAITING_SHIPPING_QUOTE', 'UNPAID'))).toBe(false);
    expect(offersHold('UNSHIPPED', permissionsFor('UNSHIPPED', 'PAID'))).toBe(false);
  });
  it('says it cannot be edited only for an order in progress without options', () => {
    expect(cannotBeEdited('ON_HOLD', false)).toBe(true);
    expect(cannotBeEdited('ON_HOLD', true)).toBe(false);
    expect(cannotBeEdited('SHIPPED', false)).toBe(false);
  });
});
