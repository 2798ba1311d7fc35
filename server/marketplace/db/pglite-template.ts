import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite database made from a copy of one already created and migrated, kept in a directory
 * the operator (or the test harness) names with PGLITE_TEMPLATE_DIR. Creating a cluster runs
 * initdb in WebAssembly and then every migration: 5 to 25 s on a busy two-core machine, where
 * loading the copy takes 1 to 3 s. Servers that start from an empty data directory again and again
 * (the test suites, a fleet of tenants) pay it once.
 *
 * The copy's name holds a hash of the PGlite version and of the migrations, so a new migration or
 * PGlite makes a new copy and never loads an old one.
 */
export async function migratedTemplate(
  templateDir: string,
  migrationsFolder: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<Blob> {
  const kept = keptTemplate(templateDir, migrationsFolder);
  if (kept) return kept;
  const file = templateFile(templateDir, migrationsFolder);
  const client = await PGlite.create('memory://');
  try {
    await migrate(client);
    // A checkpoint first, so that a copy starts without replaying the migrations' log; gzip makes 42 MB about 5.
    await client.query('CHECKPOINT');
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(templateDir, { recursive: true });
    // Processes starting together may each make one: the last rename wins, and each is whole.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await client.close();
  }
}

/** The copy for these migrations and this PGlite kept in `templateDir`, if there is one. */
export function keptTemplate(templateDir: string, migrationsFolder: string): Blob | undefined {
  const file = templateFile(templateDir, migrationsFolder);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Removes the copies for other migrations or another PGlite (a build's earlier ones). */
export function dropOtherTemplates(templateDir: string, migrationsFolder: string): void {
  const current = path.basename(templateFile(templateDir, migrationsFolder));
  for (const name of fs.readdirSync(templateDir))
    if (name !== current) fs.rmSync(path.join(templateDir, name), { force: true });
}

const templateFile = (templateDir: string, migrationsFolder: string) =>
  path.join(templateDir, `pglite-${templateKey(migrationsFolder)}.tar.gz`);

/** Whether a data directory holds no database yet (in memory, always). */
export function isEmptyDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

function templateKey(migrationsFolder: string): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const journal = path.join(migrationsFolder, 'meta/_journal.json');
  for (const file of [
    journal,
    ...fs
      .readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => path.join(migrationsFolder, name)),
  ]) {
    hash.update(`${path.basename(file)}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // The package's exports hide its package.json: walk up from its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite') return version ?? 'unknown';
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
