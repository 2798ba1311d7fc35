import { Hono } from 'hono';
import { z } from 'zod';
import { formatMinor, tenantMoneyFormat } from '../../../app/domain/money';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import type { CheckoutService } from '../services/checkout/checkout';
import type { Payments } from '../services/payments/payments';
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

/** The bodies the checkout calls read (described by the OpenAPI document). */
export const checkoutBodies = {
  WithSelection: z.object({ selection: selectionSchema }),
  Submission: z.object({
    submissionKey: z.string().uuid(),
    readyToRelease: z.boolean(),
    selection: selectionSchema,
    salesOrder: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .optional(),
    version: z.number().int().positive().max(MAX_ID).optional(),
    /** The buyer's own reference (PO number) for a new order; the service checks it by the orders list's rule. */
    refOrderNumber: z.string().max(200).optional(),
  }),
  PaymentStartRequest: z.object({ returnUrl: z.string().max(200), releaseOnSuccess: z.boolean() }),
  PaymentConfirmRequest: z.object({ token: z.string().max(100), payerId: z.string().max(100) }),
};

const checkoutId = '/:checkoutId{[0-9a-f-]{36}}';
const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const salesOrderOf = (query: string | undefined) => (query && /^[A-Za-z0-9-]{1,40}$/.test(query) ? query : undefined);

/** The checkout calls of spec 3 §7 (load, charges, submit, combine), the buyer's preferences and integrated payment. */
export function checkoutRoutes(checkout: CheckoutService, payments: Payments) {
  return new Hono<MarketplaceEnv>()
    .get(`/checkout${checkoutId}`, async (c) =>
      c.json(await checkout.payload(c.get('user'), c.req.param('checkoutId'), salesOrderOf(c.req.query('salesOrder')))),
    )
    .put(`/checkout${checkoutId}/selection`, async (c) => {
      const { selection } = await jsonBody(c, checkoutBodies.WithSelection);
      return c.json(
        await checkout.saveSelection(
          c.get('user'),
          c.req.param('checkoutId'),
          selection,
          salesOrderOf(c.req.query('salesOrder')),
        ),
      );
    })
    .post(`/checkout${checkoutId}/calculate-charges`, async (c) => {
      const { selection } = await jsonBody(c, checkoutBodies.WithSelection);
      return c.json(
        await checkout.preview(
          c.get('user'),
          c.req.param('checkoutId'),
          selection,
          salesOrderOf(c.req.query('salesOrder')),
        ),
      );
    })
    .post(`/checkout${checkoutId}/submit`, async (c) => {
      const body = await jsonBody(c, checkoutBodies.Submission);
      const result = await checkout.submit(c.get('user'), c.req.param('checkoutId'), body);
      return c.json(result, result.replayed ? 200 : 201);
    })
    .get('/checkout/submitted/:submissionKey{[0-9a-f-]{36}}', async (c) =>
      c.json(await checkout.submitted(c.get('user'), c.req.param('submissionKey'))),
    )
    .get('/preferences/options', async (c) => c.json(await checkout.preferencesOptions(c.get('user'))))
    .get('/preferences', async (c) => c.json(await checkout.preferences(c.get('user'))))
    .post('/preferences', async (c) => {
      const { selection } = await jsonBody(c, checkoutBodies.WithSelection);
      await checkout.savePreferences(c.get('user'), selection);
      return c.json({ status: 'SUCCESS' });
    })
    .get(`/orders${orderNumber}/summary`, async (c) =>
      c.json(await checkout.orderSummary(c.get('user'), c.req.param('orderNumber'))),
    )
    .post(`/orders${orderNumber}/payment`, async (c) => {
      const body = await jsonBody(c, checkoutBodies.PaymentStartRequest);
      return c.json(
        await payments.start(c.get('user'), c.req.param('orderNumber'), body.returnUrl, body.releaseOnSuccess),
        201,
      );
    })
    .post(`/orders${orderNumber}/payment/confirm`, async (c) => {
      const body = await jsonBody(c, checkoutBodies.PaymentConfirmRequest);
      return c.json(await payments.confirm(c.get('user'), c.req.param('orderNumber'), body.token, body.payerId));
    });
}

