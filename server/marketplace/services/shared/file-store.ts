import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { storedFiles } from '../../db/schema';

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files are kept, so that every replica reads what any replica stored. The default
 * keeps them in the database (`stored_files`); an S3-compatible store would be a second
 * implementation of this interface (its `put` could not join the caller's transaction, so it would
 * write first and leave orphans to a clean-up).
 */
export interface FileStore {
  /**
   * Keeps the bytes and answers their id; with `tx` the write belongs to the caller's transaction. A
   * Blob (an uploaded photo, held in memory) is read only here, so a request's photos are copied for
   * the database one at a time.
   */
  put(bytes: Uint8Array | Blob, contentType: string, tx?: Tx): Promise<string>;
  /** The file, or null when the id names none. */
  get(id: string): Promise<StoredFile | null>;
  remove(id: string, tx?: Tx): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function databaseFileStore(db: Db): FileStore {
  return {
    async put(bytes, contentType, tx) {
      const data =
        bytes instanceof Blob
          ? Buffer.from(await bytes.arrayBuffer())
          : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // One statement, the bytes as one binary parameter (see PGLITE_BYTEA in db/client.ts).
      const [row] = await (tx ?? db)
        .insert(storedFiles)
        .values({ contentType, size: data.byteLength, bytes: data })
        .returning({ id: storedFiles.id });
      return row!.id;
    },
    async get(id) {
      // Ids that are not uuids (files kept on disk by older versions) name no stored file.
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ contentType: storedFiles.contentType, bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.id, id));
      return row ?? null;
    },
    async remove(id, tx) {
      if (UUID.test(id)) await (tx ?? db).delete(storedFiles).where(eq(storedFiles.id, id));
    },
  };
}
