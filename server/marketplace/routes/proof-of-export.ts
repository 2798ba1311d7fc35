import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MarketplaceEnv } from '../context';
import { ApiError } from '../errors';
import { MAX_DOCUMENT_BYTES } from '../../../app/domain/documents';
import type { ProofOfExport } from '../services/orders/proof-of-export';

const MAX_FILES = 10;

/** GET the buyer's pending documents (signed in). */
export function proofOfExportRoutes(poe: ProofOfExport) {
  return new Hono<MarketplaceEnv>().get('/proof-of-export/documents', async (c) =>
    c.json(await poe.documents(c.get('user'))),
  );
}

/** The upload address: authorised by the poe-upload-token header, not by sign-in (spec 2 §7). */
export function proofOfExportUploadRoutes(poe: ProofOfExport) {
  return new Hono().post(
    '/proof-of-export/upload/:nonce{[0-9a-f-]{36}}',
    bodyLimit({
      maxSize: MAX_FILES * MAX_DOCUMENT_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiError(413, 'documentTooLarge', 'The upload is larger than allowed');
      },
    }),
    async (c) => {
      const token = c.req.header('poe-upload-token') ?? '';
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody({ all: true });
      } catch {
        throw new ApiError(400, 'badUpload', 'The upload is not a multipart form');
      }
      const files: { field: string; bytes: Uint8Array }[] = [];
      for (const [field, value] of Object.entries(body)) {
        for (const entry of Array.isArray(value) ? value : [value]) {
          if (entry instanceof File) files.push({ field, bytes: new Uint8Array(await entry.arrayBuffer()) });
        }
      }
      if (files.length > MAX_FILES) throw new ApiError(400, 'tooManyFiles', `At most ${MAX_FILES} files at once`);
      return c.json(await poe.upload(token, c.req.param('nonce'), files));
    },
  );
}
