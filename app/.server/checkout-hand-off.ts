import { type LoaderFunctionArgs } from '@remix-run/node';
import { cartApi } from './api/cart';
import { proofOfExportApi } from './api/proof-of-export';
import { ApiFailure } from './api/client';
import { requireBuyer } from './auth';
import { readSession } from './request-session';
import { keptCheckout } from './session';
import { failureToast, redirectWithToast } from './toast';

/**
 * The checkout screens' start: the draft the cart handed over (its id kept in the session), read
 * back from the marketplace at today's terms. Without a matching draft the buyer goes back to the cart.
 */
export function checkoutHandOffLoader(mode: 'NEW_ORDER' | 'ADD_TO_EXISTING_ORDER') {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const { token } = await requireBuyer(request, context);
    const session = await readSession(request, context);
    const kept = keptCheckout(session, params.warehouse);
    if (!kept || kept.mode !== mode) {
      return redirectWithToast('/cart', { type: 'info', key: 'checkout.nothingToCheckout' });
    }
    try {
      const [handOff, payAndShipNowDisabled] = await Promise.all([
        cartApi.draft(context, token, kept.id),
        proofOfExportApi.payAndShipNowBlocked(context, token),
      ]);
      return { handOff, payAndShipNowDisabled };
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      context.logger.warn({ err: error }, 'checkout draft no longer valid');
      return redirectWithToast('/cart', failureToast(error, 'checkout.nothingToCheckout'));
    }
  };
}
