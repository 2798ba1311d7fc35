import { Hono } from 'hono';
import { z } from 'zod';
import { formatMoney } from '../../../app/domain/money';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import type { CheckoutService } from '../services/checkout';
import type { Payments } from '../services/payments';
import { idSchema, MAX_ID } from '../../../app/domain/ids';
import { jsonBody } from './validate';

const text = (max: number) => z.string().max(max);
const code = z.string().max(100);

/** A checkout selection as the portal sends it; the rules of spec 3 §5 are checked by the service, with their messages. */
export const selectionSchema = z.object({
  shippingAddressId: idSchema.nullable(),
  shippingMethodCode: code.nullable(),
  insured: z.boolean().nullable(),
  insuredAmount: z.number().int().min(0).max(1e12).nullable(),
  // Longer than the 1024 the screen allows, so the service answers the rule's own message.
  shippingInstructions: text(4096),
  billMyAccount: z.object({ carrier: text(100), serviceLevel: text(100), accountNumber: text(100) }),
  requestAQuote: z.object({ serviceLevel: text(100), amount: text(40) }),
  billingAddressId: idSchema.nullable(),
  paymentMethodCode: code.nullable(),
  additionalServiceCodes: z.array(code).max(50),
});

const checkoutId = '/:checkoutId{[0-9a-f-]{36}}';
const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const salesOrderOf = (query: string | undefined) => (query && /^[A-Za-z0-9-]{1,40}$/.test(query) ? query : undefined);

/** The checkout calls of spec 3 §7 (load, charges, submit, combine), the buyer's preferences and integrated payment. */
export function checkoutRoutes(checkout: CheckoutService, payments: Payments) {
  return new Hono<MarketplaceEnv>()
    .get(`/checkout${checkoutId}`, async (c) => c.json(await checkout.payload(c.get('user'), c.req.param('checkoutId'), salesOrderOf(c.req.query('salesOrder')))))
    .put(`/checkout${checkoutId}/selection`, async (c) => {
      const { selection } = await jsonBody(c, z.object({ selection: selectionSchema }));
      return c.json(await checkout.saveSelection(c.get('user'), c.req.param('checkoutId'), selection, salesOrderOf(c.req.query('salesOrder'))));
    })
    .post(`/checkout${checkoutId}/calculate-charges`, async (c) => {
      const { selection } = await jsonBody(c, z.object({ selection: selectionSchema }));
      return c.json(await checkout.preview(c.get('user'), c.req.param('checkoutId'), selection, salesOrderOf(c.req.query('salesOrder'))));
    })
    .post(`/checkout${checkoutId}/submit`, async (c) => {
      const body = await jsonBody(
        c,
        z.object({ submissionKey: z.string().uuid(), readyToRelease: z.boolean(), selection: selectionSchema, salesOrder: z.string().regex(/^[A-Za-z0-9-]{1,40}$/).optional(), version: z.number().int().positive().max(MAX_ID).optional() }),
      );
      const result = await checkout.submit(c.get('user'), c.req.param('checkoutId'), body);
      return c.json(result, result.replayed ? 200 : 201);
    })
    .get('/preferences/options', async (c) => c.json(await checkout.preferencesOptions(c.get('user'))))
    .get('/preferences', async (c) => c.json(await checkout.preferences(c.get('user'))))
    .post('/preferences', async (c) => {
      const { selection } = await jsonBody(c, z.object({ selection: selectionSchema }));
      await checkout.savePreferences(c.get('user'), selection);
      return c.json({ status: 'SUCCESS' });
    })
    .get(`/orders${orderNumber}/summary`, async (c) => c.json(await checkout.orderSummary(c.get('user'), c.req.param('orderNumber'))))
    .post(`/orders${orderNumber}/payment`, async (c) => {
      const body = await jsonBody(c, z.object({ returnUrl: z.string().max(200), releaseOnSuccess: z.boolean() }));
      return c.json(await payments.start(c.get('user'), c.req.param('orderNumber'), body.returnUrl, body.releaseOnSuccess), 201);
    })
    .post(`/orders${orderNumber}/payment/confirm`, async (c) => {
      const body = await jsonBody(c, z.object({ token: z.string().max(100), payerId: z.string().max(100) }));
      return c.json(await payments.confirm(c.get('user'), c.req.param('orderNumber'), body.token, body.payerId));
    });
}

const token = '/:token{[A-Za-z0-9_-]{10,60}}';
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sandbox payment provider's own pages: the buyer approves or cancels, and goes back to the portal. Public: the token is the secret. */
export function paymentSandboxRoutes({ config }: Pick<MarketplaceDeps, 'config'>, payments: Payments) {
  return new Hono()
    .get(`/payment-sandbox${token}`, async (c) => {
      const payment = await payments.describe(c.req.param('token'));
      const amount = formatMoney(payment.amount / 100, { locale: config.language, currencyCode: config.currencyCode, currencySymbol: config.currencySymbol, currencyPrecision: config.currencyPrecision });
      const decided = payment.status !== 'PENDING';
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment</title></head>
<body><main><h1>Sandbox payment</h1>
<p>Order ${escape(payment.phonexOrderNumber)}: <strong>${escape(amount)}</strong> to ${escape(config.tenantName)}.</p>
<p>This is the test payment provider of the demo marketplace: no money moves.</p>
${decided ? '<p>This payment was already decided.</p>' : `<form method="post"><button type="submit" name="decision" value="approve">Pay ${escape(amount)}</button> <button type="submit" name="decision" value="cancel">Cancel and return</button></form>`}
</main></body></html>`);
    })
    .post(`/payment-sandbox${token}`, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const decision = form['decision'];
      if (decision !== 'approve' && decision !== 'cancel') return c.text('Choose to pay or to cancel.', 400);
      return c.redirect(await payments.decide(c.req.param('token'), decision === 'approve'), 303);
    });
}
