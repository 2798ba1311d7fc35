import { randomUUID } from 'node:crypto';
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import { PHOTO_REQUEST_BODY_BYTES } from '~/.server/byte-budget';
import { formRefusal, readForm, refuseUnstorableText } from '~/.server/forms';
import { sniffPhotoType } from '~/domain/photo-type';
import { RETURN_LIMITS } from '~/domain/returns/rules';

/** The photos and the form around them; a declared body past this is refused unread. */
const MAX_BODY_BYTES = PHOTO_REQUEST_BODY_BYTES;
/** A text field's part: the note is the longest a person types. */
const MAX_TEXT_PART_BYTES = 16 * 1024;

/**
 * Reads the request form: urlencoded, or multipart with photos. A photo is kept up to one byte past
 * its limit (the schema then refuses it by name, beside its field) and the rest is read and dropped;
 * its type is the one its first bytes show, or none, never the one the browser sent. Past
 * `photosPerRequest` files the rest are dropped and `tooManyFiles` says so. The body as a whole is
 * bounded (a 413 past it), like every form. Without `keepPhotos` every photo is read and dropped.
 */
export async function readRequestForm(
  request: Request,
  { keepPhotos = true } = {},
): Promise<{ form: FormData; tooManyFiles: boolean }> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return { form: await readForm(request), tooManyFiles: false };
  if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw formRefusal(413);
  let total = 0;
  let files = 0;
  let tooManyFiles = false;
  const handler: UploadHandler = async ({ filename, contentType: _sent, data }) => {
    const kept: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    const limit = filename === undefined ? MAX_TEXT_PART_BYTES : keepPhotos ? RETURN_LIMITS.photoBytes + 1 : 0;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > MAX_BODY_BYTES) throw formRefusal(413);
      if (size < limit) kept.push(chunk.subarray(0, limit - size) as Uint8Array<ArrayBuffer>);
      size += chunk.byteLength;
    }
    if (filename === undefined) {
      if (size > MAX_TEXT_PART_BYTES) throw formRefusal(413);
      return new TextDecoder().decode(Buffer.concat(kept));
    }
    // A file input left empty sends a nameless, empty part.
    if ((size === 0 && !filename) || !keepPhotos) return undefined;
    if (++files > RETURN_LIMITS.photosPerRequest) {
      tooManyFiles = true;
      return undefined;
    }
    // The chunks as they came: one copy, into the File, not a joined buffer first.
    return new File(kept, filename.slice(0, 200), { type: sniffPhotoType(headOf(kept)) ?? 'application/octet-stream' });
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    // A broken boundary or a body cut short: nothing was kept.
    throw formRefusal(400);
  }
  refuseUnstorableText(form);
  return { form, tooManyFiles };
}

/** The first bytes of a file kept as chunks, enough to tell its type. */
function headOf(chunks: Uint8Array[]): Uint8Array {
  const first = chunks[0] ?? new Uint8Array(0);
  return first.byteLength >= 16 || chunks.length < 2
    ? first.subarray(0, 16)
    : Buffer.concat(chunks.slice(0, 16)).subarray(0, 16);
}

/** The form's key: a replayed post finds the request the first one made. */
export const newRequestKey = () => randomUUID();
