import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiFailure, failureParts } from '~/.server/api/client';
import { offerImportApi } from '~/.server/api/offer-import';
import { requireBuyer } from '~/.server/auth';
import { intentOf, readForm } from '~/.server/forms';
import { canBuy } from '~/domain/permissions';
import {
  failureError,
  QUICK_ORDER_FORM_BYTES,
  QUICK_ORDER_INTENTS,
  quickOrderSchema,
} from '~/domain/offers/quick-order-form';
import { QUICK_ORDER_MAX_CHARS } from '~/domain/offers/quick-order';
import { parseSubmission } from '~/.server/conform';

/** Where the lines are reviewed: the bulk import's own review. */
export const REVIEW_PATH = '/stock/import';

/** A body too large to read, as Conform's last result: the error under the field (the text is not sent back). */
const tooLong = () => ({
  status: 'error' as const,
  initialValue: null,
  error: { lines: [failureError({ messageCode: 'quickOrderTooLong', params: { max: QUICK_ORDER_MAX_CHARS } })] },
});

/**
 * Review: the lines are read with the pad's schema (the import's limits), then sent to the tenant
 * API, which reads them again into the import's rows and keeps them as the buyer's import; the
 * import's review page takes over from there. Refusals show under the field, the text kept.
 */
export async function quickOrderAction(request: Request, context: AppLoadContext) {
  const { token, user } = await requireBuyer(request, context);
  if (!canBuy(user)) return redirect('/stock');
  let form: FormData;
  try {
    form = await readForm(request, { limit: QUICK_ORDER_FORM_BYTES });
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      // A body refused part-read leaves the connection unusable for another request.
      return data({ result: tooLong() }, { status: 413, headers: { Connection: 'close' } });
    }
    throw error;
  }
  intentOf(form, QUICK_ORDER_INTENTS);
  const submission = parseSubmission(form, quickOrderSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await offerImportApi.uploadText(context, token, submission.value.lines);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiFailure) || error.status >= 500)
      context.logger.error({ err: error }, 'quick order failed');
    return data(
      {
        result: submission.reply({ fieldErrors: { lines: [failureError(failureParts(error, 'quickOrder.failed'))] } }),
      },
      { status: 400 },
    );
  }
  return redirect(REVIEW_PATH);
}
