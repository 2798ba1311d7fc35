import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, startServer, type RunningServer } from './server';

/** A supervisor restarts the server right after `kill -9`: the new process takes the data directory over. */
let servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  if (servers[0]) fs.rmSync(servers[0].dataDir, { recursive: true, force: true });
});

describe('restart after kill -9', () => {
  it('starts at once on the same data directory and keeps its data', async () => {
    const first = await startServer();
    servers.push(first);
    const { email, password } = await createBuyer(first);
    const lockFile = `${first.dataDir}/pglite.lock`;
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.process.pid);
    await first.stop('SIGKILL');
    // The killed process left its lock behind.
    expect(fs.existsSync(lockFile)).toBe(true);

    const second = await startServer({}, { dataDir: first.dataDir });
    servers = [first, second];
    expect(second.output()).not.toMatch(/held by process/);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(second.process.pid);
    // What the killed process had written is there: its buyer signs in.
    await new Client(second.url).signIn(email, password);
  });
});
