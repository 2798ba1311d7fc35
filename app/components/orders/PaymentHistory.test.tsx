// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { PaymentHistory } from './PaymentHistory';

afterEach(cleanup);

describe('the payment history on the order page', () => {
  it('shows each ledger row on a line of its own, a refund taken back, a credit naming its return', async () => {
    await renderRoute({
      url: '/orders/SO-1',
      path: '/orders/:orderNumber',
      Component: () => (
        <PaymentHistory
          entries={[
            { kind: 'PAYMENT', amount: 1_245_50, at: '2026-11-22T07:02:00Z', source: 'seller', returnNumber: null },
            { kind: 'PAYMENT', amount: 300_00, at: '2026-11-23T10:00:00Z', source: 'online', returnNumber: null },
            { kind: 'REFUND', amount: 20_00, at: '2026-11-24T10:00:00Z', source: 'online', returnNumber: null },
            { kind: 'CREDIT', amount: 167_00, at: '2026-11-25T10:00:00Z', source: 'return', returnNumber: 'RMA-7' },
          ]}
        />
      ),
    });
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Nov 22, 2026, 7:02 AM UTC', 'Payment received', '$1,245.50'],
      ['Nov 23, 2026, 10:00 AM UTC', 'Payment online', '$300.00'],
      ['Nov 24, 2026, 10:00 AM UTC', 'Refund', '-$20.00'],
      ['Nov 25, 2026, 10:00 AM UTC', 'Credit for return RMA-7', '$167.00'],
    ]);
  });

  it('is not there before anything was paid', async () => {
    await renderRoute({
      url: '/orders/SO-1',
      path: '/orders/:orderNumber',
      Component: () => <PaymentHistory entries={[]} />,
    });
    expect(screen.queryByRole('table')).toBeNull();
  });
});
