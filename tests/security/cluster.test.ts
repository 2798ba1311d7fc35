import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_BY, startCluster, type Cluster } from '../support/cluster';
import { Client, createBuyer, freePort, type RunningServer } from './server';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The harness the journeys run on with PostgreSQL: two replicas of the built server behind a round-robin proxy. */
describe.skipIf(!adminUrl)('a cluster of two replicas', () => {
  let cluster: Cluster;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));

  beforeAll(async () => {
    const databaseUrl = Object.assign(new URL(adminUrl!), { pathname: '/e2e_cluster_test' }).toString();
    cluster = await startCluster({
      databaseUrl,
      adminUrl,
      port: await freePort(),
      dataDir,
      env: { SEED_ITEMS: '100' },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each request to the next replica, and a signed-in buyer stays signed in on both', async () => {
    const servedBy: string[] = [];
    for (let i = 0; i < 4; i++) servedBy.push((await fetch(`${cluster.url}/healthz`)).headers.get(SERVED_BY)!);
    expect(servedBy).toEqual(['0', '1', '0', '1']);

    const buyer = await createBuyer({ url: cluster.url, dataDir } as RunningServer);
    const client = new Client(cluster.url);
    await client.signIn(buyer.email, buyer.password);
    for (let i = 0; i < 2; i++) expect((await client.request('/stock')).status).toBe(200);
  });

  it('skips a replica that is down until it is back, and stops every process', async () => {
    const [first, second] = cluster.replicas as [Cluster['replicas'][number], Cluster['replicas'][number]];
    await first.kill('SIGKILL');
    for (let i = 0; i < 3; i++) expect((await fetch(`${cluster.url}/healthz`)).headers.get(SERVED_BY)).toBe('1');
    await first.restart();
    const servedBy = new Set<string>();
    for (let i = 0; i < 2; i++) servedBy.add((await fetch(`${cluster.url}/healthz`)).headers.get(SERVED_BY)!);
    expect(servedBy).toEqual(new Set(['0', '1']));

    const pids = [first.pid!, second.pid!];
    await cluster.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  }, 120_000);
});
