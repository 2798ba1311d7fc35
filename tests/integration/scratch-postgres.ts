import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the server of TEST_DATABASE_URL (named after that database, so local
 * runs keep their prefix), dropped afterwards: tests on PostgreSQL running at the same time never
 * share a schema.
 */
export async function scratchPostgres(baseUrl: string, purpose: string) {
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'postgres'}_${purpose}_${randomBytes(4).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
