import {
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
  type ActionFunctionArgs,
} from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { ErrorPage } from '~/components/ErrorPage';
import { proofOfExportApi } from '~/.server/api/proof-of-export';
import { requireBuyer } from '~/.server/auth';
import { poeDismissed } from '~/.server/proof-of-export-dismissal';
import { redirectWithToast } from '~/.server/toast';
import { MAX_DOCUMENT_BYTES, sniffDocumentKind } from '~/domain/documents';
import { safeRedirect } from '~/domain/safe-redirect';
import { parseButtons } from '~/.server/conform';
import { dispatchIntent, fields, formRefusal, readForm, refuseUnstorableText } from '~/.server/forms';
import { z } from 'zod';

/** A few documents at most, each within its own limit, plus the form around them. */
const MAX_FILES = 6;
const MAX_UPLOAD_BYTES = MAX_FILES * MAX_DOCUMENT_BYTES + 64 * 1024;

/** A document's file field, one per document owed. */
const DOCUMENT_FIELD = /^file-(\d{1,9})$/;
/** The upload's hidden fields (the page's upload address and token); its files are read one by one below. */
const uploadSchema = z.object({
  intent: z.literal('upload'),
  uploadUrl: fields.typed(300),
  authToken: fields.typed(2000),
});

export const loader = () => redirect('/dashboard');

/**
 * A post the dialog never sends is refused on the tenant's error page, not as the refusal's bare
 * JSON: a route with an error page is a page to Remix, and the root's document and data stay.
 */
export { ErrorPage as ErrorBoundary };

/** Back to the page the dialog was on, with the dialog open and the reason it refused. */
const refused = (back: string, error: string) =>
  redirect(`${back}${back.includes('?') ? '&' : '?'}poe=1&poeError=${error}`);

/** The proof-of-export dialog's OK and Cancel, each a function below, after the body is read within its limits. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), '/dashboard');
  let form: FormData;
  if (multipart) {
    if (Number(request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES) return refused(back, 'tooLarge');
    try {
      const inMemory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_DOCUMENT_BYTES });
      let files = 0;
      form = await unstable_parseMultipartFormData(request, (part) => {
        if (part.filename !== undefined && ++files > MAX_FILES)
          throw new MaxPartSizeExceededError(part.name, MAX_DOCUMENT_BYTES);
        return inMemory(part);
      });
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return refused(back, 'tooLarge');
      // A broken boundary or a body cut short: nothing was kept.
      throw formRefusal(400);
    }
    refuseUnstorableText(form);
  } else {
    form = await readForm(request);
  }
  return dispatchIntent(form, {
    dismiss: () => dismiss(back),
    upload: (form) => upload(form, context, token, back),
  });
}

/** The dialog's Cancel: it stays closed for the session (whatever else its form carries, nothing is read). */
async function dismiss(back: string) {
  return redirect(back, { headers: { 'Set-Cookie': await poeDismissed.serialize(true) } });
}

/**
 * The dialog's OK. Files are checked here first (one per document, at most 10 MB, PDF/PNG/JPEG by
 * content), then sent to the upload address the page was given; on a 401 the documents are fetched
 * once more and the upload retried at the new address (spec 2 §4).
 */
async function upload(form: FormData, context: ActionFunctionArgs['context'], token: string, back: string) {
  const { uploadUrl, authToken } = parseButtons(form, uploadSchema, { rowNames: DOCUMENT_FIELD });

  const files: { documentId: number; file: File }[] = [];
  for (const [name, value] of form.entries()) {
    const match = DOCUMENT_FIELD.exec(name);
    // An input left empty sends a nameless, empty part.
    if (!match || typeof value === 'string' || (value.size === 0 && !value.name)) continue;
    if (value.size === 0) return refused(back, 'empty');
    if (!sniffDocumentKind(new Uint8Array(await value.slice(0, 16).arrayBuffer()))) return refused(back, 'wrongType');
    files.push({ documentId: Number(match[1]), file: value });
  }
  if (!files.length) return refused(back, 'missing');

  try {
    try {
      await proofOfExportApi.upload(context, uploadUrl, authToken, files);
    } catch (error) {
      if (!(error instanceof ApiFailure && (error.status === 401 || error.messageCode === 'badUploadAddress')))
        throw error;
      const fresh = await proofOfExportApi.documents(context, token);
      await proofOfExportApi.upload(context, fresh.documentUploadUrl ?? '', fresh.authToken ?? '', files);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'proof-of-export upload failed');
    return redirectWithToast(back, { type: 'error', key: 'poe.failed' });
  }
  // The dialog stays open on the page: the documents still owed, or 'Thank You!' when none is left.
  return redirectWithToast(`${back}${back.includes('?') ? '&' : '?'}poe=1`, { type: 'success', key: 'poe.uploaded' });
}
