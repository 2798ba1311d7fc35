import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofOfExportDocuments, storedFiles } from '../../server/marketplace/db/schema';
import { ADMIN_TOKEN, apiCaller, startTestMarketplace } from './harness';
import { buyerWithDocuments as buyerOwing, documentFile, PDF, uploadDocuments } from './proof-of-export-support';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;

const upload = (url: string, token: string, files: Parameters<typeof uploadDocuments>[3]) =>
  uploadDocuments(harness.marketplace, url, token, files);
const buyerWithDocuments = (email: string) => buyerOwing(call, email);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('not really an image')]);

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 50 });
  call = apiCaller(harness.marketplace);
  expect(ADMIN_TOKEN).toBeTruthy();
});
afterAll(() => harness.close());

describe('proof of export', () => {
  it('lists pending documents with an upload address; an upload stores the file and leaves the rest pending', async () => {
    const { token, docs } = await buyerWithDocuments('poe1@example.com');
    expect(docs).toMatchObject({
      isOpen: true,
      disablePayAndShipNow: true,
      documents: [
        { documentName: 'Export declaration', documentDescription: ['Stamped'] },
        { documentName: 'Bill of lading' },
      ],
    });
    const [first] = docs.documents;
    const done = await upload(docs.documentUploadUrl, docs.authToken, [
      { field: `${first.documentId}__declaration.pdf`, bytes: PDF },
    ]);
    expect(done).toMatchObject({ status: 200, body: { uploaded: [first.documentId] } });
    const stored = await documentFile(harness.marketplace, first.documentId);
    expect(stored).toMatchObject({
      status: 200,
      contentType: 'application/pdf',
      disposition: "attachment; filename*=UTF-8''declaration.pdf",
    });
    expect(Buffer.from(stored.bytes).equals(Buffer.from(PDF))).toBe(true);
    expect((await documentFile(harness.marketplace, docs.documents[1].documentId)).status).toBe(404);
    const after = (await call('GET', '/proof-of-export/documents', { token })).body;
    expect(after.documents.map((d: { documentName: string }) => d.documentName)).toEqual(['Bill of lading']);
    expect(after).toMatchObject({ isOpen: true, disablePayAndShipNow: true });
  });

  it("answers 401 to an expired or foreign token and refuses other buyers' documents, empty files and wrong types", async () => {
    const { docs } = await buyerWithDocuments('poe2@example.com');
    const other = await buyerWithDocuments('poe3@example.com');
    const [mine] = docs.documents;
    expect(
      (await upload(docs.documentUploadUrl, 'forged.token', [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }]))
        .status,
    ).toBe(401);
    expect(
      (await upload(other.docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }]))
        .status,
    ).toBe(401);
    expect(
      (
        await upload(docs.documentUploadUrl, docs.authToken, [
          { field: `${other.docs.documents[0].documentId}__a.pdf`, bytes: PDF },
        ])
      ).status,
    ).toBe(404);
    expect(
      (
        await upload(docs.documentUploadUrl, docs.authToken, [
          { field: `${mine.documentId}__a.pdf`, bytes: new Uint8Array() },
        ])
      ).body.messageCode,
    ).toBe('emptyDocument');
    expect(
      (
        await upload(docs.documentUploadUrl, docs.authToken, [
          { field: `${mine.documentId}__a.pdf`, bytes: new Uint8Array([...Buffer.from('MZ not a pdf')]) },
        ])
      ).body.messageCode,
    ).toBe('documentWrongType');
    await call('POST', '/admin/documents/expire-tokens');
    expect(
      (await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${mine.documentId}__a.pdf`, bytes: PDF }]))
        .status,
    ).toBe(401);
  });

  it('keeps the upload in the database; a new upload of a rejected document replaces its file', async () => {
    const { token, docs } = await buyerWithDocuments('poe4@example.com');
    const [first] = docs.documents;
    expect(
      (await upload(docs.documentUploadUrl, docs.authToken, [{ field: `${first.documentId}__scan.pdf`, bytes: PDF }]))
        .status,
    ).toBe(200);
    const { db } = harness.database;
    const [before] = await db
      .select()
      .from(proofOfExportDocuments)
      .where(eq(proofOfExportDocuments.id, first.documentId));
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, before!.storedAs!));
    expect(file).toMatchObject({ contentType: 'application/pdf', size: PDF.byteLength });
    expect(Buffer.from(file!.bytes).equals(Buffer.from(PDF))).toBe(true);

    // The seller's rejection (no route offers it yet) reopens the document for a new upload.
    await db
      .update(proofOfExportDocuments)
      .set({ status: 'REJECTED' })
      .where(eq(proofOfExportDocuments.id, first.documentId));
    const again = (await call('GET', '/proof-of-export/documents', { token })).body;
    expect(
      (
        await upload(again.documentUploadUrl, again.authToken, [
          { field: `${first.documentId}__photo.png`, bytes: PNG, type: 'image/png' },
        ])
      ).status,
    ).toBe(200);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.id, before!.storedAs!))).toEqual([]);
    const replaced = await documentFile(harness.marketplace, first.documentId);
    expect(replaced).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(Buffer.from(replaced.bytes).equals(Buffer.from(PNG))).toBe(true);

    // A file an older version kept on a replica's disk (its name, not a stored file's id) is not found.
    await db
      .update(proofOfExportDocuments)
      .set({ storedAs: `${crypto.randomUUID()}.pdf` })
      .where(eq(proofOfExportDocuments.id, first.documentId));
    expect((await documentFile(harness.marketplace, first.documentId)).status).toBe(404);
  });
});
