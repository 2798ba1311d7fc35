import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, ADMIN_TOKEN, apiCaller, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;

const PDF = new Uint8Array([...Buffer.from('%PDF-1.4\n%test\n')]);

async function upload(url: string, token: string, files: { field: string; bytes: Uint8Array; type?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "application/pdf" }), f.field.split("__")[1] ?? "x");
  const response = await harness.marketplace.fetch(new Request(`http://m${url}`, { method: 'POST', headers: { 'poe-upload-token': token }, body: form }));
  return { status: response.status, body: await response.json() };
}

async function buyerWithDocuments(email: string) {
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  await call('POST', '/admin/documents', { body: { email, documents: [{ documentName: 'Export declaration', documentDescription: ['Stamped'] }, { documentName: 'Bill of lading' }] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  return { token, docs: (await call('GET', '/proof-of-export/documents', { token })).body };
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 50 });
  call = apiCaller(harness.marketplace);
  expect(ADMIN_TOKEN).toBeTruthy();
});
afterAll(() => harness.close());

describe('proof of export', () => {
  it('lists pending documents with an upload address; an upload stores the file and leaves the rest pending', async () => {
    const { token, docs } = await buyerWithDocuments('poe1@example.com');
    expect(docs).toMatchObject({ isOpen: true, disablePayAndShipNow: true, documents: [{ documentName: 'Export declaration', documentDescription: ['Stamped'] }, { documentName: 'Bill of lading' }] });
    const [first] = docs.documents;
    const done = await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${first.documentId}__declaration.pdf`, bytes: PDF }]);
    expect(done).toMatchObject({ status: 200, body: { uploaded: [first.documentId] } });
    expect(fs.readdirSync(path.join(harness.outboxDir, 'proof-of-export'))).toHaveLength(1);
    const after = (await call('GET', '/proof-of-export/documents', { token })).body;
    expect(after.documents.map((d: { documentName: string }) => d.documentName)).toEqual(['Bill of lading']);
    expect(after).toMatchObject({ isOpen: true, disablePayAndShipNow: true });
  });

  it('answers 401 to an expired or foreign token and refuses other buyers\' documents, empty files and wrong types', async () => {
    const { docs } = await buyerWithDocuments('poe2@example.com');
    const other = await buyerWithDocuments('poe3@example.com');
    const [mine] = docs.documents;
    expect((await upload(docs.documentUploadUrl, 'forged.token', [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }])).status).toBe(401);
    expect((await upload(other.docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }])).status).toBe(401);
    expect((await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${other.docs.documents[0].documentId}__a.pdf`, bytes: PDF }])).status).toBe(404);
    expect((await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: new Uint8Array() }])).body.messageCode).toBe('emptyDocument');
    expect((await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: new Uint8Array([...Buffer.from('MZ not a pdf')]) }])).body.messageCode).toBe('documentWrongType');
    await call('POST', '/admin/documents/expire-tokens');
    expect((await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }])).status).toBe(401);
  });
});
