import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplace, type Marketplace } from '../../server/marketplace/app';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { storedFiles } from '../../server/marketplace/db/schema';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { createMailer } from '../../server/marketplace/mailer';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { adminToken, startServer, type RunningServer } from '../security/server';
import { ADMIN_TOKEN, apiCaller } from './harness';
import { buyerWithDocuments, documentFile, uploadDocuments } from './proof-of-export-support';
import { scratchPostgres } from '../support/scratch-postgres';

const marked = (marker: string) => new Uint8Array([...Buffer.from(`%PDF-1.4\n%${marker}\n`)]);
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** Every file under the data directory except the database's own, with its size. */
function filesOutsideDatabase(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`pglite${path.sep}`))
    .sort();
}

describe('proof-of-export uploads on the built server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('are read back from the database byte for byte and write nothing under DATA_DIR', async () => {
    // The test marketplace's calls, sent to the running server with its admin token.
    const remote = {
      fetch: async (request: Request) => {
        const headers = new Headers(request.headers);
        if (headers.get('x-admin-token') === ADMIN_TOKEN) headers.set('x-admin-token', adminToken(server));
        const { pathname, search } = new URL(request.url);
        const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
        return fetch(new URL(pathname + search, server.url), { method: request.method, headers, body });
      },
    };
    const { docs } = await buyerWithDocuments(apiCaller(remote), 'poe-built@example.com');
    const [first] = docs.documents;
    const bytes = marked('built-server');
    const before = filesOutsideDatabase(server.dataDir);
    expect(
      (
        await uploadDocuments(remote, docs.documentUploadUrl, docs.authToken, [
          { field: `${first.documentId}__export.pdf`, bytes },
        ])
      ).status,
    ).toBe(200);
    expect(filesOutsideDatabase(server.dataDir)).toEqual(before);
    const read = await documentFile(remote, first.documentId);
    expect(read).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(same(read.bytes, bytes)).toBe(true);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('proof-of-export uploads with two marketplaces on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const databases: Database[] = [];
  const replicas: Marketplace[] = [];

  beforeAll(async () => {
    scratch = await scratchPostgres(url!, 'files');
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: scratch.url });
      if (i === 0) await seedDemoData(database.db, { items: 20 });
      databases.push(database);
      replicas.push(
        await createMarketplace({
          database,
          config: loadTenantConfig(),
          mailer: createMailer({ from: 'test@localhost', outboxDir: '/tmp/pg-files-outbox' }),
          adminToken: ADMIN_TOKEN,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('one replica reads what the other stored', async () => {
    const [a, b] = replicas as [Marketplace, Marketplace];
    const { docs } = await buyerWithDocuments(apiCaller(a), 'poe-pg@example.com');
    const [first] = docs.documents;
    const bytes = marked('postgres');
    expect(
      (
        await uploadDocuments(a, docs.documentUploadUrl, docs.authToken, [
          { field: `${first.documentId}__export.pdf`, bytes },
        ])
      ).status,
    ).toBe(200);
    const read = await documentFile(b, first.documentId);
    expect(read).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(same(read.bytes, bytes)).toBe(true);
  });

  it('two uploads of one document at the same instant on both replicas store one file', async () => {
    const [a, b] = replicas as [Marketplace, Marketplace];
    const { db } = databases[0]!;
    const { docs } = await buyerWithDocuments(apiCaller(a), 'poe-race@example.com');
    const [, second] = docs.documents;
    const [{ files: filesBefore }] = (await db.select({ files: count() }).from(storedFiles)) as [{ files: number }];
    // A third connection holds the document's row until both uploads wait for it: they meet for sure.
    const blocker = new pg.Client({ connectionString: scratch.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM proof_of_export_documents WHERE id = $1 FOR UPDATE', [second.documentId]);
    const field = `${second.documentId}__bill.pdf`;
    const uploads = Promise.all(
      [a, b].map((replica, i) =>
        uploadDocuments(replica, docs.documentUploadUrl, docs.authToken, [{ field, bytes: marked(`race-${i}`) }]),
      ),
    );
    const waiting = async () =>
      Number(
        (
          await blocker.query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0].n,
      );
    while ((await waiting()) < 2) await new Promise((r) => setTimeout(r, 20));
    await blocker.query('COMMIT');
    await blocker.end();
    expect((await uploads).map((r) => r.status).sort()).toEqual([200, 404]);
    const [{ files: filesAfter }] = (await db.select({ files: count() }).from(storedFiles)) as [{ files: number }];
    expect(filesAfter - filesBefore).toBe(1);
  });
});
