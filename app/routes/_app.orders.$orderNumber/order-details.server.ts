import { getZodConstraint } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { INTEGRATED_PAYPAL } from '~/domain/checkout/options';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { applyChange, DONE_INTENTS, eachRowDone, PAIR, ROWS, withRows, type Row } from '~/domain/checkout/selection';
import { lineQuantityError, removalError } from '~/domain/orders/line-edit';
import { offersHold, ROW_PERMISSION } from '~/domain/orders/permissions';
import { canRequestReturn } from '~/domain/returns/rules';
import { checkoutApi } from '~/.server/api/checkout';
import { ApiFailure } from '~/.server/api/client';
import { loadOrderExports } from '~/.server/api/order-documents';
import { orderDetailsApi, type DraftChange, type OrderAction, type OrderDetails } from '~/.server/api/order-details';
import { orderSettingsApi } from '~/.server/api/order-settings';
import { orderTermsApi } from '~/.server/api/order-terms';
import { proofOfExportApi } from '~/.server/api/proof-of-export';
import { stockApi } from '~/.server/api/stock';
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
import { parseButtons, refuseForm, parseSubmission } from '~/.server/conform';
import { dispatchIntent, fields, readForm, singleIntent } from '~/.server/forms';
import { redirectToPaymentProvider } from '~/.server/integrated-payment';
import { loadOrderTerms, termsIntents, TERMS_FETCH_FAILED, type LoadedTerms } from '~/.server/order-terms-actions';
import { logPurchase } from '~/.server/purchase-analytics';
import { failureToast, redirectWithToast, type Toast } from '~/.server/toast';

/** A line's own buttons: Done of its edit, Delete, and Restore of a removed line. */
const LINE_INTENT = /^line-(done|remove|restore):([1-9]\d{0,8})$/;

/** What the action answers when the page shows again (not a redirect). */
export type OrderActionData =
  | RowsReply
  | { kind: 'confirm'; dialog: 'release' }
  /** The cancel confirmation, with the cancellation fee a cancellation now charges (minor units; 0: none), and whether it moved since it was shown. */
  | { kind: 'confirm'; dialog: 'cancel'; cancellationFee: number; feeChanged?: boolean }
  /** A save with rows or a line still open: 'Please finalize the following: {items}' (spec 3 §4, §8). */
  | { kind: 'blocked'; rows: Row[]; line: boolean };

const editParams = z.object({ line: z.array(fields.id).max(1), edit: z.array(z.enum(ROWS)) });
/** Lines the grid shows at first and adds with each Show more (`?lines=PAGES`): the totals still count every line. */
const ITEMS_PAGE = 100;
const pagesParam = z.coerce.number().int().min(1).max(1000).catch(1);

const orderPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/** 'No order found of this id: {path}', then the orders list (spec 3 §8); any other refusal shows its message. */
async function notLoaded(error: unknown, orderNumber: string) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiFailure && error.status === 404)
    return redirectWithToast('/orders', {
      type: 'error',
      key: 'orders.details.notFound',
      values: { path: orderNumber },
    });
  return redirectWithToast('/orders', failureToast(error, 'orders.details.incomplete'));
}

function orderNumberOf(params: LoaderFunctionArgs['params']): string | null {
  const orderNumber = params.orderNumber ?? '';
  return ORDER_NUMBER.test(orderNumber) ? orderNumber : null;
}

