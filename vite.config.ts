import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { appVersion } from './scripts/app-version.mjs';

const version = appVersion();

export default defineConfig({
  define: { APP_VERSION: JSON.stringify(version) },
  resolve: { alias: { '~': '/app' } },
  plugins: [
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ['**/*.test.*', '**/.*'],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
  ],
  // CSS is minified for the browsers of package.json's browserslist (postcss.config.js has done the rest).
  build: { target: 'es2022', cssTarget: ['chrome109', 'edge109', 'firefox115', 'safari15'] },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts', 'styles/**/*.test.ts'],
    environment: 'node',
    env: { SESSION_SECRET: 'test-session-secret-of-at-least-32-characters', LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
