import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION } from '../checkout/selection';
import { changeCount, NO_CHANGES, paymentMethodOfTotals, pendingFrom, withLine, withRows } from './pending';

describe('pending changes', () => {
  it('counts each changed line and each changed row once', () => {
    let changes = withLine(NO_CHANGES, 1, 5, 10);
    changes = withLine(changes, 2, 0, 3);
    changes = withLine(changes, 1, 6, 10);
    expect(changeCount(changes)).toBe(2);
    const saved = { ...EMPTY_SELECTION, shippingAddressId: 1, paymentMethodCode: 'COD' };
    changes = withRows(changes, saved, { ...saved, shippingAddressId: 2 }, ['shippingAddress', 'shippingMethod']);
    expect(changes.rows).toEqual(['shippingAddress']);
    expect(changeCount(changes)).toBe(3);
  });
  it('a line or row set back to what is saved is no longer a change', () => {
    expect(withLine(withLine(NO_CHANGES, 1, 5, 10), 1, 10, 10)).toEqual(NO_CHANGES);
    const saved = { ...EMPTY_SELECTION, paymentMethodCode: 'COD' };
    const changed = withRows(NO_CHANGES, saved, { ...saved, paymentMethodCode: 'TERMS_NET_30' }, ['paymentMethod']);
    expect(withRows(changed, saved, saved, ['paymentMethod'])).toEqual(NO_CHANGES);
  });
  it('reads back only well-formed stored changes', () => {
    expect(pendingFrom({ lines: { '3': 2, x: 1, '4': -1, '5': 1.5 }, rows: ['paymentMethod'] })).toEqual({
      lines: { '3': 2 },
      rows: ['paymentMethod'],
      selection: null,
    });
    expect(pendingFrom(null)).toEqual(NO_CHANGES);
  });

  it('names the fee after the payment method the totals shown were worked out with', () => {
    const methods = [
      { code: 'WIRE_TRANSFER', label: 'Wire transfer' },
      { code: 'COD', label: 'Cash on delivery' },
    ];
    expect(paymentMethodOfTotals(0, 'WIRE_TRANSFER', methods, 'Wire transfer')).toBe('Wire transfer');
    // A method chosen and not yet saved: the preview's totals carry its fee.
    expect(paymentMethodOfTotals(1, 'COD', methods, 'Wire transfer')).toBe('Cash on delivery');
    // A closed order offers no methods; one with none chosen has no label: the line is a bare "Fees".
    expect(paymentMethodOfTotals(0, null, undefined, 'Wire transfer')).toBe('Wire transfer');
    expect(paymentMethodOfTotals(0, null, undefined, '')).toBeUndefined();
    expect(paymentMethodOfTotals(2, null, methods, 'Wire transfer')).toBeUndefined();
  });
});
