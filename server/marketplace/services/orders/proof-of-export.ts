import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { MAX_DOCUMENT_BYTES, sniffDocumentKind } from '../../../../app/domain/documents';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { changeFeedOf } from '../../db/change-feed';
import { proofOfExportDocuments } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { FileStore } from '../shared/file-store';
import { keptUntilChanged } from '../shared/kept-until-changed';
import { readSetting, writeSetting } from '../shared/settings';

const TOKEN_TTL_MS = 15 * 60_000;
const EPOCH_KEY = 'poe-token-epoch';

/** Documents with no upload or a rejected one are pending (spec 1 §5). */
const pendingStatus = or(isNull(proofOfExportDocuments.status), eq(proofOfExportDocuments.status, 'REJECTED'));

/**
 * Proof-of-export documents: what a buyer still owes, and uploads with a short-lived token bound to
 * the buyer (the upload address carries the token's nonce; an expired token answers 401).
 */
export function createProofOfExport(
  { db }: Pick<MarketplaceDeps, 'db'>,
  options: { secret: string; files: FileStore },
) {
  const sign = (payload: string) => createHmac('sha256', options.secret).update(payload).digest('base64url');
  // Asked on every page (the portal's proof-of-export prompt): kept until a document changes.
  const documentsOf = keptUntilChanged(changeFeedOf(db), [proofOfExportDocuments], (buyerId: number) =>
    db
      .select()
      .from(proofOfExportDocuments)
      .where(eq(proofOfExportDocuments.buyerId, buyerId))
      .orderBy(proofOfExportDocuments.id),
  );
  const epoch = async () => (await readSetting<number>(db, EPOCH_KEY)) ?? 0;

  async function issueToken(buyerId: number) {
    const nonce = randomUUID();
    const payload = `${buyerId}.${Date.now() + TOKEN_TTL_MS}.${await epoch()}.${nonce}`;
    return { token: `${payload}.${sign(payload)}`, nonce };
  }

  async function buyerOfToken(token: string, nonce: string): Promise<number> {
    const parts = token.split('.');
    if (parts.length !== 5) throw new ApiError(401, 'uploadTokenInvalid', 'The upload token is not valid');
    const [buyerId, expires, tokenEpoch, tokenNonce, signature] = parts as [string, string, string, string, string];
    const expected = Buffer.from(sign(`${buyerId}.${expires}.${tokenEpoch}.${tokenNonce}`));
    const given = Buffer.from(signature);
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!valid || tokenNonce !== nonce || Number(expires) < Date.now() || Number(tokenEpoch) !== (await epoch())) {
      throw new ApiError(401, 'uploadTokenExpired', 'The upload address has expired');
    }
    return Number(buyerId);
  }

  return {
    async documents(user: SignedInUser) {
      if (!user.buyerId)
        return { documents: [], documentUploadUrl: null, authToken: null, disablePayAndShipNow: false, isOpen: false };
      const rows = await documentsOf(user.buyerId);
      const pending = rows.filter((d) => d.status === null || d.status === 'REJECTED');
      // Most buyers owe nothing: an upload address is made only for those who do.
      const upload = pending.length ? await issueToken(user.buyerId) : null;
      return {
        documents: pending.map((d) => ({
          documentId: d.id,
          documentName: d.documentName,
          documentDescription: d.documentDescription,
        })),
        documentUploadUrl: upload ? `/px-api-gateway/proof-of-export/upload/${upload.nonce}` : null,
        authToken: upload?.token ?? null,
        disablePayAndShipNow: rows.some((d) => d.status !== 'APPROVED'),
        isOpen: pending.length > 0,
      };
    },

    /** Stores the uploaded files (field names '{documentId}__{filename}') and marks them for review. */
    async upload(token: string, nonce: string, files: { field: string; bytes: Uint8Array }[]) {
      const buyerId = await buyerOfToken(token, nonce);
      if (!files.length) throw new ApiError(400, 'noDocument', 'Please upload Proof of Export Document.');
      const parsed = files.map(({ field, bytes }) => {
        const match = /^(\d{1,9})__(.{1,200})$/s.exec(field);
        if (!match) throw new ApiError(400, 'badFieldName', 'Files must be named {documentId}__{filename}');
        if (bytes.byteLength === 0) throw new ApiError(400, 'emptyDocument', `${match[2]} is empty`);
        if (bytes.byteLength > MAX_DOCUMENT_BYTES)
          throw new ApiError(400, 'documentTooLarge', `${match[2]} is larger than 10 MB`);
        const kind = sniffDocumentKind(bytes);
        if (!kind) throw new ApiError(400, 'documentWrongType', `${match[2]} is not a PDF, PNG or JPEG file`);
        return { documentId: Number(match[1]), fileName: match[2]!, bytes, kind };
      });
      const ids = parsed.map((p) => p.documentId);
      if (new Set(ids).size !== ids.length) throw new ApiError(400, 'oneFilePerDocument', 'One file per document');
      // One transaction: a document is either still pending or has its file; the rows are locked so
      // that two uploads of one document at once cannot both store a file.
      await db.transaction(async (tx) => {
        const owned = await tx
          .select({ id: proofOfExportDocuments.id, storedAs: proofOfExportDocuments.storedAs })
          .from(proofOfExportDocuments)
          .where(
            and(inArray(proofOfExportDocuments.id, ids), eq(proofOfExportDocuments.buyerId, buyerId), pendingStatus),
          )
          .for('update');
        if (owned.length !== ids.length)
          throw new ApiError(404, 'documentNotFound', 'Document not found or not pending');
        for (const file of parsed) {
          const replaced = owned.find((d) => d.id === file.documentId)?.storedAs;
          if (replaced) await options.files.remove(replaced, tx);
          const storedAs = await options.files.put(file.bytes, file.kind.type, tx);
          await tx
            .update(proofOfExportDocuments)
            .set({
              status: 'PENDING_REVIEW',
              fileName: file.fileName,
              contentType: file.kind.type,
              fileSize: file.bytes.byteLength,
              storedAs,
              uploadedAt: new Date(),
            })
            .where(eq(proofOfExportDocuments.id, file.documentId));
        }
      });
      return { uploaded: parsed.map((p) => p.documentId) };
    },

    /** The uploaded file of a document, for the seller's review (admin API). */
    async file(documentId: number) {
      const [document] = await db
        .select({ fileName: proofOfExportDocuments.fileName, storedAs: proofOfExportDocuments.storedAs })
        .from(proofOfExportDocuments)
        .where(eq(proofOfExportDocuments.id, documentId));
      const stored = document?.storedAs ? await options.files.get(document.storedAs) : null;
      if (!stored) throw notFound('Document file');
      return { fileName: document!.fileName ?? `document-${documentId}`, ...stored };
    },

    /** Every upload address and token given out so far stops working (support, tests). */
    async expireTokens() {
      await writeSetting(db, EPOCH_KEY, (await epoch()) + 1);
    },
  };
}

export type ProofOfExport = ReturnType<typeof createProofOfExport>;