const token = '/:token{[A-Za-z0-9_-]{10,60}}';
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** CSS text from tenant configuration: a font list or a colour, never a way out of its declaration. */
const cssValue = (value: string) => value.replace(/[;{}<>\\]/g, '');

/** The sandbox page's stylesheet: the tenant's colours and font (a file of its own, which the portal's CSP allows as 'self'). */
function sandboxStyles({ theme }: MarketplaceDeps['config']) {
  const v = (value: string) => cssValue(value);
  return `:root { color-scheme: light; }
body { margin: 0; min-height: 100vh; display: grid; place-items: start center; background: ${v(theme.background)}; color: ${v(theme.text)}; font-family: ${v(theme.fontFamily)}; font-size: 1rem; line-height: 1.5; }
main { box-sizing: border-box; width: min(100% - 2rem, 32rem); margin: 2rem 1rem; padding: 1.5rem; background: ${v(theme.surface)}; border: 1px solid ${v(theme.muted)}40; border-radius: 8px; box-shadow: 0 2px 8px rgb(0 0 0 / 0.08); }
header { display: flex; align-items: center; gap: 0.75rem; margin-bottom: 1rem; }
header img { height: 2rem; width: auto; }
header span { font-weight: 700; }
h1 { font-family: ${v(theme.headingFontFamily ?? theme.fontFamily)}; font-size: 1.5rem; margin: 0 0 0.75rem; }
p { margin: 0 0 0.75rem; }
.amount { font-size: 1.75rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: 0.5rem 0 1rem; }
.note { color: ${v(theme.muted)}; font-size: 0.9rem; }
form { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0 1.25rem; border-radius: 6px; cursor: pointer; border: 2px solid ${v(theme.primary)}; }
button[value="approve"] { background: ${v(theme.primary)}; color: ${v(theme.primaryContrast)}; }
button[value="cancel"] { background: ${v(theme.surface)}; color: ${v(theme.primary)}; }
button:focus-visible { outline: 3px solid ${v(theme.secondary)}; outline-offset: 2px; }
`;
}

/** The sandbox payment provider's own pages: the buyer approves or cancels, and goes back to the portal. Public: the token is the secret. */
export function paymentSandboxRoutes({ config }: Pick<MarketplaceDeps, 'config'>, payments: Payments) {
  const styles = sandboxStyles(config);
  return new Hono()
    .get('/payment-sandbox/theme.css', (c) => c.body(styles, 200, { 'content-type': 'text/css; charset=utf-8' }))
    .get(`/payment-sandbox${token}`, async (c) => {
      const payment = await payments.describe(c.req.param('token'));
      const amount = formatMinor(payment.amount, tenantMoneyFormat(config));
      const decided = payment.status !== 'PENDING';
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment - ${escape(config.tenantShortName)}</title><link rel="stylesheet" href="theme.css"></head>
<body><main>
<header><img src="${escape(config.logoSmall)}" alt=""><span>${escape(config.tenantName)}</span></header>
<h1>Sandbox payment</h1>
<p>Order ${escape(payment.phonexOrderNumber)}</p>
<p class="amount"><strong>${escape(amount)}</strong></p>
<p class="note">This is the test payment provider of the demo marketplace: no money moves.</p>
${decided ? '<p>This payment was already decided.</p>' : `<form method="post"><button type="submit" name="decision" value="approve">Pay ${escape(amount)}</button><button type="submit" name="decision" value="cancel">Cancel and return</button></form>`}
</main></body></html>`);
    })
    .post(`/payment-sandbox${token}`, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const decision = form['decision'];
      if (decision !== 'approve' && decision !== 'cancel') return c.text('Choose to pay or to cancel.', 400);
      return c.redirect(await payments.decide(c.req.param('token'), decision === 'approve'), 303);
    });
}
