import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';
import { PGLITE_TEMPLATE_DIR } from './scripts/pglite-template-dir.mjs';

/** First of the four ports; set E2E_PORT_BASE to run two checkouts' journeys side by side. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3101);

/** The servers the journeys run against: the demo tenant, a second tenant, and a deactivated one. */
export const SERVERS = {
  demo: { port: PORT_BASE, dataDir: 'data-e2e', config: 'config/tenants/demo.json', database: 'e2e_demo' },
  second: { port: PORT_BASE + 1, dataDir: 'data-e2e-second', config: 'config/tenants/second.json', database: 'e2e_second' },
  deactivated: { port: PORT_BASE + 2, dataDir: 'data-e2e-deactivated', config: 'tests/fixtures/deactivated-tenant.json', database: 'e2e_deactivated' },
  /** In the test-only pseudo-locale (PSEUDO_LOCALE=on): the walk that finds texts not in the tenant's language. First pass only. */
  pseudo: { port: PORT_BASE + 3, dataDir: 'data-e2e-pseudo', config: 'tests/fixtures/pseudo-tenant.json', database: 'e2e_pseudo' },
} as const;

/**
 * With E2E_DATABASE_URL (a PostgreSQL URL whose role may create databases) each tenant runs as two
 * replicas on a database of its own behind a round-robin proxy on the tenant's port, so every
 * journey crosses replicas; without it, as one server on PGlite.
 */
const CLUSTER_ADMIN_URL = process.env.E2E_DATABASE_URL;

function serverCommand(server: (typeof SERVERS)[keyof typeof SERVERS]): string {
  if (!CLUSTER_ADMIN_URL) return `rm -rf ${server.dataDir} && sh scripts/serve.sh`;
  const databaseUrl = Object.assign(new URL(CLUSTER_ADMIN_URL), { pathname: `/${server.database}` }).toString();
  return `node --import tsx tests/support/cluster-cli.ts --admin-url '${CLUSTER_ADMIN_URL}' --database-url '${databaseUrl}' --port ${server.port} --data-dir ${server.dataDir} --replicas 2`;
}

/** The journeys checked on a phone-sized screen (a 390 × 844 viewport, also tried at 360 px). */
const PHONE_SPECS = /phone\.spec\.ts$/;
const PHONE = { width: 390, height: 844 };

const launchOptions = {
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey walks several pages with an accessibility check on each: on a 2-core machine under two workers some need over 45 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${SERVERS.demo.port}`,
    // A trace records screenshots and snapshots of every step, for every test, in Chromium's browser
    // and GPU processes: recorded only when a failed test runs again (CI retries once).
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    { name: 'js', testIgnore: PHONE_SPECS, use: { ...devices['Desktop Chrome'], launchOptions, javaScriptEnabled: true } },
    // The pseudo-locale walk opens both modes itself, from the project with scripts.
    { name: 'no-js', testIgnore: [PHONE_SPECS, /pseudo-locale\.spec\.ts$/], use: { ...devices['Desktop Chrome'], launchOptions, javaScriptEnabled: false } },
    { name: 'phone-js', testMatch: PHONE_SPECS, use: { ...devices['Desktop Chrome'], viewport: PHONE, launchOptions, javaScriptEnabled: true } },
    { name: 'phone-no-js', testMatch: PHONE_SPECS, use: { ...devices['Desktop Chrome'], viewport: PHONE, launchOptions, javaScriptEnabled: false } },
  ],
  webServer: Object.values(SERVERS)
    .filter((server) => !(CLUSTER_ADMIN_URL && server === SERVERS.pseudo))
    .map((server) => ({
    command: serverCommand(server),
    url: `http://localhost:${server.port}/readyz`,
    // The cluster's harness stops its replicas on SIGTERM (the whole process group gets it).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      TENANT_CONFIG: server.config,
      SEED_ITEMS: '1000',
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      // Journeys run the seller's jobs themselves, through the admin API.
      MARKETPLACE_JOBS: 'off',
      PGLITE_TEMPLATE_DIR,
      ...(server === SERVERS.pseudo ? { PSEUDO_LOCALE: 'on' } : {}),
    },
  })),
});
