import { getZodConstraint } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { INTEGRATED_PAYPAL } from '~/domain/checkout/options';
import { referenceOf } from '~/domain/orders/reference';
import { confirmationPath } from '~/domain/checkout/payment';
import {
  applyChange,
  DONE_INTENTS,
  blockingRows,
  invalidRows,
  PAIR,
  ROWS,
  standingNotices,
  withRows,
  type Row,
  type Selection,
} from '~/domain/checkout/selection';
import { cartApi } from '~/.server/api/cart';
import { checkoutApi, type CheckoutPayload } from '~/.server/api/checkout';
import { ApiFailure } from '~/.server/api/client';
import { proofOfExportApi } from '~/.server/api/proof-of-export';
import { requireBuyer, type SignedIn } from '~/.server/auth';
import {
  doneRows,
  parseSelectionForm,
  refuseRows,
  refuseTyped,
  selectionFields,
  selectionOf,
  type RowsReply,
} from '~/.server/checkout-form';
import { redirectToPaymentProvider } from '~/.server/integrated-payment';
import { logPurchase } from '~/.server/purchase-analytics';
import { fields, formRefusal, intentOf, readForm } from '~/.server/forms';
import { readSession } from '~/.server/request-session';
import { forgetCheckout, keepCheckout, keptCheckout } from '~/.server/session';
import { failureToast, redirectWithToast } from '~/.server/toast';

/** A new order from the cart, or the cart added to one of the buyer's open orders (spec 3 §2.1, §2.2). */
export type CheckoutKind = 'new' | 'update';

const INTENTS = [
  ...DONE_INTENTS,
  'charges',
  'hold',
  'release',
  'release-confirmed',
  'update',
  'update-confirmed',
] as const;

/** The checkout's form, as its replies name it. */
export const CHECKOUT_FORM = 'checkout';
/** Beside the reference field when its rule refuses what was typed. */
const REFERENCE_INVALID = 'checkout.reference.invalid';

/** The checkout's one form: the selection's rows, the command, the submission's key and the version of the order it adds to. */
const checkoutSchema = z.object({
  ...selectionFields,
  // The buyer's reference (PO number), new orders only: bounded here, judged by its rule in the action.
  refOrderNumber: fields.typed(200, REFERENCE_INVALID),
  intent: z.enum(INTENTS),
  submissionKey: z.string().uuid(),
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});
const checkoutConstraint = getZodConstraint(checkoutSchema);

/** What the action answers when the screen shows again (not a redirect). */
export type CheckoutActionData =
  /** Rows refused by their rules (or, with `blocked`, rows a release found open or not valid), with the totals of the refused choice. */
  | (RowsReply & { charges?: CheckoutPayload['charges'] })
  | { kind: 'charges'; charges: CheckoutPayload['charges'] }
  | { kind: 'confirm'; dialog: 'release' | 'update' };

const editParam = z.array(z.enum(ROWS));
const noticeParam = z.array(z.enum(ROWS)).catch([]);

/** The checkout kept in the session for this page, or null when the buyer has to start from the cart again. */
async function keptCheckoutOf(
  request: Request,
  context: LoaderFunctionArgs['context'],
  kind: CheckoutKind,
  warehouse: string | undefined,
) {
  const kept = keptCheckout(await readSession(request, context), warehouse);
  if (!kept || (kind === 'update' && kept.mode !== 'ADD_TO_EXISTING_ORDER')) return null;
  return kept;
}

/** With scripts the cart may hand the same entries over again from what the browser kept (`resume`, spec 3 §9). */
const backToCart = (warehouse?: string) =>
  redirectWithToast(warehouse ? `/cart?${new URLSearchParams({ resume: warehouse })}` : '/cart', {
    type: 'info',
    key: 'checkout.nothingToCheckout',
  });

/** Checkout load failures show their message and go back to the cart (spec 3 §8). */
async function loadFailed(context: LoaderFunctionArgs['context'], error: unknown) {
  if (!(error instanceof ApiFailure)) throw error;
  context.logger.warn({ err: error }, 'checkout could not be loaded');
  return redirectWithToast('/cart', failureToast(error, 'checkout.nothingToCheckout'));
}

