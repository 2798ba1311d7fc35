import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  // The migrator applies only migrations newer than the last one a database ran: one dated before it is never run there.
  it('dates each migration after the one before it', () => {
    journal.entries.forEach((entry, i) => {
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('numbers them in order, each with its SQL file', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0')), entry.tag).toBe(true);
      expect(fs.existsSync(path.join(dir, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
  });
});
