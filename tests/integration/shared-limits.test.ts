import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { rateLimits } from '../../server/marketplace/db/schema';
import { postgresLimitStore } from '../../server/http/postgres-limit-store';
import { authLimits } from '../../server/http/rate-limits';
import { scratchPostgres } from '../support/scratch-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const RIGHT = 'Right#Password1';

interface Replica {
  url: string;
  database: Database;
  server: Server;
}

/** A replica's limits in front of a sign-in that takes one password, over its own connections to the shared database. */
async function startReplica(databaseUrl: string, limits: { perAddress: number; perAccount: number }): Promise<Replica> {
  const database = await openDatabase({ databaseUrl });
  const app = express();
  app.use(authLimits({ ...limits, store: postgresLimitStore(database.db) }));
  app.post('/px-api-gateway/identity/sign-in', (req, res) => {
    const { password } = JSON.parse(String((req as typeof req & { rawBody?: Buffer }).rawBody)) as { password: string };
    res.status(password === RIGHT ? 200 : 401).json({});
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, database, server };
}

async function signIn(replica: Replica, email: string, password = 'Wrong#Password1') {
  const response = await fetch(`${replica.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
}

async function stop(replica: Replica | undefined) {
  if (!replica) return;
  await new Promise((resolve) => replica.server.close(resolve));
  await replica.database.close();
}

/** Sign-in limits on two replicas of one PostgreSQL database count every attempt on either. */
describe.skipIf(!serverUrl)('sign-in limits shared by two replicas', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const replicas: Replica[] = [];
  beforeAll(async () => {
    scratch = await scratchPostgres(serverUrl!, 'shared_limits');
  });
  beforeEach(async () => {
    while (replicas.length) await stop(replicas.pop());
  });
  afterAll(async () => {
    while (replicas.length) await stop(replicas.pop());
    await scratch?.drop();
  });

  async function twoReplicas(limits: { perAddress: number; perAccount: number }) {
    const pair = [await startReplica(scratch.url, limits), await startReplica(scratch.url, limits)] as const;
    replicas.push(...pair);
    await pair[0].database.db.delete(rateLimits);
    return pair;
  }

  it("counts an address's attempts on either replica in one window", async () => {
    const [a, b] = await twoReplicas({ perAddress: 4, perAccount: 1000 });
    const answers = [];
    for (const [i, replica] of [a, b, a, b].entries())
      answers.push((await signIn(replica, `someone-${i}@example.com`)).status);
    expect(answers).toEqual([401, 401, 401, 401]);
    for (const replica of [a, b]) {
      const refused = await signIn(replica, 'someone-else@example.com', RIGHT);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
    }
  });

  it('makes an account wait after its failures on either replica, and a success on one clears it on both', async () => {
    const [a, b] = await twoReplicas({ perAddress: 1000, perAccount: 2 });
    expect((await signIn(a, 'guessed@example.com')).status).toBe(401);
    expect((await signIn(b, 'Guessed@Example.com ')).status).toBe(401);
    for (const replica of [a, b]) {
      const refused = await signIn(replica, 'guessed@example.com', RIGHT);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
    }

    expect((await signIn(a, 'lucky@example.com')).status).toBe(401);
    expect((await signIn(b, 'lucky@example.com', RIGHT)).status).toBe(200);
    // The success is settled as its answer goes out, a moment after the client has it.
    await vi.waitFor(async () =>
      expect(
        await a.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'account:lucky@example.com')),
      ).toEqual([]),
    );
    expect((await signIn(a, 'lucky@example.com')).status).toBe(401);
    expect((await signIn(b, 'lucky@example.com')).status).toBe(401);
  });

  it('lets no parallel guesses slip through: of many at once on both, only the free failures reach the sign-in', async () => {
    const [a, b] = await twoReplicas({ perAddress: 1000, perAccount: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? a : b, 'flooded@example.com')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('forgets counters past their expiry when it sweeps', async () => {
    const [a] = await twoReplicas({ perAddress: 1000, perAccount: 3 });
    const { db } = a.database;
    await db.insert(rateLimits).values([
      {
        key: 'address:gone',
        count: 3,
        until: sql`now() - interval '1 minute'`,
        expiresAt: sql`now() - interval '1 minute'`,
      },
      { key: 'account:kept', count: 1, until: sql`now()`, expiresAt: sql`now() + interval '1 day'` },
    ]);
    expect(await postgresLimitStore(db).sweep(Date.now())).toBe(1);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual(['account:kept']);
  });
});
