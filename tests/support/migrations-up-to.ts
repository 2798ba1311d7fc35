import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const MIGRATIONS = path.resolve('server/marketplace/db/migrations');

/** The migrations up to and including `last` in a folder of their own, as a database that has not yet run the later ones sees them. */
export function migrationsUpTo(last: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}
