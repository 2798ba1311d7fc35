import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TYPE, rawRequest } from './raw-http';
import { startServer, type RunningServer } from './server';
import { scratchPostgres } from '../support/scratch-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const LIMIT = 3;

/** Two built servers on one PostgreSQL database (DATABASE_URL) count sign-in attempts together. */
describe.skipIf(!serverUrl)('the sign-in limit across two replicas on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    scratch = await scratchPostgres(serverUrl!, 'limit_replicas');
    const env = {
      DATABASE_URL: scratch.url,
      DEMO_DATA: 'on',
      SESSION_SECRET: 'one secret every replica shares (32+ chars)',
      AUTH_RATE_LIMIT: String(LIMIT),
      AUTH_ACCOUNT_LIMIT: '1000',
    };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await scratch?.drop();
  });

  it('refuses on one replica the attempt past the limit that the others counted', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const attempt = (server: RunningServer, i: number) =>
      rawRequest(server.url, '/px-api-gateway/identity/sign-in', {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ email: `guess-${i}@example.com`, password: 'Wrong#Password1' }),
      });
    for (const [i, server] of [a, b, a].entries()) expect((await attempt(server, i)).status).not.toBe(429);
    const refused = await attempt(b, 3);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
