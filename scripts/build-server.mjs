// Bundles the Express server (and the embedded marketplace) and the marketplace CLI into build/node/index.js and build/node/cli.js; npm packages stay external.
// Then makes the migrated empty database a first start loads (build/pglite-template; server/marketplace/db/client.ts).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { appVersion } from './app-version.mjs';

const version = appVersion();

await build({
  entryPoints: ['server/index.ts', 'server/marketplace/cli.ts', 'server/marketplace/db/build-template.ts'],
  outdir: 'build/node',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  alias: { '~': './app' },
  // BUILT_SERVER: the bundle is production unless NODE_ENV says otherwise, and never mounts Vite.
  define: { APP_VERSION: JSON.stringify(version), BUILT_SERVER: 'true' },
  logLevel: 'warning',
});

// Kept when the migrations and PGlite are unchanged; otherwise initdb and every migration, 5 to 25 s.
execFileSync(process.execPath, ['build/node/build-template.js'], { stdio: 'inherit' });
