import { redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ApiFailure, failureParts } from '~/.server/api/client';
import { offerImportApi } from '~/.server/api/offer-import';
import { requireBuyer } from '~/.server/auth';
import { parseButtons, parseSubmission } from '~/.server/conform';
import { fields, readForm, singleIntent } from '~/.server/forms';
import { importFailureCookie } from '~/.server/import-flash';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { IMPORT_MAX_FILE_BYTES } from '~/domain/offers/import';
import { canBuy } from '~/domain/permissions';
import { parseStockQuery, stockSearch } from '~/domain/stock/query';
import type { FailureParts } from '~/domain/failure-message';

export const REVIEW_PATH = '/stock/import';

/** The upload dialog of the stock list this upload came from (its filters ride on the action's URL). */
function dialogOf(request: Request): string {
  const search = stockSearch(parseStockQuery(new URL(request.url).searchParams));
  return `/stock?${search ? `${search}&` : ''}dialog=import`;
}

/** Upload failures go back to the dialog and show inside it (spec 1 §8), flashed once. */
async function backToDialog(request: Request, failure: FailureParts, extra: Record<string, string> = {}) {
  return redirect(dialogOf(request), { headers: { 'Set-Cookie': await importFailureCookie(failure), ...extra } });
}

/** The upload's one file; a refusal is the message code the dialog words (an empty file is no file). */
const uploadSchema = z.object({
  intent: z.literal('import-upload'),
  file: z
    .union([z.instanceof(File), z.array(z.instanceof(File))], { error: 'importNoFile' })
    .transform((file) => (Array.isArray(file) ? file : [file]).filter((f) => f.size > 0))
    .refine((files) => files.length > 0, 'importNoFile')
    .refine((files) => files.length < 2, 'importOneFile')
    .transform((files) => files[0]!),
});
const deleteSchema = z.object({ intent: z.literal('import-delete'), itemNumberWarehouse: fields.key() });
const cancelSchema = z.object({ intent: z.literal('import-cancel') });
const submitSchema = z.object({
  intent: z.literal('import-submit'),
  batchId: fields.id,
  expected: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
});

type Handler = (args: {
  form: FormData;
  request: Request;
  context: AppLoadContext;
  token: string;
}) => Promise<Response>;

const upload: Handler = async ({ form, request, context, token }) => {
  const submission = parseSubmission(form, uploadSchema);
  if (submission.status !== 'success')
    return backToDialog(request, { messageCode: submission.error?.file?.[0] ?? 'importNoFile' });
  try {
    await offerImportApi.upload(context, token, submission.value.file);
  } catch (error) {
    if (error instanceof Response) throw error;
    // A busy import (too many files read at once) is the server shedding load as designed, not a fault.
    if (!(error instanceof ApiFailure) || (error.status >= 500 && error.messageCode !== 'importBusy'))
      context.logger.error({ err: error }, 'import upload failed');
    return backToDialog(request, failureParts(error, 'import.uploadFailed'));
  }
  return redirect(REVIEW_PATH);
};

const remove: Handler = async ({ form, context, token }) => {
  const { itemNumberWarehouse } = parseButtons(form, deleteSchema);
  try {
    await offerImportApi.remove(context, token, itemNumberWarehouse);
    return redirectWithToast(REVIEW_PATH, { type: 'success', key: 'import.entryRemoved' });
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(REVIEW_PATH, failureToast(error, 'import.failed'));
  }
};

const cancel: Handler = async ({ form, context, token }) => {
  parseButtons(form, cancelSchema);
  try {
    await offerImportApi.cancel(context, token);
    return redirectWithToast('/stock', { type: 'info', key: 'import.cancelled' });
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(REVIEW_PATH, failureToast(error, 'import.failed'));
  }
};

/** Submit Requests: the whole import at once ('Successfully submitted the offers'); a second submit changes nothing. */
const submit: Handler = async ({ form, context, token }) => {
  const { batchId, expected } = parseButtons(form, submitSchema);
  try {
    await offerImportApi.accept(context, token, batchId, expected);
    return redirectWithToast('/stock', { type: 'success', key: 'import.submitted' });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.messageCode === 'importNotFound')
      return redirectWithToast('/stock', { type: 'info', key: 'import.alreadyDone' });
    return redirectWithToast(REVIEW_PATH, failureToast(error, 'import.failed'));
  }
};

/** The intents of the import: a closed set. */
const HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ['import-upload', upload],
  ['import-delete', remove],
  ['import-cancel', cancel],
  ['import-submit', submit],
]);

export async function importAction(request: Request, context: AppLoadContext): Promise<Response> {
  const { token, user } = await requireBuyer(request, context);
  if (!canBuy(user)) return redirect('/stock');
  let form: FormData;
  try {
    // The upload is the one form of the portal that carries a file: bounded by the import's own limit.
    form = await readForm(request, { limit: IMPORT_MAX_FILE_BYTES + 64 * 1024 });
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      // A body refused part-read leaves the connection unusable for another request.
      return backToDialog(
        request,
        { messageCode: 'importTooLarge', params: { limitMb: Math.floor(IMPORT_MAX_FILE_BYTES / (1024 * 1024)) } },
        { Connection: 'close' },
      );
    }
    throw error;
  }
  const handler = HANDLERS.get(singleIntent(form) ?? '');
  if (!handler)
    throw new Response(JSON.stringify({ message: 'errors.unknownAction' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  return handler({ form, request, context, token });
}
