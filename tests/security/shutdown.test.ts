import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuyer, startServer, type RunningServer } from './server';

/** A replica restarted behind the proxy (`docker compose restart`, a deploy) gets SIGTERM with requests under way. */
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM while a request is under way', () => {
  it('answers that request, database and all, ends its connection, then exits 0', async () => {
    server = await startServer();
    const { email, password } = await createBuyer(server);
    const body = new URLSearchParams({ intent: 'sign-in', email, password, redirectTo: '' }).toString();
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)));

    const request = http.request(`${server.url}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', (response) => response.resume().once('end', () => resolve(response)));
      request.once('error', reject);
    });
    // Half the form is sent when the signal comes; the rest after it.
    request.write(body.slice(0, body.length / 2));
    await pause(300);
    server.process.kill('SIGTERM');
    await pause(300);
    request.end(body.slice(body.length / 2));

    const response = await answer;
    expect(response.statusCode).toBe(302);
    expect(response.headers['set-cookie']?.some((cookie) => cookie.startsWith('__session='))).toBe(true);
    expect(response.headers.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(server.output()).not.toMatch(/Cannot use a pool after calling end|unhandled error/);
  }, 240_000);
});