export async function orderDetailsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const orderNumber = orderNumberOf(params);
  if (!orderNumber)
    return redirectWithToast('/orders', {
      type: 'error',
      key: 'orders.details.notFound',
      values: { path: params.orderNumber ?? '' },
    });
  // What the page needs besides the order is asked for at the same time.
  const settingsRead = orderSettingsApi.read(context, token).catch((error: unknown) => {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error }, 'order settings not available');
    return null;
  });
  const blockedRead = proofOfExportApi.payAndShipNowBlocked(context, token);
  const exportsRead = loadOrderExports(context, token, orderNumber);
  let details: OrderDetails;
  try {
    details = await orderDetailsApi.load(context, token, orderNumber);
  } catch (error) {
    // The other answers are not waited for: nothing of this order shows.
    settingsRead.catch(() => null);
    exportsRead.catch(() => null);
    return notLoaded(error, orderNumber);
  }
  if (!details.salesOrder.items.length)
    return redirectWithToast('/orders', {
      type: 'error',
      key: 'orders.details.notFound',
      values: { path: orderNumber },
    });
  let settings, payAndShipNowDisabled, stockSettings, exports;
  try {
    [settings, payAndShipNowDisabled, stockSettings, exports] = await Promise.all([
      settingsRead,
      blockedRead,
      stockApi.settings(context, token, details.salesOrder.participantId).catch(() => null),
      exportsRead,
    ]);
  } catch (error) {
    // Only an ended session gets here (the rest answer without the part that failed).
    return notLoaded(error, orderNumber);
  }
  let terms: LoadedTerms = { terms: null, error: null };
  if (details.permission.isPaymentGracePeriodSectionApplicable) {
    try {
      terms = settings
        ? await loadOrderTerms(context, token, orderNumber, settings)
        : { terms: null, error: TERMS_FETCH_FAILED };
    } catch (error) {
      return notLoaded(error, orderNumber);
    }
  }
  const search = new URL(request.url).searchParams;
  const asked = editParams.safeParse({ line: search.getAll('line'), edit: search.getAll('edit') });
  const { permission } = details;
  const lineEditable = permission.canEditItem && permission.canUpdateOrderedQuantity;
  const { items } = details.salesOrder;
  const editLine =
    asked.success && lineEditable
      ? (items.find((i) => i.id === asked.data.line[0] && i.pendingQuantity !== 0)?.id ?? null)
      : null;
  // The line being edited is always among those shown.
  const editedAt = editLine === null ? -1 : items.findIndex((i) => i.id === editLine);
  const pages = Math.max(pagesParam.parse(search.get('lines') ?? undefined), Math.ceil((editedAt + 1) / ITEMS_PAGE));
  const open =
    details.orderOptions && asked.success
      ? ROWS.filter((row) => asked.data.edit.includes(row) && permission[ROW_PERMISSION[row]])
      : [];
  return {
    // Only the lines shown cross to the page; the order's totals are the marketplace's.
    details: { ...details, salesOrder: { ...details.salesOrder, items: items.slice(0, pages * ITEMS_PAGE) } },
    totalItems: items.length,
    pages,
    pageSize: ITEMS_PAGE,
    editLine,
    linesConstraint,
    choiceConstraint,
    open,
    payAndShipNowDisabled,
    maxDisplayed: stockSettings?.maxItemQuantityToBeDisplayed ?? null,
    manifestSummary: exports.manifestSummary,
    canRequestReturn: canRequestReturn(user.authorities, details.salesOrder.fulfillmentStatus),
    terms,
    feesDialogOpen: search.get('dialog') === 'fees',
    settings: settings && {
      fulfillmentStatuses: settings.fulfillmentSettings.statuses,
      paymentStatuses: settings.paymentSettings.statuses,
      showInvoiceFulfillmentStatuses: settings.invoiceSettings.showInvoiceFulfillmentStatuses,
      salesOrderUpdateMethod: settings.salesOrderUpdateMethod,
      payAndShipNowWarning: settings.payAndShipNowWarning.display ? settings.payAndShipNowWarning.message : null,
    },
  };
}

const versionForm = z.object({ intent: z.string(), version: fields.id });

/** The lines' form (the grid's Done, Delete and Restore, the quantity of the line in its edit view), as its replies name it. */
export const LINES_FORM = 'order-lines';
const linesSchema = z.object({
  intent: z.string().regex(LINE_INTENT),
  quantity: fields.typed(20, 'orders.line.invalidOrderQuantity'),
});
const linesConstraint = getZodConstraint(linesSchema);

/** The billing and shipping rows' form (DONE of a row), as its replies name it. */
export const CHOICE_FORM = 'order-choice';
const choiceSchema = z.object({ ...selectionFields, intent: z.enum(DONE_INTENTS) });
const choiceConstraint = getZodConstraint(choiceSchema);

/**
 * The order page's buttons, each a function below: the terms box's, a line's Done, Delete and
 * Restore (`line-done:ID`…), a row's DONE, and the pending changes' bar (SAVE, DISCARD, HOLD, RELEASE,
 * CANCEL ORDER and the confirmations). The intent is read before the order (a closed set, the lines'
 * by their pattern; any other is a 400 that changes nothing).
 */
