import { describe, expect, it } from 'vitest';
import { checkCartEdit, type CartEntryForEdit } from './edit-rules';
import { addSums, selectionSums, totalsOf } from './boxes';
import { cartSearch, parseCartQuery } from './query';
import { applySelect, parseIds, selectAllState } from './selection';
import { parseTab, tabAfter, tabAfterMove, tabOfState } from './tabs';

describe('cart tabs', () => {
  it('leaves a tab its last entry left for the first tab with entries, the Cart when none has', () => {
    expect(tabAfter([2, 1, 0], 1)).toBe(1);
    expect(tabAfter([5, 0, 1], 1)).toBe(0);
    expect(tabAfter([0, 3, 0], 2)).toBe(1);
    expect(tabAfter([0, 0, 0], 2)).toBe(0);
  });

  it('after a SAVE moved an entry, stays on the tab while it keeps entries, else goes where the entry went', () => {
    // The last entry of Your Review saved back to the Cart: the Cart, not an empty tab.
    expect(tabAfterMove([0, 1, 3], 1, 1, 0)).toBe(0);
    // The last entry of the Cart sent for the seller's review: that tab, though Your Review has entries too.
    expect(tabAfterMove([1, 2, 0], 0, 0, 2)).toBe(2);
    expect(tabAfterMove([2, 1, 0], 0, 0, 2)).toBe(0);
    expect(tabAfterMove([0, 2, 1], 1, 1, 2)).toBe(1);
  });

  it('reads tab 0, 1 or 2 and resets anything else to 0', () => {
    expect([
      parseTab('0'),
      parseTab('1'),
      parseTab('2'),
      parseTab('7'),
      parseTab(null),
      parseTab('-1'),
      parseTab('1.0'),
    ]).toEqual([0, 1, 2, 0, 0, 0, 0]);
  });
  it('places entries by offer state', () => {
    expect(tabOfState('READY_TO_CHECKOUT')).toBe(0);
    expect(tabOfState('OUT_OF_STOCK')).toBe(0);
    expect(tabOfState('AWAITING_BUYER_REVIEW')).toBe(1);
    expect(tabOfState('AWAITING_TENANT_REVIEW')).toBe(2);
  });
});

describe('select-all', () => {
  const items = [
    { offerId: 1, status: 'BUY_AT_LIST', inStock: true },
    { offerId: 2, status: 'ACCEPTED', inStock: true },
    { offerId: 3, status: 'OUT_OF_STOCK', inStock: false },
  ];
  it('is checked when every eligible entry is, indeterminate for some, disabled when none can be', () => {
    expect(selectAllState(items, new Set([1, 2]))).toBe('checked');
    expect(selectAllState(items, new Set([2]))).toBe('indeterminate');
    expect(selectAllState(items, new Set())).toBe('unchecked');
    expect(selectAllState([items[2]!], new Set())).toBe('disabled');
  });
  it('selects all, none or by status among the shown entries, keeping other boxes', () => {
    expect([...applySelect('all', items, new Set([99]))].sort()).toEqual([1, 2, 99]);
    expect([...applySelect('none', items, new Set([1, 2, 99]))]).toEqual([99]);
    expect([...applySelect('status:ACCEPTED', items, new Set([1]))]).toEqual([2]);
    expect([...applySelect('status:OUT_OF_STOCK', items, new Set())]).toEqual([]);
  });
  it('parses id lists defensively', () => {
    expect(parseIds('3,1,x,-2,3,1.5,,7')).toEqual([3, 1, 7]);
    expect(parseIds('9'.repeat(10000))).toEqual([]);
  });
});

describe('a long box: a page of entries and the rest', () => {
  it('reads and writes the pages shown per warehouse (?more=MIA:3), keeping only sane values', () => {
    const query = parseCartQuery(new URLSearchParams('more=MIA:3,LAX:1,NYC:x,../:2,AMS:2'));
    expect(query.more).toEqual({ MIA: 3, AMS: 2 });
    expect(cartSearch({ more: { MIA: 3, LAX: 1 } })).toBe('?more=MIA%3A3');
    expect(parseCartQuery(new URLSearchParams(cartSearch({ tab: 1, more: { MIA: 2 } }))).more).toEqual({ MIA: 2 });
  });
  it('select-all counts the entries the page does not show', () => {
    const shown = [
      { offerId: 1, status: 'BUY_AT_LIST', inStock: true },
      { offerId: 2, status: 'BUY_AT_LIST', inStock: true },
    ];
    expect(selectAllState(shown, new Set([1, 2]), { eligible: 3, selected: 3 })).toBe('checked');
    expect(selectAllState(shown, new Set([1, 2]), { eligible: 3, selected: 1 })).toBe('indeterminate');
    expect(selectAllState(shown, new Set(), { eligible: 3, selected: 1 })).toBe('indeterminate');
    expect(selectAllState(shown, new Set(), { eligible: 3, selected: 0 })).toBe('unchecked');
    expect(
      selectAllState([{ offerId: 1, status: 'BUY_AT_LIST', inStock: false }], new Set(), { eligible: 1, selected: 0 }),
    ).toBe('unchecked');
  });
  it('adds the shown part and the rest in cents, rounding the subtotal once', () => {
    const entry = (offerId: number, quantity: number, price: number) => ({
      stocklistOffer: {
        offerId,
        offerStatus: 'BUY_AT_LIST' as const,
        offerQuantity: quantity,
        offerPrice: price,
        counterPrice: null,
        checkOutQuantity: quantity,
        checkOutPrice: price,
        minimumCheckoutQuantity: null,
        acceptedOrCounteredExpirationDate: null,
      },
    });
    const shown = selectionSums([entry(1, 3, 0.1), entry(2, 1, 5)], new Set([1]));
    const rest = selectionSums([entry(3, 1, 0.22), entry(4, 2, 99.99)], new Set([3, 4]));
    expect(shown).toEqual({ items: 1, quantity: 3, cents: 30 });
    expect(totalsOf(addSums(shown, rest))).toEqual({ items: 3, quantity: 6, subtotal: 201 });
  });
});

