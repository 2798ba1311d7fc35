import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGLITE_TEMPLATE_DIR } from '../../scripts/pglite-template-dir.mjs';
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
 * The build's migrated empty database (build/pglite-template) into the suite's folder of them, where
 * missing: its name holds the hash of PGlite's version and of the migrations, so a copy of the same
 * name is the same database, and the run does not make it again (initdb and every migration, 5 to
 * 25 s of a core on a clean clone).
 */
function templatesFromTheBuild() {
  const built = path.resolve('build/pglite-template');
  if (!fs.existsSync(built)) return;
  fs.mkdirSync(PGLITE_TEMPLATE_DIR, { recursive: true });
  for (const name of fs.readdirSync(built))
    if (!fs.existsSync(path.join(PGLITE_TEMPLATE_DIR, name)))
      fs.copyFileSync(path.join(built, name), path.join(PGLITE_TEMPLATE_DIR, name));
}

/**
 * Gives the run a temporary folder of its own (TMPDIR, which the workers and the servers they start
 * inherit: every test's scratch folder and server data directory goes there), in it a folder for the
 * security files' shared server, started by the first file that asks for it, and one for the
 * databases its servers start from (tests/security/seeded-database.ts, which the workers find by the
 * environment they inherit); at the end of the run stops the shared server (its whole process group:
 * the shell and the server) and deletes the run's folder with all of it. The servers' data
 * directories were left behind before: 30 to 90 a run, 42 to 359 MB each. A run without security
 * files starts nothing.
 */
export default function setup(project: TestProject) {
  templatesFromTheBuild();
  const outerTemporary = process.env.TMPDIR;
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-run-'));
  process.env.TMPDIR = run;
  const dir = fs.mkdtempSync(path.join(run, 'portal-shared-server-'));
  project.provide('sharedServerDir', dir);
  const seeded = fs.mkdtempSync(path.join(run, 'portal-seeded-databases-'));
  process.env[SEEDED_DATABASES_VARIABLE] = seeded;
  return async () => {
    const ready = path.join(dir, 'server.json');
    if (fs.existsSync(ready)) {
      const { pid } = JSON.parse(fs.readFileSync(ready, 'utf8')) as { pid: number };
      if (alive(pid)) {
        process.kill(-pid, 'SIGTERM');
        const deadline = Date.now() + STOP_WAIT_MS;
        while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        if (alive(pid)) process.kill(-pid, 'SIGKILL');
      }
    }
    fs.rmSync(run, { recursive: true, force: true });
    if (outerTemporary === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTemporary;
  };
}
