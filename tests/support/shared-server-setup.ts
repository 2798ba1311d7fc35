import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SEEDED_DATABASES_VARIABLE } from '../security/seeded-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the security files' shared server writes its address (tests/security/shared-server.ts). */
    sharedServerDir: string;
  }
}

const STOP_WAIT_MS = 15_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Gives the run a folder for the security files' shared server, started by the first file that asks
 * for it, and one for the databases its servers start from (tests/security/seeded-database.ts, which
 * the workers find by the environment they inherit); at the end of the run stops the shared server
 * (its whole process group: the shell and the server) and deletes both. A run without security files
 * starts nothing.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shared-server-'));
  project.provide('sharedServerDir', dir);
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seeded-databases-'));
  process.env[SEEDED_DATABASES_VARIABLE] = seeded;
  return async () => {
    fs.rmSync(seeded, { recursive: true, force: true });
    const ready = path.join(dir, 'server.json');
    if (fs.existsSync(ready)) {
      const { pid, dataDir } = JSON.parse(fs.readFileSync(ready, 'utf8')) as { pid: number; dataDir: string };
      if (alive(pid)) {
        process.kill(-pid, 'SIGTERM');
        const deadline = Date.now() + STOP_WAIT_MS;
        while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        if (alive(pid)) process.kill(-pid, 'SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
