import { getTableName, type Table } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/**
 * Which tables have changed, as this process learns it. A cache may keep what it read until one of
 * the tables it read from changes: the version of those tables is a number that grows with every
 * committed write to any of them.
 */
export interface ChangeFeed {
  /**
   * True when every committed write reaches the feed before the writer's promise resolves, so a kept
   * answer is never older than the database. PGlite: this process owns the database and delivers
   * NOTIFY at commit. PostgreSQL replicas write behind each other's backs: nothing is kept there.
   */
  readonly exact: boolean;
  version(tables: readonly Table[]): number;
}

const CHANNEL = 'portal_changes';

/** A feed that knows nothing: nothing may be kept on it. */
export const inexactFeed: ChangeFeed = { exact: false, version: () => 0 };

const feeds = new WeakMap<Db, ChangeFeed>();

/** The feed of the database a query builder belongs to (registered when the database was opened). */
export function changeFeedOf(db: Db): ChangeFeed {
  return feeds.get(db) ?? inexactFeed;
}

/**
 * Installs a statement trigger on every table that NOTIFYs the table's name, and counts the
 * notices. Run after the migrations, on every start: tables added by a later migration get theirs.
 */
export async function pgliteChangeFeed(client: PGlite, db: Db): Promise<ChangeFeed> {
  await client.exec(`
    CREATE OR REPLACE FUNCTION portal_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME); RETURN NULL; END $$;`);
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  // One statement per table, sent together: start-up waits for one round trip, not one per table.
  await client.exec(
    rows
      .map(({ name }) => `"${name.replaceAll('"', '""')}"`)
      .map(
        (table) =>
          `CREATE OR REPLACE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();`,
      )
      .join('\n'),
  );
  const counts = new Map<string, number>();
  await client.listen(CHANNEL, (table) => counts.set(table, (counts.get(table) ?? 0) + 1));
  const feed: ChangeFeed = {
    exact: true,
    version: (tables) => tables.reduce((sum, table) => sum + (counts.get(getTableName(table)) ?? 0), 0),
  };
  feeds.set(db, feed);
  return feed;
}
