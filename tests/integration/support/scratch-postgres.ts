import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, created empty (dropped first if
 * a former run left it), so a test file neither sees nor disturbs the others'. Answers its URL and how
 * to drop it.
 */
export async function scratchDatabase(serverUrl: string, name: string) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
