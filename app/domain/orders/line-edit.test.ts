import { describe, expect, it } from 'vitest';
import { lineQuantityError, removalError } from './line-edit';

const line = { savedQuantity: 10, availableQuantity: 5, incrementSize: 1 };
const all = { canIncreaseOrderedQuantity: true, canDecreaseOrderedQuantity: true };

describe('line quantity rules (spec 3 §5)', () => {
  it('a quantity that is not a whole number is an invalid order quantity', () => {
    for (const typed of ['', 'abc', '1.5', '-2', '1e3', ' '])
      expect(lineQuantityError(typed, line, all)).toEqual({ key: 'orders.line.invalidOrderQuantity' });
  });
  it('with increases allowed, up to the ordered quantity plus what is available', () => {
    expect(lineQuantityError('15', line, all)).toBeNull();
    expect(lineQuantityError('16', line, all)).toEqual({ key: 'orders.line.notEnough' });
    expect(lineQuantityError('11', { ...line, availableQuantity: -3 }, all)).toEqual({ key: 'orders.line.notEnough' });
  });
  it('without increases, at most the saved quantity', () => {
    expect(lineQuantityError('11', line, { ...all, canIncreaseOrderedQuantity: false })).toEqual({
      key: 'orders.line.max',
      quantity: 10,
    });
    expect(lineQuantityError('10', line, { ...all, canIncreaseOrderedQuantity: false })).toBeNull();
  });
  it('without decreases, at least the saved quantity', () => {
    expect(lineQuantityError('9', line, { ...all, canDecreaseOrderedQuantity: false })).toEqual({
      key: 'orders.line.min',
      quantity: 10,
    });
  });
  it('with decreases, at least 1', () => {
    expect(lineQuantityError('0', line, all)).toEqual({ key: 'orders.line.invalidQuantity' });
    expect(lineQuantityError('1', line, all)).toBeNull();
  });
  it('a multiple of the increment', () => {
    const byFive = { ...line, incrementSize: 5 };
    expect(lineQuantityError('7', byFive, all)).toEqual({ key: 'orders.line.invalidIncrement' });
    expect(lineQuantityError('5', byFive, all)).toBeNull();
    expect(lineQuantityError(' 15 ', byFive, all)).toBeNull();
  });
  it('removing the last line needs the right to cancel the order', () => {
    expect(removalError(0, { canCancelOrder: false })).toBe('orders.line.removeLast');
    expect(removalError(0, { canCancelOrder: true })).toBeNull();
    expect(removalError(1, { canCancelOrder: false })).toBeNull();
  });
});
