import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { changeFeedOf } from './change-feed';
import { participants, tenantSettings } from './schema';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('the PGlite change feed', () => {
  it('is exact, and is the feed of its query builder', () => {
    expect(database.changes.exact).toBe(true);
    expect(changeFeedOf(database.db)).toBe(database.changes);
  });

  it('counts a write to a table by the time the write resolves; reads and other tables leave it', async () => {
    const { db, changes } = database;
    const before = changes.version([tenantSettings]);
    await db.select().from(tenantSettings);
    await db
      .insert(participants)
      .values({ id: 'feed-test', name: 'Feed test', isOwn: false, isPxns: false, isPxnr: false });
    expect(changes.version([tenantSettings])).toBe(before);
    await db.insert(tenantSettings).values({ key: 'feed-test', value: 1 });
    expect(changes.version([tenantSettings])).toBe(before + 1);
    await db.update(tenantSettings).set({ value: 2 }).where(eq(tenantSettings.key, 'feed-test'));
    expect(changes.version([tenantSettings, participants])).toBe(before + 2 + changes.version([participants]));
  });

  it('counts a transaction at its commit, and not at all when it rolls back', async () => {
    const { db, changes } = database;
    const before = changes.version([tenantSettings]);
    await db.transaction(async (tx) => {
      await tx.insert(tenantSettings).values({ key: 'feed-tx', value: 1 });
      await tx.delete(tenantSettings).where(eq(tenantSettings.key, 'feed-tx'));
    });
    // PostgreSQL sends one notice per table and transaction (identical notices are folded).
    expect(changes.version([tenantSettings])).toBe(before + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(tenantSettings).values({ key: 'feed-rollback', value: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(changes.version([tenantSettings])).toBe(before + 1);
  });

  it('watches every table the migrations made', async () => {
    const { rows } = await database.db.execute<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
         AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'portal_changes')`,
    );
    expect(rows.map((r) => r.name)).toEqual([]);
  });
});
