import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** What the Vite dev server needs to reach in the project: the app's modules, styles, public files, deps. */
const SERVED_TOP_LEVEL = new Set(['app', 'styles', 'public', 'node_modules']);

/**
 * `npm run dev` only: Vite serves files of the project by their path (and any file by `/@fs/`).
 * This keeps it to what the browser needs, so the data directory, server code, secrets and
 * dotfiles (.env, .git) are a 404 even in development.
 */
export function devOnlyFiles(dataDir: string) {
  const root = process.cwd();
  return function devFiles(req: Request, res: Response, next: NextFunction) {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return res.status(400).end();
    }
    const file = pathname.startsWith('/@fs/') ? pathname.slice('/@fs'.length) : path.join(root, pathname);
    if (pathname.startsWith('/@') && !pathname.startsWith('/@fs/')) return next();
    const resolved = path.resolve(file);
    const inside = (dir: string) => resolved === dir || resolved.startsWith(dir + path.sep);
    const relative = path.relative(root, resolved);
    const segments = relative.split(path.sep);
    const hidden = segments.some(
      (s, i) => s.startsWith('.') && !(s === '.vite' && segments[i - 1] === 'node_modules') && s !== '..',
    );
    const topLevel = segments[0] ?? '';
    const denied =
      inside(path.resolve(dataDir)) ||
      hidden ||
      segments.includes('.server') ||
      (!relative.startsWith('..') &&
        relative !== '' &&
        !SERVED_TOP_LEVEL.has(topLevel) &&
        fs.existsSync(path.join(root, topLevel))) ||
      (pathname.startsWith('/@fs/') && (relative.startsWith('..') || !SERVED_TOP_LEVEL.has(topLevel)));
    if (denied) return res.status(404).type('text/plain').send('Not found.');
    next();
  };
}
