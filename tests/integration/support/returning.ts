import { expect } from 'vitest';
import { DAY_MS } from '../../../app/domain/orders/fees';
import type { apiCaller } from '../harness';
import type { ordering } from './ordering';

type Call = ReturnType<typeof apiCaller>;

/** Return requests through the tenant API of a test marketplace: a buyer who may return, a shipped order, a request. */
export function returning(call: Call, api: ReturnType<typeof ordering>) {
  let keys = 0;
  const newReturnsBuyer = () => api.newBuyer(['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS']);

  /** A wire-transfer order of `quantity` units, paid in full and shipped `daysAgo` days ago (with IMEIs unless told otherwise). */
  async function shippedOrder(
    token: string,
    quantity: number,
    offset: number,
    options: { daysAgo?: number; imeis?: boolean } = {},
  ) {
    const n = await api.placed(token, quantity, offset, { paymentMethodCode: 'WIRE_TRANSFER' });
    const at = new Date(Date.now() - (options.daysAgo ?? 1) * DAY_MS).toISOString();
    const shipped = await call('POST', `/admin/orders/${n}/ship`, {
      body: { trackingNumber: `1Z${offset}X${quantity}`, generateImeis: options.imeis ?? true, at },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    expect((await call('POST', `/admin/orders/${n}/payments`, { body: {} })).status).toBe(201);
    const imeis = (shipped.body.shipment.lines as { imeis: string[] }[]).flatMap((l) => l.imeis);
    const itemNumberWarehouse = shipped.body.shipment.lines[0].itemNumberWarehouse as string;
    return { n, imeis, itemNumberWarehouse };
  }

  /** Asks to return units; answers the API's answer. */
  function request(
    token: string,
    orderNumber: string,
    units: ({ imei: string } | { itemNumberWarehouse: string; quantity: number })[],
    options: { reasonCode?: string; key?: string; note?: string } = {},
  ) {
    return call('POST', '/returns', {
      token,
      body: {
        orderNumber,
        idempotencyKey: options.key ?? `key-${Date.now()}-${++keys}`,
        note: options.note ?? '',
        units: units.map((u) => ({ ...u, reasonCode: options.reasonCode ?? 'DOA' })),
      },
    });
  }

  return { newReturnsBuyer, shippedOrder, request };
}
