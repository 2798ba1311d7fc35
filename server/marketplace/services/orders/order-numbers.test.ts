import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_NUMBER } from '../../../../app/domain/checkout/payment';
import { newOrderNumber } from './order-numbers';

afterEach(() => vi.restoreAllMocks());

describe('order numbers', () => {
  it('are unique and fit the paths that name an order', () => {
    const made = Array.from({ length: 2000 }, newOrderNumber);
    expect(new Set(made).size).toBe(made.length);
    for (const number of made) expect(number).toMatch(ORDER_NUMBER);
  });

  it('stay unique when many are made in the same millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 25));
    const made = Array.from({ length: 20_000 }, newOrderNumber);
    expect(new Set(made).size).toBe(made.length);
  });
});
