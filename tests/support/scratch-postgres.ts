import pg from 'pg';

/**
 * A database of its own on the server of TEST_DATABASE_URL, named after that database and the
 * purpose (so a local run keeps its prefix), created empty (dropped first if a former run left it)
 * and dropped afterwards: test files on PostgreSQL never share a schema.
 */
export async function scratchPostgres(baseUrl: string, purpose: string) {
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'postgres'}_${purpose}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
