import type { PaymentProvider } from './payments';

export interface PayPalSettings {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The portal's public address: PayPal sends the buyer back to an absolute URL. */
  publicUrl: string;
  fetch?: typeof fetch;
}

/** Minor units as the decimal string PayPal takes ("1234.50"), without floating-point arithmetic. */
export function decimalAmount(minor: number): string {
  const units = Math.trunc(minor / 100);
  return `${units}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
}

/** Where the buyer approves PayPal payments of this API: the CSP lets forms lead there. */
export const payPalApproveOrigin = (apiBase: string) =>
  new URL(apiBase).hostname.includes('sandbox') ? 'https://www.sandbox.paypal.com' : 'https://www.paypal.com';

/**
 * PayPal through its Orders v2 API: an order opened with intent CAPTURE, approved by the buyer on
 * PayPal's page, captured when the portal confirms the return; a capture beyond what the order owed
 * is refunded through the Payments v2 API. The OAuth token is kept until it ends.
 */
export function payPalProvider(settings: PayPalSettings): PaymentProvider {
  const call = settings.fetch ?? fetch;
  let access: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (access && access.until > Date.now()) return access.token;
    const response = await call(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`PayPal token refused: ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    access = { token: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return access.token;
  }

  const back = (returnPath: string, status: 'SUCCESS' | 'FAILURE') =>
    `${new URL(returnPath, settings.publicUrl).href}?status=${status}`;

  return {
    name: 'paypal',

    async open({ amount, currencyCode, reference, returnPath }) {
      const response = await call(`${settings.apiBase}/v2/checkout/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          'PayPal-Request-Id': `${reference}-${Date.now()}`,
        },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            { reference_id: reference, amount: { currency_code: currencyCode, value: decimalAmount(amount) } },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: back(returnPath, 'SUCCESS'),
                cancel_url: back(returnPath, 'FAILURE'),
                user_action: 'PAY_NOW',
              },
            },
          },
        }),
      });
      if (!response.ok) throw new Error(`PayPal refused the order: ${response.status}`);
      const body = (await response.json()) as { id: string; links?: { rel: string; href: string }[] };
      const approve = body.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!approve || !/^https:\/\//.test(approve.href)) throw new Error('PayPal gave no approve address');
      return { token: body.id, approveUrl: approve.href };
    },

    async capture(token) {
      const response = await call(`${settings.apiBase}/v2/checkout/orders/${encodeURIComponent(token)}/capture`, {
        method: 'POST',
        // The same request id makes a repeated capture the same capture.
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          'PayPal-Request-Id': `capture-${token}`,
        },
      });
      if (!response.ok) return null;
      const body = (await response.json()) as {
        status?: string;
        purchase_units?: { payments?: { captures?: { id: string }[] } }[];
      };
      if (body.status !== 'COMPLETED') return null;
      const id = body.purchase_units?.[0]?.payments?.captures?.[0]?.id;
      if (!id) throw new Error('PayPal completed the order without naming its capture');
      return id;
    },

    async refund({ captureId, amount, currencyCode, requestId }) {
      const response = await call(`${settings.apiBase}/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          'PayPal-Request-Id': requestId,
        },
        body: JSON.stringify({ amount: { currency_code: currencyCode, value: decimalAmount(amount) } }),
      });
      if (!response.ok) throw new Error(`PayPal refused the refund: ${response.status}`);
      const body = (await response.json()) as { id: string };
      return body.id;
    },
  };
}
