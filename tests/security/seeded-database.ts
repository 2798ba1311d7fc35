import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where the run keeps the databases made for its servers (set by tests/support/shared-server-setup.ts). */
export const SEEDED_DATABASES_VARIABLE = 'PORTAL_TEST_SEEDED_DATABASES';

const CLI = path.resolve('build/node/cli.js');

/**
 * The database a server's first start makes with these settings (the migrated template, then the demo
 * data), made once a run by the built CLI (`seed`, which seeds as a first start does, SEED_ITEMS and
 * TENANT_CONFIG included) for the
 * servers that would otherwise each make it: it was about 2.6 s of a first start's 4.2 s of CPU, and
 * a run of Vitest starts about forty servers. Undefined outside a Vitest run and for a server on
 * PostgreSQL or without demo data, which start as they are.
 */
export async function seededDatabase(env: Record<string, string | undefined>): Promise<string | undefined> {
  const root = process.env[SEEDED_DATABASES_VARIABLE];
  if (!root || env.DATABASE_URL || env.DEMO_DATA === 'off') return undefined;
  const settings = {
    items: env.SEED_ITEMS ?? '',
    tenant: env.TENANT_CONFIG ?? '',
    hashCost: env.PASSWORD_HASH_COST ?? '',
  };
  const made = path.join(root, createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16));
  const database = path.join(made, 'pglite');
  if (fs.existsSync(database)) return database;
  // Two workers may make the same one at once: each in a folder of its own, the first renamed in place wins.
  const making = fs.mkdtempSync(`${made}-`);
  const cliEnv: Record<string, string | undefined> = { ...env, DATA_DIR: making, LOG_LEVEL: 'warn' };
  const flags = env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  await promisify(execFile)(process.execPath, [...flags, CLI, 'seed'], {
    env: cliEnv as NodeJS.ProcessEnv,
  });
  try {
    fs.renameSync(making, made);
  } catch {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return database;
}
