import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ORDER_LIST_COLUMN_TYPES, ORDER_LIST_FIELDS, type OrderSettings } from '~/domain/orders/settings';
import { callApi } from './client';

const status = z.object({ code: z.string(), label: z.string(), colorClass: z.string() });

export const orderSettingsSchema: z.ZodType<OrderSettings> = z.object({
  salesOrderUpdateMethod: z.string(),
  fulfillmentSettings: z.object({
    singleButtonOrderFlow: z.boolean(),
    onReleaseFulfillmentStatusTo: z.string(),
    statuses: z.array(status),
  }),
  paymentSettings: z.object({ statuses: z.array(status) }),
  paymentCollectionSettings: z.object({ gracePeriodEnabled: z.boolean() }),
  invoiceSettings: z.object({ showInvoiceFulfillmentStatuses: z.array(z.string()) }),
  buyerSalesOrderListPageSettings: z.object({
    columns: z.array(
      z.object({
        field: z.enum(ORDER_LIST_FIELDS),
        header: z.string(),
        type: z.enum(ORDER_LIST_COLUMN_TYPES),
        editable: z.boolean().optional(),
      }),
    ),
  }),
  payAndShipNowWarning: z.object({ display: z.boolean(), message: z.string() }),
});

/** GET order settings (spec 3 §7): statuses and their chips, release target, invoices shown, list columns. */
export const orderSettingsApi = {
  read: (context: AppLoadContext, token: string) =>
    callApi(context, '/px-api-gateway/order/settings', { token, schema: orderSettingsSchema }),
};