export function checkoutScreenLoader(kind: CheckoutKind) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const { token } = await requireBuyer(request, context);
    const kept = await keptCheckoutOf(request, context, kind, params.warehouse);
    if (!kept) return backToCart(params.warehouse);
    const salesOrder = kind === 'update' ? params.salesOrder : undefined;
    try {
      const [payload, payAndShipNowDisabled, orderSettings] = await Promise.all([
        checkoutApi.load(context, token, kept.id, salesOrder),
        proofOfExportApi.payAndShipNowBlocked(context, token),
        cartApi.orderSettings(context, token).catch(() => null),
      ]);
      if (kind === 'update' && !payload.onHoldSalesOrder) return backToCart();
      const asked = editParam.safeParse(new URL(request.url).searchParams.getAll('edit'));
      const open = ROWS.filter((row) => (asked.success && asked.data.includes(row)) || row in payload.invalidRows);
      const notices = noticeParam.parse(new URL(request.url).searchParams.getAll('notice'));
      return {
        kind,
        payload,
        constraint: checkoutConstraint,
        open,
        notices,
        network: kept.network,
        reference: kept.reference ?? '',
        payAndShipNowDisabled,
        salesOrderUpdateMethod: orderSettings?.salesOrderUpdateMethod ?? '',
        payAndShipNowWarning: orderSettings?.payAndShipNowWarning?.display
          ? orderSettings.payAndShipNowWarning.message
          : null,
      };
    } catch (error) {
      return loadFailed(context, error);
    }
  };
}

export function checkoutScreenAction(kind: CheckoutKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const signedIn = await requireBuyer(request, context);
    const form = await readForm(request);
    const intent = intentOf(form, INTENTS);
    const submission = parseSelectionForm(form, checkoutSchema, ['refOrderNumber']);
    const kept = await keptCheckoutOf(request, context, kind, params.warehouse);
    if (!kept) return backToCart();
    const salesOrder = kind === 'update' ? params.salesOrder : undefined;
    let payload: CheckoutPayload;
    try {
      payload = await checkoutApi.load(context, signedIn.token, kept.id, salesOrder);
    } catch (error) {
      return loadFailed(context, error);
    }
    if (submission.status !== 'success') {
      // A recalculation with a refused field leaves the totals as they were.
      if (intent === 'charges') return data({ message: 'errors.badRequest' }, { status: 400 });
      return refuseTyped(CHECKOUT_FORM, submission, payload.selection, form);
    }
    const values = submission.value;
    const { selection: posted, shown, open, raised } = selectionOf(values, payload.selection);
    const { options, orderSize: size } = payload;
    const edited = applyChange(shown, posted, options, size);
    // Only a new order asks for a reference: an open order's is changed from the orders list.
    if (kind === 'update' && values.refOrderNumber) throw formRefusal(400);
    // A recalculation of the totals does not judge the reference (it is not sent with it).
    const reference = intent === 'charges' ? '' : referenceOf(values.refOrderNumber);
    if (reference === null) {
      return refuseRows(
        CHECKOUT_FORM,
        submission,
        { selection: edited, open, errors: {} },
        { fieldErrors: { refOrderNumber: [REFERENCE_INVALID] } },
      );
    }

    if (intent.startsWith('done:')) {
      const row = intent.slice('done:'.length) as Row;
      const pair = PAIR[row];
      const notices = standingNotices(shown, edited, raised, options, size);
      // A new billing address opens the payment method choice (spec 3 §2.1): its DONE leaves that row open.
      const keepOpen: Row[] = row === 'billingAddress' && notices.includes('paymentMethod') ? ['paymentMethod'] : [];
      const done = doneRows(request, row, pair, edited, open, options, size, shown, { keepOpen, notices });
      if ('refused' in done) {
        // The totals follow the refused choice too: a new address changes the tax and the freight at once.
        const charges = await checkoutApi
          .charges(context, signedIn.token, kept.id, edited, salesOrder)
          .catch(() => undefined);
        return refuseRows(CHECKOUT_FORM, submission, done.refused, { extra: { charges } });
      }
      try {
        await checkoutApi.saveSelection(
          context,
          signedIn.token,
          kept.id,
          withRows(payload.selection, edited, pair),
          salesOrder,
        );
      } catch (error) {
        return loadFailed(context, error);
      }
      if (reference === (kept.reference ?? '')) return redirect(done.next);
      // The page comes back from this redirect: the reference typed so far comes back with it.
      keepCheckout(await readSession(request, context), { ...kept, reference });
      return redirect(done.next);
    }

    if (intent === 'charges') {
      try {
        return data<CheckoutActionData>({
          kind: 'charges',
          charges: await checkoutApi.charges(context, signedIn.token, kept.id, edited, salesOrder),
        });
      } catch (error) {
        if (error instanceof Response) throw error;
        // A recalculation that fails leaves the totals as they were.
        return data({ message: 'errors.badRequest' }, { status: 400 });
      }
    }

    // Hold, release or update: every row closed and valid first ('Please finalize the following').
    const blocked = blockingRows(open, edited, options, size);
    if (blocked.length) {
      return refuseRows(CHECKOUT_FORM, submission, {
        selection: edited,
        open: blocked,
        errors: invalidRows(edited, options, size),
        focus: blocked[0],
        blocked,
      });
    }
    if (intent === 'release') {
      const settings = await cartApi.orderSettings(context, signedIn.token).catch(() => null);
      if (settings?.payAndShipNowWarning?.display)
        return data<CheckoutActionData>({ kind: 'confirm', dialog: 'release' });
    }
    if (intent === 'update') return data<CheckoutActionData>({ kind: 'confirm', dialog: 'update' });
    if (kind === 'update' && intent !== 'update-confirmed') throw formRefusal(400);
    if (kind === 'new' && intent === 'update-confirmed') throw formRefusal(400);

    const readyToRelease = intent === 'release' || intent === 'release-confirmed';
    return submit({
      request,
      context,
      signedIn,
      checkoutId: kept.id,
      selection: edited,
      readyToRelease,
      submissionKey: values.submissionKey,
      salesOrder,
      version: values.version,
      kind,
      warehouseLabel: kept.warehouseLabel,
      reference,
    });
  };
}

