import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { AppLoadContext } from '@remix-run/node';
import { createMarketplace } from '../../server/marketplace/app';
import { openDatabase } from '../../server/marketplace/db/client';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { createMailer } from '../../server/marketplace/mailer';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';

export const ADMIN_TOKEN = 'test-admin-token';

/** A real marketplace on an in-memory PGlite with a small demo catalogue. */
export async function startTestMarketplace(options: { items?: number; accessTokenTtlSeconds?: number } = {}) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedDemoData(database.db, { items: options.items ?? 60 });
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const marketplace = await createMarketplace({
    database,
    config: loadTenantConfig(),
    mailer: createMailer({ from: 'test@localhost', outboxDir }),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    adminToken: ADMIN_TOKEN,
    dataDir: outboxDir,
  });
  return {
    marketplace,
    database,
    outboxDir,
    async close() {
      await database.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export function portalContext(transport: AppLoadContext['tenantApi'], base = 'http://embedded-marketplace'): AppLoadContext {
  return { tenantApi: transport, tenantApiBase: base, cspNonce: 'test', logger: pino({ level: 'silent' }) };
}

export function latestCode(outboxDir: string): string {
  const files = fs.readdirSync(outboxDir).sort();
  const text = fs.readFileSync(path.join(outboxDir, files.at(-1)!), 'utf8');
  return /verification code is (\d{6})/.exec(text)![1]!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the test marketplace like a client would: JSON in and out, optional bearer token and headers. */
export function apiCaller(marketplace: { fetch: (request: Request) => Promise<Response> }) {
  return async (method: Method, route: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const response = await marketplace.fetch(
      new Request(`http://m/px-api-gateway${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-admin-token': ADMIN_TOKEN,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = response.status === 204 ? null : await response.json();
    return { status: response.status, body };
  };
}

/** Signs a user in and answers the access token. */
export async function accessToken(call: ReturnType<typeof apiCaller>, email: string, password: string): Promise<string> {
  const { body } = await call('POST', '/identity/sign-in', { body: { email, password } });
  if (!body?.accessToken) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.accessToken as string;
}
