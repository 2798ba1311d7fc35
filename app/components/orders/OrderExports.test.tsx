// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from '~/i18n/light-react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { englishI18n } from '~/testing/remix-stub';
import { OrderExports, type OrderExportsProps } from './OrderExports';

afterEach(cleanup);

async function show(props: Partial<OrderExportsProps> = {}) {
  const i18n = await englishI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <OrderExports
        orderNumber="SO-1"
        manifestSummary={{ imeiAvailable: true, invoiceNumbers: ['INV-1-1', 'INV-1-2'], trackingNumbers: ['1Z1'] }}
        fulfillmentStatus="INVOICED"
        showInvoiceFulfillmentStatuses={['SHIPPED', 'INVOICED']}
        {...props}
      />
    </I18nextProvider>,
  );
  return within(screen.getByRole('list', { name: 'Exports of order SO-1' }));
}

describe('OrderExports', () => {
  it('is a menu of links to the manifest, each invoice and the order', async () => {
    const menu = await show();
    expect(screen.getByText('EXPORT').tagName).toBe('SUMMARY');
    expect(menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Manifest', '/orders/SO-1/manifest'],
      ['Invoice INV-1-1', '/orders/SO-1/invoices/INV-1-1'],
      ['Invoice INV-1-2', '/orders/SO-1/invoices/INV-1-2'],
      ['Order', '/orders/SO-1/export'],
    ]);
  });

  it('leaves out the manifest without IMEIs and invoices outside the configured statuses', async () => {
    const menu = await show({
      manifestSummary: { imeiAvailable: false, invoiceNumbers: ['INV-1-1'], trackingNumbers: [] },
      fulfillmentStatus: 'PARTIALLY_SHIPPED',
    });
    expect(menu.getAllByRole('link').map((a) => a.textContent)).toEqual(['Order']);
  });
});
