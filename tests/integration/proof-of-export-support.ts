import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, ADMIN_TOKEN, type apiCaller } from './harness';

type Fetcher = { fetch: (request: Request) => Promise<Response> };

export const PDF = new Uint8Array([...Buffer.from('%PDF-1.4\n%test\n')]);

/** A buyer of its own who owes two documents: its access token and the documents answer. */
export async function buyerWithDocuments(call: ReturnType<typeof apiCaller>, email: string) {
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  await call('POST', '/admin/documents', {
    body: {
      email,
      documents: [
        { documentName: 'Export declaration', documentDescription: ['Stamped'] },
        { documentName: 'Bill of lading' },
      ],
    },
  });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  return { token, docs: (await call('GET', '/proof-of-export/documents', { token })).body };
}

/** Posts files to a document upload address as the portal does (fields named '{documentId}__{filename}'). */
export async function uploadDocuments(
  marketplace: Fetcher,
  url: string,
  token: string,
  files: { field: string; bytes: Uint8Array; type?: string }[],
) {
  const form = new FormData();
  for (const f of files)
    form.append(
      f.field,
      new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? 'application/pdf' }),
      f.field.split('__')[1] ?? 'x',
    );
  const response = await marketplace.fetch(
    new Request(`http://m${url}`, { method: 'POST', headers: { 'poe-upload-token': token }, body: form }),
  );
  return { status: response.status, body: await response.json() };
}

/** The uploaded file of a document as the seller downloads it (admin API). */
export async function documentFile(marketplace: Fetcher, documentId: number) {
  const response = await marketplace.fetch(
    new Request(`http://m/px-api-gateway/admin/documents/${documentId}/file`, {
      headers: { 'x-admin-token': ADMIN_TOKEN },
    }),
  );
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
