import { describe, expect, it } from 'vitest';
import { orderExportLinks } from './exports';

const summary = { imeiAvailable: true, invoiceNumbers: ['INV-A-1', 'INV-A-2'], trackingNumbers: ['1Z1'] };
const shown = ['SHIPPED', 'INVOICED'];

describe('order exports', () => {
  it('offers the manifest, each invoice and the order, in that order', () => {
    expect(orderExportLinks('SO-1', summary, 'INVOICED', shown)).toEqual([
      { kind: 'manifest', href: '/orders/SO-1/manifest' },
      { kind: 'invoice', invoiceNumber: 'INV-A-1', href: '/orders/SO-1/invoices/INV-A-1' },
      { kind: 'invoice', invoiceNumber: 'INV-A-2', href: '/orders/SO-1/invoices/INV-A-2' },
      { kind: 'order', href: '/orders/SO-1/export' },
    ]);
  });

  it('offers the manifest only when it has IMEIs', () => {
    expect(orderExportLinks('SO-1', { ...summary, imeiAvailable: false }, 'SHIPPED', shown).map((l) => l.kind)).toEqual(
      ['invoice', 'invoice', 'order'],
    );
  });

  it('offers invoices only for the configured fulfilment statuses', () => {
    expect(orderExportLinks('SO-1', summary, 'PARTIALLY_SHIPPED', shown).map((l) => l.kind)).toEqual([
      'manifest',
      'order',
    ]);
    expect(orderExportLinks('SO-1', summary, 'PARTIALLY_SHIPPED', ['PARTIALLY_SHIPPED']).map((l) => l.kind)).toEqual([
      'manifest',
      'invoice',
      'invoice',
      'order',
    ]);
    expect(orderExportLinks('SO-1', summary, 'SHIPPED', []).map((l) => l.kind)).toEqual(['manifest', 'order']);
  });

  it('offers only the order when the manifest summary could not be read', () => {
    expect(orderExportLinks('SO-1', null, 'INVOICED', shown)).toEqual([{ kind: 'order', href: '/orders/SO-1/export' }]);
  });
});
