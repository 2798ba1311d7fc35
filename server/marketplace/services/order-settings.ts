import type { Db } from '../db/client';
import { readSetting } from './settings';

/** The tenant's order settings (spec 3 §3 "Order settings"): how orders are synchronised and where a release takes them. */
export interface OrderSettings {
  /** 'manually' when the external order system is synchronised by hand: the portal then says Place Order. */
  salesOrderUpdateMethod: string;
  fulfillmentSettings: { singleButtonOrderFlow: boolean; onReleaseFulfillmentStatusTo: string };
  /** Shown before Pay and Ship Now when displayed. */
  payAndShipNowWarning: { display: boolean; message: string };
}

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  salesOrderUpdateMethod: 'all via the product',
  fulfillmentSettings: { singleButtonOrderFlow: false, onReleaseFulfillmentStatusTo: 'UNSHIPPED' },
  payAndShipNowWarning: {
    display: true,
    message: 'Once released, your order is prepared for shipping and can no longer be changed. Do you want to pay and ship it now?',
  },
};

export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const stored = await readSetting<Partial<OrderSettings>>(db, 'order-settings');
  return { ...DEFAULT_ORDER_SETTINGS, ...stored };
}
