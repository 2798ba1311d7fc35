import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { MAX_DOCUMENT_BYTES, sniffDocumentKind } from '../../../app/domain/documents';
import type { MarketplaceDeps, SignedInUser } from '../context';
import { proofOfExportDocuments } from '../db/schema';
import { ApiError } from '../errors';
import { readSetting, writeSetting } from './settings';

const TOKEN_TTL_MS = 15 * 60_000;
const EPOCH_KEY = 'poe-token-epoch';

/** Documents with no upload or a rejected one are pending (spec 1 §5). */
const pendingStatus = or(isNull(proofOfExportDocuments.status), eq(proofOfExportDocuments.status, 'REJECTED'));

/**
 * Proof-of-export documents: what a buyer still owes, and uploads with a short-lived token bound to
 * the buyer (the upload address carries the token's nonce; an expired token answers 401).
 */
export function createProofOfExport({ db }: Pick<MarketplaceDeps, 'db'>, options: { secret: string; filesDir: string }) {
  const sign = (payload: string) => createHmac('sha256', options.secret).update(payload).digest('base64url');
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
      if (!user.buyerId) return { documents: [], documentUploadUrl: null, authToken: null, disablePayAndShipNow: false, isOpen: false };
      const rows = await db.select().from(proofOfExportDocuments).where(eq(proofOfExportDocuments.buyerId, user.buyerId)).orderBy(proofOfExportDocuments.id);
      const pending = rows.filter((d) => d.status === null || d.status === 'REJECTED');
      // Most buyers owe nothing: an upload address is made only for those who do.
      const upload = pending.length ? await issueToken(user.buyerId) : null;
      return {
        documents: pending.map((d) => ({ documentId: d.id, documentName: d.documentName, documentDescription: d.documentDescription })),
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
        if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new ApiError(400, 'documentTooLarge', `${match[2]} is larger than 10 MB`);
        const kind = sniffDocumentKind(bytes);
        if (!kind) throw new ApiError(400, 'documentWrongType', `${match[2]} is not a PDF, PNG or JPEG file`);
        return { documentId: Number(match[1]), fileName: match[2]!, bytes, kind };
      });
      const ids = parsed.map((p) => p.documentId);
      if (new Set(ids).size !== ids.length) throw new ApiError(400, 'oneFilePerDocument', 'One file per document');
      const owned = await db
        .select({ id: proofOfExportDocuments.id })
        .from(proofOfExportDocuments)
        .where(and(inArray(proofOfExportDocuments.id, ids), eq(proofOfExportDocuments.buyerId, buyerId), pendingStatus));
      if (owned.length !== ids.length) throw new ApiError(404, 'documentNotFound', 'Document not found or not pending');
      await fs.mkdir(options.filesDir, { recursive: true });
      for (const file of parsed) {
        const storedAs = `${randomUUID()}.${file.kind.ext}`;
        await fs.writeFile(path.join(options.filesDir, storedAs), file.bytes);
        await db
          .update(proofOfExportDocuments)
          .set({ status: 'PENDING_REVIEW', fileName: file.fileName, contentType: file.kind.type, fileSize: file.bytes.byteLength, storedAs, uploadedAt: new Date() })
          .where(eq(proofOfExportDocuments.id, file.documentId));
      }
      return { uploaded: parsed.map((p) => p.documentId) };
    },

    /** Every upload address and token given out so far stops working (support, tests). */
    async expireTokens() {
      await writeSetting(db, EPOCH_KEY, (await epoch()) + 1);
    },
  };
}

export type ProofOfExport = ReturnType<typeof createProofOfExport>;