async function submit(args: {
  request: Request;
  context: ActionFunctionArgs['context'];
  signedIn: SignedIn;
  checkoutId: string;
  selection: Selection;
  readyToRelease: boolean;
  submissionKey: string;
  salesOrder?: string;
  version?: number;
  kind: CheckoutKind;
  warehouseLabel: string;
  reference: string;
}) {
  const { request, context, signedIn, selection, kind } = args;
  let order;
  try {
    order = await checkoutApi.submit(context, signedIn.token, args.checkoutId, {
      submissionKey: args.submissionKey,
      readyToRelease: args.readyToRelease,
      selection,
      ...(args.salesOrder ? { salesOrder: args.salesOrder, version: args.version } : {}),
      ...(args.reference ? { refOrderNumber: args.reference } : {}),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error }, 'checkout submission failed');
    if (error instanceof ApiFailure && error.messageCode === 'outdatedSalesOrder')
      return redirectWithToast('/cart', failureToast(error));
    // Submission failures go back to the cart without a message (spec 3 §8).
    return redirect('/cart');
  }
  if (
    args.readyToRelease &&
    !order.replayed &&
    order.status !== 'ON_HOLD' &&
    order.status !== 'AWAITING_SHIPPING_QUOTE'
  ) {
    // The order is read back after the submission; a failure there is only logged (spec 3 §7, §8).
    await checkoutApi
      .orderSummary(context, signedIn.token, order.phonexOrderNumber)
      .then((summary) => logPurchase(context, summary))
      .catch((error: unknown) => context.logger.warn({ err: error }, 'order not readable after submission'));
  }
  // The stored hand-off is cleared after a submit (spec 3 §9).
  forgetCheckout(await readSession(request, context), args.warehouseLabel);
  if (kind === 'update')
    return redirectWithToast(`/orders/${encodeURIComponent(order.phonexOrderNumber)}`, {
      type: 'success',
      key: 'checkout.updated',
    });
  if (selection.paymentMethodCode === INTEGRATED_PAYPAL && order.paymentStatus === 'AWAITING_PAYMENT') {
    try {
      return await redirectToPaymentProvider(context, signedIn.token, order.phonexOrderNumber, args.readyToRelease);
    } catch (error) {
      // The order exists: its thank-you page offers to pay again.
      context.logger.error({ err: error }, 'payment could not start');
    }
  }
  return redirect(confirmationPath(order.phonexOrderNumber));
}
