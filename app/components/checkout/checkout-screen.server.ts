import { getZodConstraint } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { INTEGRATED_PAYPAL } from '~/domain/checkout/options';
import { referenceOf } from '~/domain/orders/reference';
import { confirmationPath } from '~/domain/checkout/payment';
import {
  applyChange,
  DONE_INTENTS,
  eachRowDone,
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
import { dispatchIntent, fields, formRefusal, readForm } from '~/.server/forms';
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

type CheckoutIntent = (typeof INTENTS)[number];
type Answer = Response | ReturnType<typeof data>;

/** The buyer's screen as posted: who, which checkout (new or adding to an order). */
interface Screen extends ActionFunctionArgs {
  kind: CheckoutKind;
  signedIn: SignedIn;
}

/**
 * The checkout's buttons, each a function below: a row's DONE, the recalculation of the totals,
 * and the order's HOLD, RELEASE and UPDATE (with their confirmations). The intent is read before
 * anything else (a closed set; any other is a 400 that changes nothing).
 */
export function checkoutScreenAction(kind: CheckoutKind) {
  return async (args: ActionFunctionArgs) => {
    const screen: Screen = { ...args, kind, signedIn: await requireBuyer(args.request, args.context) };
    const form = await readForm(args.request);
    const withCheckout =
      (answer: (checkout: PostedCheckout) => Promise<Answer>, options?: { recalculation: true }) => (form: FormData) =>
        readCheckout(screen, form, options).then((read) => ('answer' in read ? read.answer : answer(read.checkout)));
    const handlers: Record<CheckoutIntent, (form: FormData) => Promise<Answer>> = {
      ...eachRowDone((row) => withCheckout((checkout) => finishRow(checkout, row))),
      charges: withCheckout(recalculate, { recalculation: true }),
      hold: withCheckout(hold),
      release: withCheckout(release),
      'release-confirmed': withCheckout(releaseConfirmed),
      update: withCheckout(askToUpdate),
      'update-confirmed': withCheckout(updateConfirmed),
    };
    return dispatchIntent(form, handlers);
  };
}

/** The checkout as posted, read against the one kept for this page and its stored selection. */
interface PostedCheckout extends Screen {
  kept: NonNullable<Awaited<ReturnType<typeof keptCheckoutOf>>>;
  salesOrder: string | undefined;
  payload: CheckoutPayload;
  submission: ReturnType<typeof parseSelectionForm<typeof checkoutSchema>> & { status: 'success' };
  values: z.output<typeof checkoutSchema>;
  shown: Selection;
  edited: Selection;
  open: Row[];
  raised: ReturnType<typeof selectionOf>['raised'];
  reference: string;
}

/**
 * What every button reads first: the kept checkout (none: back to the cart), its stored selection,
 * the posted form (refused fields come back beside their rows; a recalculation's leave the totals as
 * they were) and the reference (not judged by a recalculation, which does not send it).
 */
async function readCheckout(
  screen: Screen,
  form: FormData,
  { recalculation = false }: { recalculation?: boolean } = {},
): Promise<{ answer: Answer } | { checkout: PostedCheckout }> {
  const { request, context, params, kind, signedIn } = screen;
  const submission = parseSelectionForm(form, checkoutSchema, ['refOrderNumber']);
  const kept = await keptCheckoutOf(request, context, kind, params.warehouse);
  if (!kept) return { answer: await backToCart() };
  const salesOrder = kind === 'update' ? params.salesOrder : undefined;
  let payload: CheckoutPayload;
  try {
    payload = await checkoutApi.load(context, signedIn.token, kept.id, salesOrder);
  } catch (error) {
    return { answer: await loadFailed(context, error) };
  }
  if (submission.status !== 'success') {
    if (recalculation) return { answer: data({ message: 'errors.badRequest' }, { status: 400 }) };
    return { answer: refuseTyped(CHECKOUT_FORM, submission, payload.selection, form) };
  }
  const values = submission.value;
  const { selection: posted, shown, open, raised } = selectionOf(values, payload.selection);
  const edited = applyChange(shown, posted, payload.options, payload.orderSize);
  // Only a new order asks for a reference: an open order's is changed from the orders list.
  if (kind === 'update' && values.refOrderNumber) throw formRefusal(400);
  const reference = recalculation ? '' : referenceOf(values.refOrderNumber);
  if (reference === null) {
    return {
      answer: refuseRows(
        CHECKOUT_FORM,
        submission,
        { selection: edited, open, errors: {} },
        { fieldErrors: { refOrderNumber: [REFERENCE_INVALID] } },
      ),
    };
  }
  return {
    checkout: { ...screen, kept, salesOrder, payload, submission, values, shown, edited, open, raised, reference },
  };
}

/** A row's DONE: the row (and its pair) saved and closed, or left open with its errors and the totals of the refused choice. */
async function finishRow(checkout: PostedCheckout, row: Row) {
  const { request, context, signedIn, kept, salesOrder, payload, submission, shown, edited, open, raised } = checkout;
  const { options, orderSize: size } = payload;
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
  if (checkout.reference === (kept.reference ?? '')) return redirect(done.next);
  // The page comes back from this redirect: the reference typed so far comes back with it.
  keepCheckout(await readSession(request, context), { ...kept, reference: checkout.reference });
  return redirect(done.next);
}

/** The totals of the choice as it stands, unsaved; a recalculation that fails leaves them as they were. */
async function recalculate({ context, signedIn, kept, edited, salesOrder }: PostedCheckout) {
  try {
    return data<CheckoutActionData>({
      kind: 'charges',
      charges: await checkoutApi.charges(context, signedIn.token, kept.id, edited, salesOrder),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ message: 'errors.badRequest' }, { status: 400 });
  }
}

/** Hold, release or update: every row closed and valid first ('Please finalize the following'). */
function blockedRows({ submission, open, edited, payload }: PostedCheckout) {
  const blocked = blockingRows(open, edited, payload.options, payload.orderSize);
  if (!blocked.length) return null;
  return refuseRows(CHECKOUT_FORM, submission, {
    selection: edited,
    open: blocked,
    errors: invalidRows(edited, payload.options, payload.orderSize),
    focus: blocked[0],
    blocked,
  });
}

/** The order placed once every row is closed and valid; a button of the other kind of checkout is a 400. */
function place(checkout: PostedCheckout, kind: CheckoutKind, readyToRelease: boolean) {
  const blocked = blockedRows(checkout);
  if (blocked) return blocked;
  if (checkout.kind !== kind) throw formRefusal(400);
  return submit(checkout, readyToRelease);
}

/** HOLD ORDER (or HOLD ORDER UNTIL SHIPPING QUOTE): a new order, not released. */
const hold = async (checkout: PostedCheckout) => place(checkout, 'new', false);

/** RELEASE ORDER: the pay-and-ship-now warning first when the tenant shows it. */
async function release(checkout: PostedCheckout) {
  const blocked = blockedRows(checkout);
  if (blocked) return blocked;
  const settings = await cartApi.orderSettings(checkout.context, checkout.signedIn.token).catch(() => null);
  if (settings?.payAndShipNowWarning?.display) return data<CheckoutActionData>({ kind: 'confirm', dialog: 'release' });
  return place(checkout, 'new', true);
}

/** The warning's RELEASE. */
const releaseConfirmed = async (checkout: PostedCheckout) => place(checkout, 'new', true);

/** UPDATE ORDER: asks first ('Review and Update Order'). */
async function askToUpdate(checkout: PostedCheckout) {
  return blockedRows(checkout) ?? data<CheckoutActionData>({ kind: 'confirm', dialog: 'update' });
}

/** The confirmation's UPDATE: the cart added to the open order. */
const updateConfirmed = async (checkout: PostedCheckout) => place(checkout, 'update', false);

async function submit(checkout: PostedCheckout, readyToRelease: boolean) {
  const { request, context, signedIn, edited: selection, kind, kept, salesOrder, values, reference } = checkout;
  let order;
  try {
    order = await checkoutApi.submit(context, signedIn.token, kept.id, {
      submissionKey: values.submissionKey,
      readyToRelease,
      selection,
      ...(salesOrder ? { salesOrder, version: values.version } : {}),
      ...(reference ? { refOrderNumber: reference } : {}),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error }, 'checkout submission failed');
    if (error instanceof ApiFailure && error.messageCode === 'outdatedSalesOrder')
      return redirectWithToast('/cart', failureToast(error));
    // Submission failures go back to the cart without a message (spec 3 §8).
    return redirect('/cart');
  }
  if (readyToRelease && !order.replayed && order.status !== 'ON_HOLD' && order.status !== 'AWAITING_SHIPPING_QUOTE') {
    // The order is read back after the submission; a failure there is only logged (spec 3 §7, §8).
    await checkoutApi
      .orderSummary(context, signedIn.token, order.phonexOrderNumber)
      .then((summary) => logPurchase(context, summary))
      .catch((error: unknown) => context.logger.warn({ err: error }, 'order not readable after submission'));
  }
  // The stored hand-off is cleared after a submit (spec 3 §9).
  forgetCheckout(await readSession(request, context), kept.warehouseLabel);
  if (kind === 'update')
    return redirectWithToast(`/orders/${encodeURIComponent(order.phonexOrderNumber)}`, {
      type: 'success',
      key: 'checkout.updated',
    });
  if (selection.paymentMethodCode === INTEGRATED_PAYPAL && order.paymentStatus === 'AWAITING_PAYMENT') {
    try {
      return await redirectToPaymentProvider(context, signedIn.token, order.phonexOrderNumber, readyToRelease);
    } catch (error) {
      // The order exists: its thank-you page offers to pay again.
      context.logger.error({ err: error }, 'payment could not start');
    }
  }
  return redirect(confirmationPath(order.phonexOrderNumber));
}