export async function orderDetailsAction({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireBuyer(request, context);
  const orderNumber = orderNumberOf(params);
  if (!orderNumber) return redirect('/orders');
  const form = await readForm(request);
  const order: PostedOrder = { request, context, signedIn, orderNumber, here: orderPath(orderNumber) };
  const withDetails =
    <A>(answer: (step: Step) => Promise<A>) =>
    async (form: FormData) => {
      let details: OrderDetails;
      try {
        details = await orderDetailsApi.load(context, signedIn.token, orderNumber);
      } catch (error) {
        return notLoaded(error, orderNumber);
      }
      return answer({ ...order, details, form });
    };
  const lineIntent = LINE_INTENT.exec(singleIntent(form) ?? '');
  if (lineIntent) {
    const [, kind, lineId] = lineIntent as unknown as [string, 'done' | 'remove' | 'restore', string];
    return withDetails((step) => lineAction({ ...step, kind, lineId: Number(lineId) }))(form);
  }
  return dispatchIntent(form, {
    ...termsIntents(context, signedIn.token, orderNumber),
    ...eachRowDone((row) => withDetails((step) => rowsAction({ ...step, row }))),
    discard: withDetails(discard),
    save: withDetails(saveChanges),
    hold: withDetails(hold),
    release: withDetails(release),
    'release-confirmed': withDetails(releaseConfirmed),
    'cancel-order': withDetails(askToCancel),
    'cancel-order-confirmed': withDetails(cancelConfirmed),
  });
}

/** The order a button was pressed on. */
interface PostedOrder {
  request: Request;
  context: ActionFunctionArgs['context'];
  signedIn: SignedIn;
  orderNumber: string;
  here: string;
}

/** The bar's DISCARD: the pending changes forgotten (its form carries the order's version, which a discard does not need). */
async function discard({ context, signedIn, orderNumber, here, form }: Step) {
  parseButtons(form, z.object({ intent: z.literal('discard'), version: fields.id.optional() }));
  try {
    const { count } = await orderDetailsApi.discard(context, signedIn.token, orderNumber);
    return redirectWithToast(here, { type: 'info', key: 'orders.pending.canceled', values: { count } });
  } catch (error) {
    return notLoaded(error, orderNumber);
  }
}

/**
 * The version a save names; before any save but a cancel the rows and the line left open are
 * finished first (their edits are not pending changes yet): 'Please finalize the following'.
 */
function versionToSave({ request, form }: Step, { finishedFirst }: { finishedFirst: boolean }) {
  const { version } = parseButtons(form, versionForm);
  const search = new URL(request.url).searchParams;
  const openRows = ROWS.filter((row) => search.getAll('edit').includes(row));
  const openLine = search.has('line');
  if (finishedFirst && (openRows.length || openLine))
    return { blocked: data<OrderActionData>({ kind: 'blocked', rows: openRows, line: openLine }, { status: 400 }) };
  return { version };
}

/** The bar's SAVE: the pending changes saved. */
async function saveChanges(step: Step) {
  const read = versionToSave(step, { finishedFirst: true });
  return 'blocked' in read ? read.blocked : save({ ...step, version: read.version, action: 'SAVE' });
}

/** HOLD ORDER; from a page that offered it before the order changed, there is nothing to hold: the page shows again. */
async function hold(step: Step) {
  const read = versionToSave(step, { finishedFirst: true });
  if ('blocked' in read) return read.blocked;
  if (!offersHold(step.details.salesOrder.fulfillmentStatus, step.details.permission)) return redirect(step.here);
  return save({ ...step, version: read.version, action: 'HOLD' });
}

/** RELEASE ORDER: the pay-and-ship-now warning first when the buyer may and the tenant shows it. */
async function release(step: Step) {
  const read = versionToSave(step, { finishedFirst: true });
  if ('blocked' in read) return read.blocked;
  if (step.details.permission.canPayAndShipNow) {
    const settings = await orderSettingsApi.read(step.context, step.signedIn.token).catch(() => null);
    if (settings?.payAndShipNowWarning.display) return data<OrderActionData>({ kind: 'confirm', dialog: 'release' });
  }
  return releaseAt(step, read.version);
}

/** The warning's RELEASE. */
async function releaseConfirmed(step: Step) {
  const read = versionToSave(step, { finishedFirst: true });
  return 'blocked' in read ? read.blocked : releaseAt(step, read.version);
}

/** A release, unless proof of export is missing for pay-and-ship-now. */
async function releaseAt(step: Step, version: number) {
  if (await proofOfExportApi.payAndShipNowBlocked(step.context, step.signedIn.token))
    return redirectWithToast(step.here, { type: 'error', key: 'checkout.payAndShipNowDisabled' });
  return save({ ...step, version, action: 'RELEASE' });
}

/**
 * What a cancellation now charges (decision 054): the cancellation fee the terms box quotes, 0 where
 * no late-payment terms run; null when the terms cannot be read.
 */
async function cancellationFeeNow({ context, signedIn, orderNumber, details }: Step): Promise<number | null> {
  if (!details.permission.isPaymentGracePeriodSectionApplicable) return 0;
  try {
    return (await orderTermsApi.read(context, signedIn.token, orderNumber)).cancellationFee;
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error, orderNumber }, 'cancellation fee not read');
    return null;
  }
}

