import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { startServer, type ServerAddress } from './server';

/**
 * The shared server's settings: the README's defaults, but for sign-ins from one address, which
 * every file's buyers share here (the limit has files of its own, on servers of their own).
 */
const SHARED_ENV = { AUTH_RATE_LIMIT: '100000' };
const READY_WAIT_MS = 240_000;

/**
 * One built server (a file may use its address, never stop it or read its output) for the run's security files that read and write only their own buyers' data:
 * the first file to ask starts it (in its own process group, so that it outlives that file's
 * worker), the others wait for its address; the run's global set-up stops it at the end
 * (tests/support/shared-server-setup.ts). A file that changes the tenant's settings, restarts or
 * measures its server, or needs other settings starts its own with `startServer`.
 */
export async function sharedServer(): Promise<ServerAddress> {
  const dir = inject('sharedServerDir');
  const ready = path.join(dir, 'server.json');
  const failed = path.join(dir, 'failed.txt');
  try {
    fs.mkdirSync(path.join(dir, 'starting'));
  } catch {
    return waitForServer(ready, failed);
  }
  try {
    const server = await startServer(SHARED_ENV, { detachedLog: path.join(dir, 'server.log') });
    const shared: ServerAddress & { pid: number } = {
      url: server.url,
      port: server.port,
      dataDir: server.dataDir,
      pid: server.process.pid!,
    };
    fs.writeFileSync(`${ready}.tmp`, JSON.stringify(shared));
    fs.renameSync(`${ready}.tmp`, ready);
    return shared;
  } catch (error) {
    fs.writeFileSync(failed, String(error));
    throw error;
  }
}

async function waitForServer(ready: string, failed: string): Promise<ServerAddress> {
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, 'utf8')) as ServerAddress;
    if (fs.existsSync(failed)) throw new Error(`the shared server did not start: ${fs.readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the shared server did not get ready in time');
}