describe('inline edit rules (spec 2 §5)', () => {
  const entry = (over: Partial<CartEntryForEdit>): CartEntryForEdit => ({
    tab: 1,
    status: 'COUNTERED',
    listPrice: 100,
    counterPrice: 90,
    minimumCheckoutQuantity: 5,
    incrementSize: 1,
    quantityAvailable: 50,
    currentPrice: 80,
    ...over,
  });
  it('a counter reply must be below the countered price', () => {
    expect(checkCartEdit(entry({}), '10', '90', true).errors.price).toBe('cart.errors.priceNotBelowCounter');
    expect(checkCartEdit(entry({}), '10', '89', true).errors).toEqual({});
  });
  it('a rejected or expired offer, or an offer made in the Cart tab, must be below list', () => {
    expect(checkCartEdit(entry({ status: 'NOT_ACCEPTED' }), '1', '100', true).errors.price).toBe(
      'cart.errors.priceNotBelowList',
    );
    expect(checkCartEdit(entry({ status: 'EXPIRED' }), '1', '150', true).errors.price).toBe(
      'cart.errors.priceNotBelowList',
    );
    expect(checkCartEdit(entry({ tab: 0, status: 'BUY_AT_LIST' }), '1', '100', true).errors.price).toBe(
      'cart.errors.priceNotBelowList',
    );
    expect(checkCartEdit(entry({ status: 'NOT_ACCEPTED' }), '1', '99', true).errors).toEqual({});
  });
  it('a countered offer in the Cart tab keeps its minimum quantity', () => {
    expect(checkCartEdit(entry({ tab: 0, status: 'ACCEPTED' }), '4', '', false).errors.quantity).toBe(
      'cart.errors.belowMinimum',
    );
    expect(checkCartEdit(entry({ tab: 0, status: 'ACCEPTED' }), '5', '', false)).toMatchObject({
      quantity: 5,
      price: 80,
      errors: {},
    });
  });
  it('a blank or 0 the rules fill in is to confirm; a quantity cut to the stock is saved as cut', () => {
    const waiting = entry({ tab: 2, status: 'PENDING_ACCEPTANCE' });
    expect(checkCartEdit(waiting, '', '10', true)).toMatchObject({ quantity: 1, filledIn: true });
    expect(checkCartEdit(waiting, '0', '10', true)).toMatchObject({ quantity: 1, filledIn: true });
    expect(checkCartEdit(waiting, '3', '0', true)).toMatchObject({ price: 1, filledIn: true });
    // The Cart tab posts no price: its blank price is not one the buyer left out.
    expect(
      checkCartEdit(entry({ tab: 0, status: 'BUY_AT_LIST', minimumCheckoutQuantity: null }), '3', '', false).filledIn,
    ).toBe(false);
    expect(checkCartEdit(waiting, '5000', '10', true)).toMatchObject({
      quantity: 50,
      reducedToStock: true,
      filledIn: false,
    });
  });
  it('applies the field rules: digits only, increments, stock cap, price 1 to list, whole numbers', () => {
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), 'abc', '10', true).errors.quantity).toBe(
      'entry.errors.notNumber',
    );
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '1', '10.5', true).errors.price).toBe(
      'entry.errors.notWhole',
    );
    // 12.5 and 1.5 are refused, never read as 125 and 15.
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '1.5', '12.5', true).errors).toEqual({
      quantity: 'entry.errors.notWhole',
      price: 'entry.errors.notWhole',
    });
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '2', '12,50', true, 'fr').errors).toEqual({
      price: 'entry.errors.notWhole',
    });
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '', '10', true)).toMatchObject({
      quantity: 1,
      changed: { quantity: true, price: false },
    });
    expect(
      checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE', incrementSize: 5 }), '12', '10', true).quantity,
    ).toBe(10);
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '80', '10', true)).toMatchObject({
      quantity: 50,
      reducedToStock: true,
    });
    // A quantity above the stock is a change the buyer sees before it is saved, as any other: "1,000" is not saved as the stock.
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '1,000', '10', true)).toMatchObject({
      quantity: 50,
      reducedToStock: true,
      changed: { quantity: true },
    });
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '50', '10', true)).toMatchObject({
      quantity: 50,
      reducedToStock: false,
      changed: { quantity: false },
    });
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '0', '0', true)).toMatchObject({
      quantity: 1,
      price: 1,
    });
    expect(checkCartEdit(entry({ tab: 2, status: 'PENDING_ACCEPTANCE' }), '1', '500', true).price).toBe(100);
  });
});
