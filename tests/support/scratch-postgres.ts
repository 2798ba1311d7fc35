import pg from 'pg';

/** Drops the URL's database (closing whatever is still connected to it) and creates it empty. */
export async function recreateDatabase(databaseUrl: string, adminUrl?: string) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await asAdmin(
    adminUrl ?? Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
    async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    },
  );
}

async function asAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<void>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own on the server of TEST_DATABASE_URL, named after that database and the
 * purpose (so a local run keeps its prefix), created empty and dropped afterwards: test files on
 * PostgreSQL never share a schema.
 */
export async function scratchPostgres(baseUrl: string, purpose: string) {
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'postgres'}_${purpose}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  await recreateDatabase(url, baseUrl);
  return {
    url,
    drop: () => asAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {})),
  };
}
