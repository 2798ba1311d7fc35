// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { LineItems, OrderTotals, type TotalsView } from './OrderTotals';

afterEach(cleanup);

/** The Miami order: $35,800 by standard shipping ($136.50), insured for its subtotal ($179), free shipping earned. */
const miami: TotalsView = {
  subtotal: 35_800_00,
  additionalServicesFee: 0,
  freight: 136_50,
  freightUndefined: false,
  freightDiscount: 136_50,
  promotion: 'Free shipping: order over $5,000.00',
  insurance: 179_00,
  tax: 2_158_74,
  taxDescription: 'Florida sales tax 6%',
  paymentFee: 0,
  total: 35_800_00 + 179_00 + 2_158_74,
};

async function shown(totals: TotalsView) {
  await renderRoute({ url: '/checkout', path: '/checkout', Component: () => <OrderTotals totals={totals} /> });
  const terms = await screen.findAllByRole('term');
  return terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('the order totals (checkout summary and order page)', () => {
  it('shows the freight, the promotion that waives it and the insurance each on its own line (issue 51)', async () => {
    expect(await shown(miami)).toEqual([
      ['Combined subtotal', '$35,800.00'],
      ['Additional service fees', '$0.00'],
      ['Freight', '$136.50'],
      ['Promotion (Free shipping: order over $5,000.00)', '-$136.50'],
      ['Shipping insurance', '$179.00'],
      ['Fees', '$0.00'],
      ['Tax (Florida sales tax 6%)', '$2,158.74'],
      ['Total price', '$38,137.74'],
    ]);
  });

  it('shows no promotion or insurance line when there is none', async () => {
    const lines = await shown({
      ...miami,
      freightDiscount: 0,
      promotion: '',
      insurance: 0,
      total: 35_800_00 + 136_50 + 2_158_74,
    });
    expect(lines.map(([term]) => term)).not.toContain('Shipping insurance');
    expect(lines.map(([term]) => term).some((term) => term?.startsWith('Promotion'))).toBe(false);
  });

  it('shows the reservation and cancellation fees charged on a placed order each on its own line, untaxed, in the total', async () => {
    const canceledLate = { ...miami, reservationFee: 61_60, cancellationFee: 123_20 };
    const lines = await shown({ ...canceledLate, total: miami.total + 61_60 + 123_20 });
    expect(lines.slice(-4)).toEqual([
      ['Tax (Florida sales tax 6%)', '$2,158.74'],
      ['Reservation fee', '$61.60'],
      ['Cancellation fee', '$123.20'],
      ['Total price', '$38,322.54'],
    ]);
    cleanup();
    const none = await shown({ ...miami, reservationFee: 0, cancellationFee: 0 });
    expect(none.map(([term]) => term)).not.toContain('Reservation fee');
  });
});

describe('the line items (checkout summary)', () => {
  it('write a quantity with the language’s grouping', async () => {
    const line = {
      itemNumber: 'PX6-128GB-SEA',
      itemNumberWarehouse: 'PX6-128GB-SEA-MIA',
      description: 'Pixel 6 128GB Sorta Seafoam',
      quantity: 1_500,
      unitPrice: 50_00,
      extendedPrice: 75_000_00,
    };
    const Lines = () => <LineItems lines={[line]} caption="Items" />;
    await renderRoute({ url: '/checkout', path: '/checkout', Component: Lines });
    const cells = (await screen.findAllByRole('cell')).map((cell) => cell.textContent);
    expect(cells).toEqual(['1,500', '$50.00', '$75,000.00']);
  });
});
