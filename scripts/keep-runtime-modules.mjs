// Removes from node_modules every package the built server does not load at run time (the image's
// build stage runs it after `npm run build`; docs/decisions/035-server-bundle.md).
//
// The build bundles the server with its packages (scripts/build-server.mjs); it loads from
// node_modules only the packages of LOADED_FROM_NODE_MODULES (scripts/server-externals.mjs), and
// what those need in turn: their dependencies, optional dependencies and required peers, found as
// Node finds them (the nearest node_modules upwards). Everything else goes, then the kept packages'
// type declarations, source maps and documentation.
//
//   node scripts/keep-runtime-modules.mjs [--dry-run]
import fs from 'node:fs';
import path from 'node:path';
import { LOADED_FROM_NODE_MODULES } from './server-externals.mjs';

const root = process.cwd();
const dryRun = process.argv.includes('--dry-run');

/** The directory of package `name` as required from `fromDir`, or null. */
function locate(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

const kept = new Set();
const queue = [];
const want = (name, fromDir, optional) => {
  const dir = locate(name, fromDir);
  if (!dir) {
    if (!optional) throw new Error(`${name}, needed from ${path.relative(root, fromDir) || '.'}, is not installed`);
    return;
  }
  if (!kept.has(dir)) {
    kept.add(dir);
    queue.push(dir);
  }
};

for (const name of LOADED_FROM_NODE_MODULES) want(name, root, false);
while (queue.length) {
  const dir = queue.shift();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {}))
    want(name, dir, Boolean(manifest.optionalDependencies?.[name]));
  for (const name of Object.keys(manifest.optionalDependencies ?? {})) want(name, dir, true);
  for (const name of Object.keys(manifest.peerDependencies ?? {})) {
    if (!manifest.peerDependenciesMeta?.[name]?.optional) want(name, dir, true);
  }
}

/** Every installed package directory (scoped ones and nested node_modules included). */
function installed(modulesDir) {
  if (!fs.existsSync(modulesDir)) return [];
  const found = [];
  for (const entry of fs.readdirSync(modulesDir)) {
    if (entry.startsWith('.')) continue;
    const dir = path.join(modulesDir, entry);
    if (entry.startsWith('@')) {
      for (const scoped of fs.readdirSync(dir))
        found.push(path.join(dir, scoped), ...installed(path.join(dir, scoped, 'node_modules')));
    } else found.push(dir, ...installed(path.join(dir, 'node_modules')));
  }
  return found;
}

const sizeOf = (dir) => {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += sizeOf(file);
    else if (entry.isFile()) bytes += fs.statSync(file).size;
  }
  return bytes;
};

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
let removed = 0;
let removedBytes = 0;
const gone = [];
for (const dir of installed(path.join(root, 'node_modules'))) {
  // A package nested in one already removed went with it.
  if (kept.has(dir) || gone.some((parent) => dir.startsWith(`${parent}${path.sep}`))) continue;
  gone.push(dir);
  removed++;
  removedBytes += sizeOf(dir);
  if (!dryRun) fs.rmSync(dir, { recursive: true, force: true });
}
if (!dryRun) fs.rmSync(path.join(root, 'node_modules', '.bin'), { recursive: true, force: true });

/** Files of a kept package that Node never loads: type declarations, source maps, documentation. */
const NEVER_LOADED = /\.(?:d\.[cm]?ts|map|md|markdown)$/i;
let strippedBytes = 0;
const strip = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) strip(file);
    else if (entry.isFile() && NEVER_LOADED.test(entry.name)) {
      strippedBytes += fs.statSync(file).size;
      if (!dryRun) fs.rmSync(file);
    }
  }
};
const outermost = [...kept].filter((dir) => ![...kept].some((other) => dir.startsWith(`${other}${path.sep}`)));
for (const dir of outermost) strip(dir);
const keptBytes = outermost.reduce((sum, dir) => sum + sizeOf(dir), 0);
console.log(
  `${dryRun ? 'would keep' : 'kept'} ${kept.size} packages the server loads from node_modules (${mb(keptBytes)}); ${dryRun ? 'would remove' : 'removed'} ${removed} (${mb(removedBytes)}), and ${mb(strippedBytes)} of declarations, source maps and documentation`,
);
