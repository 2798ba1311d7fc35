import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ApiFailure, callApi } from './client';

export const documentsSchema = z.object({
  documents: z.array(
    z.object({ documentId: z.number(), documentName: z.string(), documentDescription: z.array(z.string()) }),
  ),
  documentUploadUrl: z.string().nullable(),
  authToken: z.string().nullable(),
  disablePayAndShipNow: z.boolean(),
  isOpen: z.boolean(),
});
export type ProofOfExportData = z.infer<typeof documentsSchema>;

/** Only the marketplace's own upload addresses are ever called. */
const UPLOAD_PATH = /^\/px-api-gateway\/proof-of-export\/upload\/[0-9a-f-]{36}$/;

export const proofOfExportApi = {
  documents: (context: AppLoadContext, token: string) =>
    callApi(context, '/px-api-gateway/proof-of-export/documents', { token, schema: documentsSchema }),

  /** Whether Pay and Ship Now waits for documents ('PAY AND SHIP NOW is disabled…', spec 2 §6): owed and none uploaded; a failure to ask blocks nothing. */
  payAndShipNowBlocked: (context: AppLoadContext, token: string) =>
    proofOfExportApi
      .documents(context, token)
      .then((d) => d.disablePayAndShipNow && d.documents.length > 0)
      .catch(() => false),

  /** Sends the files as the spec says: multipart, each named '{documentId}__{filename}', with the poe-upload-token header. */
  async upload(
    context: AppLoadContext,
    uploadUrl: string,
    authToken: string,
    files: { documentId: number; file: File }[],
  ): Promise<void> {
    if (!UPLOAD_PATH.test(uploadUrl)) throw new ApiFailure(400, 'badUploadAddress', 'Not an upload address');
    const form = new FormData();
    for (const { documentId, file } of files) {
      const name = file.name.replace(/[\\/\r\n"]/g, '_').slice(0, 150) || 'document';
      form.append(`${documentId}__${name}`, file, name);
    }
    const response = await context.tenantApi(
      new Request(new URL(uploadUrl, context.tenantApiBase), {
        method: 'POST',
        headers: { 'poe-upload-token': authToken },
        body: form,
      }),
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { messageCode?: string; message?: string };
      throw new ApiFailure(response.status, body.messageCode, body.message);
    }
  },
};