/** CANCEL ORDER: asks first, saying what the cancellation charges. */
async function askToCancel(step: Step) {
  versionToSave(step, { finishedFirst: false });
  const cancellationFee = await cancellationFeeNow(step);
  if (cancellationFee === null) return redirectWithToast(step.here, { type: 'error', key: TERMS_FETCH_FAILED });
  return data<OrderActionData>({ kind: 'confirm', dialog: 'cancel', cancellationFee });
}

/** The confirmation's form: the order's version and the cancellation fee it showed. */
const cancelForm = versionForm.extend({
  intent: z.literal('cancel-order-confirmed'),
  cancellationFee: z
    .string()
    .regex(/^(0|[1-9]\d{0,11})$/)
    .transform(Number),
});

/** The confirmation's CANCEL ORDER: a fee other than the one shown (a new day of fees) is shown again before it counts. */
async function cancelConfirmed(step: Step) {
  const { version, cancellationFee: shown } = parseButtons(step.form, cancelForm);
  const cancellationFee = await cancellationFeeNow(step);
  if (cancellationFee === null) return redirectWithToast(step.here, { type: 'error', key: TERMS_FETCH_FAILED });
  if (cancellationFee !== shown)
    return data<OrderActionData>(
      { kind: 'confirm', dialog: 'cancel', cancellationFee, feeChanged: true },
      { status: 409 },
    );
  return save({ ...step, version, action: 'CANCEL' });
}

interface Step extends PostedOrder {
  details: OrderDetails;
  form: FormData;
}

/** Done, Delete or Restore of one line: checked by the line rules here (the marketplace checks again) and kept as a pending change. */
async function lineAction({
  context,
  signedIn,
  details,
  here,
  form,
  kind,
  lineId,
}: Step & { kind: 'done' | 'remove' | 'restore'; lineId: number }) {
  const submission = parseSubmission(form, linesSchema);
  // A quantity past its length is said beside its line like the rules' refusals.
  if (submission.status !== 'success')
    return refuseForm(LINES_FORM, submission, {
      fieldErrors: { [`line-${lineId}`]: submission.error?.quantity ?? [] },
    });
  const { quantity } = submission.value;
  const { items } = details.salesOrder;
  const line = items.find((i) => i.id === lineId);
  if (!line) return redirect(here);
  let change: DraftChange;
  if (kind === 'done') {
    const error = lineQuantityError(
      quantity,
      {
        savedQuantity: line.orderedQuantity,
        availableQuantity: line.availableQuantity,
        incrementSize: line.incrementSize,
      },
      details.permission,
    );
    // Said beside its line (in its edit view or not); the messages that name a quantity name the line's saved one, which the page has.
    if (error) return refuseForm(LINES_FORM, submission, { fieldErrors: { [`line-${lineId}`]: [error.key] } });
    change = { kind: 'line', lineId, quantity };
  } else if (kind === 'remove') {
    const left = items.filter((i) => i.id !== lineId && (i.pendingQuantity ?? i.orderedQuantity) > 0).length;
    if (removalError(left, details.permission))
      return refuseForm(LINES_FORM, submission, { fieldErrors: { [`line-${lineId}`]: ['orders.line.removeLast'] } });
    change = { kind: 'remove', lineId };
  } else change = { kind: 'restore', lineId };
  return keepChange(context, signedIn, details, here, change);
}

