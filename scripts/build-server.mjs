// Bundles, with their npm packages, the Express server (and the embedded marketplace) into
// build/node/index.js, the marketplace CLI into build/node/cli.js, and Remix's server build (Vite's
// build/server/remix.js) into build/server/index.js, which the server imports. One esbuild pass with
// code splitting: a package both use (Remix's runtime above all) is one module in a chunk of build/node/,
// loaded once; what is imported lazily stays a chunk loaded on first use. Only the packages
// of scripts/server-externals.mjs stay out (decision 035).
// Then makes the migrated empty database a first start loads (build/pglite-template; server/marketplace/db/client.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';
import { appVersion } from './app-version.mjs';
import { LOADED_FROM_NODE_MODULES, NEVER_LOADED } from './server-externals.mjs';

const version = appVersion();

const remixBuild = 'build/server/remix.js';
await build({
  entryPoints: {
    'node/index': 'server/index.ts',
    'node/cli': 'server/marketplace/cli.ts',
    'node/build-template': 'server/marketplace/db/build-template.ts',
    'server/index': remixBuild,
  },
  outdir: 'build',
  // Beside the entries: the server's modules find their files relative to themselves (../pglite-template).
  chunkNames: 'node/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...LOADED_FROM_NODE_MODULES, ...NEVER_LOADED],
  // The CommonJS packages in the bundles require Node's own modules; ESM has no `require` of its own.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  sourcemap: true,
  alias: { '~': './app' },
  // BUILT_SERVER: the bundle is production unless NODE_ENV says otherwise, and never mounts Vite.
  define: { APP_VERSION: JSON.stringify(version), BUILT_SERVER: 'true' },
  logLevel: 'warning',
});
fs.rmSync(remixBuild);

// Kept when the migrations and PGlite are unchanged; otherwise initdb and every migration, 5 to 25 s.
execFileSync(process.execPath, ['build/node/build-template.js'], { stdio: 'inherit' });
