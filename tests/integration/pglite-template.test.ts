import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/marketplace/db/client';
import { migratedTemplate } from '../../server/marketplace/db/pglite-template';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const migrationsApplied = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).rows[0]!
    .n;

describe('a new PGlite database from a migrated template', () => {
  const templateDir = path.join(scratch, 'templates');
  const migrations = path.resolve('server/marketplace/db/migrations');
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };

  it('keeps one copy, and databases made from it are whole and migrated, in memory and in a directory that then reopens as itself', async () => {
    const first = await openDatabase({ dataDir: 'memory://', templateDir });
    expect(await migrationsApplied(first)).toBe(journal.entries.length);
    await first.db.execute(sql`CREATE TABLE only_here (id int)`);
    await first.close();
    const copies = fs.readdirSync(templateDir);
    expect(copies).toHaveLength(1);
    const made = fs.statSync(path.join(templateDir, copies[0]!)).mtimeMs;

    const dataDir = path.join(scratch, 'data');
    const second = await openDatabase({ dataDir, templateDir });
    expect(await migrationsApplied(second)).toBe(journal.entries.length);
    // A copy of the template, not of the first database.
    expect((await second.db.execute(sql`SELECT to_regclass('only_here') AS t`)).rows[0]).toEqual({ t: null });
    await second.db.execute(sql`CREATE TABLE kept (id int)`);
    await second.close();
    expect(fs.statSync(path.join(templateDir, copies[0]!)).mtimeMs).toBe(made);

    // A directory that holds a database is opened as it is, never loaded over.
    const reopened = await openDatabase({ dataDir, templateDir });
    expect((await reopened.db.execute(sql`SELECT to_regclass('kept')::text AS t`)).rows[0]).toEqual({ t: 'kept' });
    await reopened.close();
    // Three databases made and opened: on a busy two-core machine initdb alone can take a minute.
  }, 240_000);

  it('makes a new copy when the migrations change, never loading one made for others', async () => {
    const changed = path.join(scratch, 'migrations');
    fs.cpSync(migrations, changed, { recursive: true });
    const before = new Set(fs.readdirSync(templateDir));
    fs.appendFileSync(
      path.join(
        changed,
        fs
          .readdirSync(changed)
          .filter((f) => f.endsWith('.sql'))
          .sort()
          .at(-1)!,
      ),
      '\n-- changed\n',
    );
    let migrated = 0;
    await migratedTemplate(templateDir, changed, async () => void migrated++);
    expect(migrated).toBe(1);
    expect(fs.readdirSync(templateDir).filter((f) => !before.has(f))).toHaveLength(1);
    await migratedTemplate(templateDir, changed, async () => void migrated++);
    expect(migrated).toBe(1);
  }, 240_000);
});