/** DONE of a row of the shipping and billing section: its pair checked by the checkout's rules, then kept as a pending change. */
async function rowsAction({ request, context, signedIn, details, here, form, row }: Step & { row: Row }) {
  const { orderOptions: options, preview, permission } = details;
  if (!options || !permission[ROW_PERMISSION[row]]) return redirect(here);
  const submission = parseSelectionForm(form, choiceSchema);
  if (submission.status !== 'success') return refuseTyped(CHOICE_FORM, submission, preview.selection, form);
  const { selection: posted, shown, open } = selectionOf(submission.value, preview.selection);
  const edited = applyChange(shown, posted, options, preview.orderSize);
  const pair = PAIR[row].filter((r) => permission[ROW_PERMISSION[r]]);
  const done = doneRows(request, row, pair, edited, open, options, preview.orderSize, shown);
  if ('refused' in done) return refuseRows(CHOICE_FORM, submission, done.refused);
  return keepChange(context, signedIn, details, done.next, {
    kind: 'rows',
    rows: pair,
    selection: withRows(preview.selection, edited, pair),
  });
}

async function keepChange(
  context: ActionFunctionArgs['context'],
  signedIn: SignedIn,
  details: OrderDetails,
  to: string,
  change: DraftChange,
) {
  try {
    await orderDetailsApi.change(context, signedIn.token, details.salesOrder.phonexOrderNumber, change);
    return redirect(to);
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(to, failureToast(error));
  }
}

const OUTDATED = 'outdatedSalesOrder';

/** The one save: pending changes, then hold, release or cancel; each outcome with the spec's words (spec 3 §8). */
async function save({
  context,
  signedIn,
  orderNumber,
  version,
  action,
  here,
}: {
  context: ActionFunctionArgs['context'];
  signedIn: SignedIn;
  orderNumber: string;
  version: number;
  action: OrderAction;
  here: string;
}) {
  let result;
  try {
    result = await orderDetailsApi.save(context, signedIn.token, orderNumber, version, action);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error, orderNumber, action }, 'order not saved');
    // A stale save clears the pending changes (the marketplace forgot them) and says so.
    if (error instanceof ApiFailure && error.messageCode === OUTDATED)
      return redirectWithToast(here, { type: 'error', key: 'orders.details.outdated' });
    const message = error instanceof ApiFailure ? error.message : '';
    const toast: Toast =
      action === 'CANCEL'
        ? { type: 'error', key: 'orders.details.cancelFailed', values: { message } }
        : { type: 'error', key: 'orders.details.saveFailed', values: { message } };
    return redirectWithToast(here, toast);
  }
  if (result.fulfillmentStatus === 'CANCELED')
    return redirectWithToast('/orders', { type: 'success', key: 'orders.details.canceledToast' });
  if (action === 'HOLD') return redirectWithToast('/orders', { type: 'success', key: 'checkout.updated' });
  if (action === 'RELEASE') {
    const details = await orderDetailsApi.load(context, signedIn.token, orderNumber).catch(() => null);
    if (
      details?.salesOrder.selection.paymentMethodCode === INTEGRATED_PAYPAL &&
      result.paymentStatus === 'AWAITING_PAYMENT'
    ) {
      try {
        return await redirectToPaymentProvider(context, signedIn.token, orderNumber, true);
      } catch (error) {
        context.logger.error({ err: error }, 'payment could not start');
      }
    }
    // The order is read back after its release for the purchase analytics; a failure there is only logged (spec 3 §7, §8).
    await checkoutApi
      .orderSummary(context, signedIn.token, orderNumber)
      .then((summary) => logPurchase(context, summary))
      .catch((error: unknown) => context.logger.warn({ err: error }, 'order not readable after release'));
    return redirect(`/orders/order-release-confirmation?order=${encodeURIComponent(orderNumber)}`);
  }
  return redirectWithToast(here, { type: 'success', key: 'orders.pending.saved', values: { count: result.count } });
}
