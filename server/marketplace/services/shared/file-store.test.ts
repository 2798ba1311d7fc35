import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { databaseFileStore } from './file-store';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('files kept in the database', () => {
  it('come back byte for byte, given as bytes or as a Blob, sent to PGlite as a binary parameter', async () => {
    const files = databaseFileStore(database.db);
    const every = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const large = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 7919) % 251);
    for (const [bytes, given] of [
      [every, every.subarray(0)],
      [every.subarray(100, 300), every.subarray(100, 300)],
      [large, new Blob([large])],
      [new Uint8Array(0), new Blob([])],
    ] as const) {
      const id = await files.put(given, 'image/png');
      const back = await files.get(id);
      expect(back!.contentType).toBe('image/png');
      expect(Buffer.isBuffer(back!.bytes)).toBe(true);
      expect(back!.bytes.equals(Buffer.from(bytes))).toBe(true);
    }
    // What PostgreSQL itself holds: the bytes, not their hex text.
    const [row] = (
      await database.db.execute(
        sql`select octet_length(bytes) as n, substring(bytes from 1 for 3) = '\\x000102'::bytea as head from stored_files where size = 512 limit 1`,
      )
    ).rows as { n: number; head: boolean }[];
    expect(row).toEqual({ n: 512, head: true });
  });
});
