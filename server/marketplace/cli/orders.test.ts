import { describe, expect, it } from 'vitest';
import { orderRequest, parseLines } from './orders';

describe('orders command line', () => {
  it('reads lines as ITEM=QTY with optional IMEIs', () => {
    expect(parseLines('A-MIA=2:490154203237518, 356938035643809; B-MIA=1', true)).toEqual([
      { itemNumberWarehouse: 'A-MIA', quantity: 2, imeis: ['490154203237518', '356938035643809'] },
      { itemNumberWarehouse: 'B-MIA', quantity: 1 },
    ]);
    expect(() => parseLines('A-MIA=2:490154203237518', false)).toThrow(/Not a line/);
    expect(() => parseLines('A-MIA', true)).toThrow(/Not a line: "A-MIA"/);
    expect(() => parseLines('A-MIA=two', true)).toThrow(/Not a line/);
  });

  it('turns each command into its admin call', () => {
    expect(orderRequest(['list'], { email: 'buyer@example.com' })).toEqual({
      method: 'GET',
      route: '/orders?email=buyer%40example.com',
    });
    expect(orderRequest(['show', 'SO-1'], {})).toEqual({ method: 'GET', route: '/orders/SO-1' });
    expect(orderRequest(['ship', 'SO-1'], { tracking: '1Z9', imeis: 'auto' })).toMatchObject({
      method: 'POST',
      route: '/orders/SO-1/ship',
      body: { trackingNumber: '1Z9', lines: undefined, generateImeis: true, actor: 'seller (cli)' },
    });
    expect(orderRequest(['ship', 'SO-1'], { tracking: '1Z9', lines: 'A-MIA=1:490154203237518' }).body).toMatchObject({
      lines: [{ itemNumberWarehouse: 'A-MIA', quantity: 1, imeis: ['490154203237518'] }],
      generateImeis: false,
    });
    expect(orderRequest(['invoice', 'SO-1'], { lines: 'A-MIA=1' })).toMatchObject({
      route: '/orders/SO-1/invoice',
      body: { lines: [{ itemNumberWarehouse: 'A-MIA', quantity: 1 }] },
    });
    expect(orderRequest(['cancel-lines', 'SO-1'], {})).toMatchObject({
      route: '/orders/SO-1/cancel-lines',
      body: { lines: undefined },
    });
    expect(orderRequest(['pay', 'SO-1'], {})).toMatchObject({
      route: '/orders/SO-1/payments',
      body: { amount: undefined },
    });
    expect(orderRequest(['refund', 'SO-1'], { amount: '17451', reference: 'R-1' })).toMatchObject({
      route: '/orders/SO-1/refunds',
      body: { amount: 17451, reference: 'R-1' },
    });
    expect(() => orderRequest(['refund', 'SO-1'], { amount: '174.51' })).toThrow(/whole number of minor units/);
    expect(orderRequest(['status', 'SO-1', 'UNSHIPPED'], { at: '2030-01-01T00:00:00Z' })).toMatchObject({
      route: '/orders/SO-1/status',
      body: { status: 'UNSHIPPED', at: '2030-01-01T00:00:00Z' },
    });
  });

  it('answers the usage for a command it cannot make', () => {
    for (const args of [
      [],
      ['list'],
      ['ship', 'SO-1'],
      ['ship', '../admin'],
      ['payment', 'SO-1'],
      ['refund', '../admin'],
    ]) {
      expect(() => orderRequest(args, {}), args.join(' ')).toThrow(/Usage/);
    }
    expect(() => orderRequest(['ship', 'SO-1'], { tracking: '1Z', imeis: '123' })).toThrow(/--imeis takes only "auto"/);
  });
});
