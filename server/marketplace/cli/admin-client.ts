import fs from 'node:fs';
import path from 'node:path';
import { createMarketplace } from '../app';
import { isDatabaseLocked, openDatabase } from '../db/client';
import { createMailer } from '../mailer';
import { loadTenantConfig } from '../tenant-config';
import { randomToken } from '../services/identity/passwords';
import { getEnv } from '../../../app/.server/env';

/** One call to the marketplace's admin API; answers the parsed JSON or throws with its message. */
export type AdminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: string, body?: unknown) => Promise<any>;

/**
 * Runs CLI work against the marketplace's admin API: over HTTP when the portal is running on the
 * same PGlite data (it holds the database) or PORTAL_URL names a running portal (replicas on
 * PostgreSQL), in-process otherwise. Either way the same routes run.
 */
export async function withAdmin<T>(work: (call: AdminCall) => Promise<T>): Promise<T> {
  const env = getEnv();
  const dataDir = env.DATA_DIR;
  const pgliteDir = path.join(dataDir, 'pglite');
  const databaseUrl = env.DATABASE_URL;

  if (env.PORTAL_URL || (!databaseUrl && isDatabaseLocked(pgliteDir))) {
    const base = env.PORTAL_URL ?? `http://localhost:${env.PORT}`;
    const token = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    return work((method, route, body) => send((request) => fetch(request), base, token, method, route, body));
  }

  const database = await openDatabase({ dataDir: pgliteDir, databaseUrl });
  const token = randomToken(32);
  try {
    const marketplace = await createMarketplace({
      database,
      config: loadTenantConfig(env.TENANT_CONFIG),
      mailer: createMailer({
        from: env.MAIL_FROM,
        outboxDir: path.join(dataDir, 'outbox'),
      }),
      adminToken: token,
      onError: (error, where) => console.error(where ?? 'error', error),
    });
    return await work((method, route, body) => send(marketplace.fetch, 'http://cli', token, method, route, body));
  } finally {
    await database.close();
  }
}

async function send(
  fetcher: (request: Request) => Promise<Response>,
  base: string,
  token: string,
  method: string,
  route: string,
  body: unknown,
) {
  const response = await fetcher(
    new Request(new URL(`/px-api-gateway/admin${route}`, base), {
      method,
      headers: { 'x-admin-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const json = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(json.message ?? `The marketplace answered ${response.status}`);
  return json;
}
