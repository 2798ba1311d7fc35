import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { STOCK_LIST_LAYOUTS, type StockListLayout } from '~/domain/stock/layout';
import { callApi } from './client';

export const displayPreferenceSchema = z.object({ stockListLayout: z.enum(STOCK_LIST_LAYOUTS) });

/** How the user's stock list shows its groups (issue 37), kept by the tenant API per user. */
export const displayPreferenceApi = {
  setStockListLayout: (context: AppLoadContext, token: string, stockListLayout: StockListLayout) =>
    callApi(context, '/px-api-gateway/user/display-preference', {
      method: 'PUT',
      token,
      body: { stockListLayout },
      schema: displayPreferenceSchema,
    }),
};
