import { redirect, type AppLoadContext } from '@remix-run/node';
import { checkoutApi } from './api/checkout';

/** Where the provider's approve page may be: a path of this site (the embedded sandbox) or an https page. */
export function isProviderUrl(url: string): boolean {
  if (/^\/(?![/\\])/.test(url)) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Starts the integrated payment of an order (INTEGRATED_PAYPAL) and answers the 303 to the provider's
 * approve page. The provider comes back to /orders/{n}/order-release-confirmation, which confirms and
 * goes on to the thank-you page. A refusal of the tenant API is thrown as it came (an ApiFailure).
 */
export async function redirectToPaymentProvider(
  context: AppLoadContext,
  token: string,
  orderNumber: string,
  releaseOnSuccess: boolean,
): Promise<Response> {
  const { approveUrl } = await checkoutApi.startPayment(context, token, orderNumber, releaseOnSuccess);
  if (!isProviderUrl(approveUrl)) throw new Error(`unexpected approve address ${approveUrl}`);
  return redirect(inBrowser(context, approveUrl), 303);
}

/** A path of the tenant API is on this site when the marketplace is embedded, on the tenant API's site otherwise. */
function inBrowser(context: AppLoadContext, approveUrl: string) {
  const base = new URL(context.tenantApiBase);
  return approveUrl.startsWith('/') && base.hostname !== 'embedded-marketplace'
    ? new URL(approveUrl, base).href
    : approveUrl;
}
