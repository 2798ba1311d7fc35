import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

/**
 * The built client's files outside /assets (favicon, logos, tutorials), served as express.static
 * would, but only at the paths that exist when the server starts: the build does not change while
 * it runs, and every page request would otherwise cost a file lookup that fails.
 */
export function builtFiles(dir: string, options: Parameters<typeof express.static>[1]): express.RequestHandler {
  const serve = express.static(dir, options);
  const paths = new Set(
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          '/' +
          path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).map(encodeURIComponent).join('/'),
      ),
  );
  return (req, res, next) => (paths.has(req.path) ? serve(req, res, next) : next());
}
