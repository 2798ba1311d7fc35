import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { appVersion } from './scripts/app-version.mjs';
import { PGLITE_TEMPLATE_DIR } from './scripts/pglite-template-dir.mjs';

const version = appVersion();

/** Vitest's file order, loaded only when Vitest reads this config: the build and the dev server need not import Vitest (300 ms). */
const testSequencer = process.env.VITEST ? (await import('./tests/support/slow-first-sequencer')).default : undefined;

/** The app's small modules most pages use: in the browser build, one chunk (a file each costs more in requests and gzip overhead than it holds). */
const SHARED_SMALL_MODULES = [
  '/app/components/use-hydrated.ts',
  '/app/components/use-tenant.ts',
  '/app/components/page-title.ts',
  '/app/components/PathLink.tsx',
  '/app/domain/failure-message.ts',
  '/app/domain/money.ts',
  '/app/domain/intl.ts',
  '/app/locales/en-shell-titles.ts',
  '/app/i18n/texts-script.tsx',
  '/app/i18n/use-texts.ts',
  '/app/i18n/text-parts.ts',
  // The stock page's own few-hundred-byte modules (each was a file of its own).
  '/app/components/form-reply.ts',
  '/app/components/use-money-format.ts',
  '/app/domain/offers/status.ts',
  '/app/domain/stock/quantity.ts',
];

function sharedSmallChunk(): Plugin {
  return {
    name: 'shared-small-chunk',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    config: () => ({
      build: {
        rollupOptions: {
          output: {
            manualChunks: (id: string) =>
              SHARED_SMALL_MODULES.some((name) => id.endsWith(name)) ? 'shared' : undefined,
          },
        },
      },
    }),
  };
}

/** Every v3 flag of Remix 2.17: React Router 7 behaves this way (docs/decisions/033-on-the-framework-road.md). */
const FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
  v3_routeConfig: true,
};

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  define: { APP_VERSION: JSON.stringify(version) },
  resolve: { alias: { '~': '/app' } },
  plugins: [
    !process.env.VITEST && sharedSmallChunk(),
    !process.env.VITEST &&
      remix({
        // scripts/build-server.mjs bundles it with the server into build/server/index.js (decision 035).
        serverBuildFile: 'remix.js',
        future: FUTURE,
      }),
  ],
  // CSS is minified for the browsers of package.json's browserslist (postcss.config.js has done the rest).
  // The app's own dynamic imports (dialogs loaded when first opened) name no chunks to preload: a
  // dialog's few dependencies load on its first open instead of being listed in every page's code.
  build: {
    target: 'es2022',
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    cssTarget: ['chrome109', 'edge109', 'firefox115', 'safari15'],
    modulePreload: false,
    // Kept (Remix moves it to build/.vite/client-manifest.json, outside what the server serves): the
    // bench reads which package each chunk the stock page loads was made for.
    manifest: true,
  },
  test: {
    // Two projects: the components (jsdom, React, Testing Library's `screen` bound to the first
    // document it sees) need fresh modules for each file; the rest may share a fork's modules from file
    // to file, which the test command asks for (`--no-isolate`, scripts/test.sh): it spares each file
    // importing the server's graph again. What they share keeps no state a file leaves behind.
    projects: [
      { extends: true, test: { name: 'components', include: ['app/**/*.test.tsx'] } },
      {
        extends: true,
        test: {
          name: 'node',
          setupFiles: ['./tests/support/password-hash-cost.ts'],
          include: [
            'app/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            'styles/**/*.test.ts',
          ],
        },
      },
    ],
    environment: 'node',
    reporters: ['default', './tests/support/slowest-vitest-reporter.ts'],
    globalSetup: ['./tests/support/shared-server-setup.ts'],
    sequence: testSequencer ? { sequencer: testSequencer } : {},
    env: {
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
      LOG_LEVEL: 'silent',
      PGLITE_TEMPLATE_DIR,
      // Password hashes at scrypt's lowest cost the server takes, not the default's (decision 049).
      PASSWORD_HASH_COST: '10',
      // The servers the tests start live seconds: PGlite's WebAssembly in V8's baseline compiler only,
      // without the optimizing compiler's tier-up, a quarter of each start's CPU (decision 055).
      SERVER_NODE_FLAGS: '--liftoff-only',
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default on two cores is one fork; most files wait on servers they start, so two take
    // the suite's time down by about a third (each file's servers and ports are its own).
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
