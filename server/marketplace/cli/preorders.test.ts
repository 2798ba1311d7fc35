import { describe, expect, it } from 'vitest';
import { preorderRequest } from './preorders';

describe('preorders command line', () => {
  it('turns each command into its admin call', () => {
    expect(preorderRequest(['list'], {})).toEqual({ method: 'GET', route: '/preorders' });
    expect(preorderRequest(['show', '12'], {})).toEqual({ method: 'GET', route: '/preorders/12' });
    expect(preorderRequest(['allocate', '12'], { quantity: '40' })).toEqual({
      method: 'POST',
      route: '/preorders/12/allocate',
      body: { quantity: 40, unitPrice: undefined },
    });
    expect(preorderRequest(['cancel', '12'], { reason: 'The shipment was lost' })).toEqual({
      method: 'POST',
      route: '/preorders/12/cancel',
      body: { reason: 'The shipment was lost' },
    });
    expect(preorderRequest(['rule', 'pro-rata'], {})).toEqual({
      method: 'POST',
      route: '/preorders/settings',
      body: { allocationRule: 'PRO_RATA' },
    });
    expect(
      preorderRequest(['announce'], {
        warehouse: 'MIA',
        item: 'PRE-1',
        model: 'iPhone 15',
        grade: 'A',
        'expected-quantity': '100',
        'expected-date': '2027-01-15',
        'price-min': '40000',
        'price-max': '45000',
        'cut-off': '2027-01-10T17:00:00Z',
      }).body,
    ).toMatchObject({ priceMin: 40_000, priceMax: 45_000, minimumCommitment: 1, cutOff: '2027-01-10T17:00:00.000Z' });
  });

  it('refuses what it cannot send, before calling anything', () => {
    expect(() => preorderRequest(['allocate', '12'], { quantity: '4.5' })).toThrow(/--quantity must be a whole number/);
    expect(() => preorderRequest(['allocate', '12'], {})).toThrow(/--quantity is needed/);
    expect(() => preorderRequest(['allocate', 'x'], { quantity: '4' })).toThrow(/Usage/);
    expect(() => preorderRequest(['rule', 'lottery'], {})).toThrow(/first-come or pro-rata/);
    expect(() => preorderRequest(['cancel', '12'], {})).toThrow(/--reason is needed/);
    expect(() => preorderRequest(['announce'], { 'cut-off': 'soon' })).toThrow(/--cut-off/);
  });
});
