import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HEAVY = ['exceljs', 'pdfkit', '@e965/xlsx', 'pg', 'nodemailer', 'drizzle-orm/node-postgres'];
const serverDir = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('libraries loaded on first use', () => {
  it('no server module imports a heavy library at its start (only types, or import() when used)', () => {
    const eager = sources(serverDir).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)]
        .map((m) => m[1]!)
        .filter((name) => HEAVY.some((heavy) => name === heavy || name.startsWith(`${heavy}/`)))
        .map((name) => `${path.relative(serverDir, file)}: ${name}`),
    );
    expect(eager).toEqual([]);
  });
});
