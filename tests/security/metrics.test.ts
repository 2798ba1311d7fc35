import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, Client, createBuyer, freePort, startServer, type RunningServer } from './server';

/** /metrics is never open on the public port: a bearer token there, or a listener of its own. */

const TOKEN = 'm'.repeat(40);
let withToken: RunningServer;
let withPort: RunningServer;
let metricsPort: number;
let plain: RunningServer;

beforeAll(async () => {
  metricsPort = await freePort();
  [withToken, withPort, plain] = await Promise.all([
    startServer({ METRICS_TOKEN: TOKEN }),
    startServer({ METRICS_PORT: String(metricsPort) }),
    startServer(),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([withToken?.stop(), withPort?.stop(), plain?.stop()]);
});

describe('/metrics', () => {
  it('answers 401 without the token, and to the token with request durations by route', async () => {
    expect((await fetch(`${withToken.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).status,
    ).toBe(401);

    const buyer = await createBuyer(withToken);
    const client = new Client(withToken.url);
    await client.signIn(buyer.email, buyer.password);
    const stock = await client.request('/stock');
    expect(stock.status).toBe(200);
    await stock.text();

    const response = await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="routes\/_app\.stock",method="GET",status="200"\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{route="routes\/_index",method="POST",status="302"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/px-api-gateway\/admin\/users",method="POST",status="201"\} 1/,
    );
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts the background jobs run, by job and outcome', async () => {
    const run = await fetch(`${withToken.url}/px-api-gateway/admin/jobs/draft-cleanup`, {
      method: 'POST',
      headers: { 'x-admin-token': adminToken(withToken) },
    });
    expect(run.ok).toBe(true);
    const text = await (
      await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(text).toMatch(/job_runs_total\{job="draft-cleanup",outcome="ok"\} 1/);
    expect(text).toMatch(/job_duration_seconds_count\{job="draft-cleanup"\} 1/);
  });

  it('is served without a token on METRICS_PORT, and not on the public port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('http_request_duration_seconds');
    const publicAnswer = await fetch(`${withPort.url}/metrics`, { redirect: 'manual' });
    expect(publicAnswer.status).not.toBe(200);
  });

  it('is not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const response = await fetch(`${plain.url}/metrics`, { redirect: 'manual' });
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toContain('http_request_duration_seconds');
  });
});
