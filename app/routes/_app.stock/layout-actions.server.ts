import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { displayPreferenceApi } from '~/.server/api/display-preference';
import { parseButtons } from '~/.server/conform';
import { redirectWithToast } from '~/.server/toast';
import { STOCK_LIST_LAYOUTS } from '~/domain/stock/layout';
import type { StockActionHandler } from './actions.server';

const layoutSchema = z.object({ intent: z.literal('stock-layout'), layout: z.enum(STOCK_LIST_LAYOUTS) });

/** Cards or the compact list (issue 37): kept for the user by the tenant API and in the session, then the same list again. */
const setLayout: StockActionHandler = async ({ form, context, signedIn, back }) => {
  const { layout } = parseButtons(form, layoutSchema);
  try {
    await displayPreferenceApi.setStockListLayout(context, signedIn.token, layout);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'stock list layout not kept');
    return redirectWithToast(back, { type: 'error', key: 'stock.layoutNotKept' });
  }
  context.changeSessionUser?.({ stockListLayout: layout });
  return redirect(back);
};

export const LAYOUT_INTENTS: [string, StockActionHandler][] = [['stock-layout', setLayout]];
