import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER } from '../../../app/domain/checkout/payment';
import { newOrderNumber } from './order-numbers';

describe('order numbers', () => {
  it('are unique and fit the paths that name an order', () => {
    const made = Array.from({ length: 2000 }, newOrderNumber);
    expect(new Set(made).size).toBe(made.length);
    for (const number of made) expect(number).toMatch(ORDER_NUMBER);
  });
});
