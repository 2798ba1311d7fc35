import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';
import { PGLITE_TEMPLATE_DIR } from './scripts/pglite-template-dir.mjs';

/** First of the test servers' ports; set E2E_PORT_BASE to run two checkouts' journeys side by side. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3101);

/**
 * With E2E_DATABASE_URL (a PostgreSQL URL whose role may create databases) the journeys with scripts
 * run against each tenant as two replicas on a database of its own behind a round-robin proxy, so
 * every such journey crosses replicas, while the journeys without scripts (and on a phone) run
 * against one server on PGlite: one pass proves both stores. Without it, everything runs on PGlite.
 */
const CLUSTER_ADMIN_URL = process.env.E2E_DATABASE_URL;

/** The tenants the journeys run against: the demo tenant, a second (French) tenant, and a deactivated one. */
const tenants = (base: number, dataDir: string) => ({
  demo: { port: base, dataDir, config: 'config/tenants/demo.json', database: 'e2e_demo' },
  second: {
    port: base + 1,
    dataDir: `${dataDir}-second`,
    config: 'config/tenants/second.json',
    database: 'e2e_second',
  },
  /** On PGlite only: a deactivated tenant's pages and refusals write nothing and do not depend on the store. */
  deactivated: {
    port: PORT_BASE + 2,
    dataDir: 'data-e2e-deactivated',
    config: 'tests/fixtures/deactivated-tenant.json',
    database: 'e2e_deactivated',
  },
  /** In the test-only pseudo-locale (PSEUDO_LOCALE=on): the walk that finds texts not in the tenant's language. On PGlite only: its texts do not depend on the store. */
  pseudo: {
    port: PORT_BASE + 3,
    dataDir: 'data-e2e-pseudo',
    config: 'tests/fixtures/pseudo-tenant.json',
    database: 'e2e_pseudo',
  },
});

export type Store = 'pglite' | 'postgres';
export type Tenant = ReturnType<typeof tenants>['demo'];

/** Each store's servers: PGlite's on the first four ports, PostgreSQL's clusters on the next two. */
export const SERVERS_OF: Record<Store, ReturnType<typeof tenants>> = {
  pglite: tenants(PORT_BASE, 'data-e2e'),
  postgres: tenants(PORT_BASE + 4, 'data-e2e-pg'),
};

/** The projects whose journeys run on PostgreSQL when it is there. */
const ON_POSTGRES = new Set(['js']);

/** Where a project's journeys run. */
export const storeOf = (project: string): Store =>
  CLUSTER_ADMIN_URL && ON_POSTGRES.has(project) ? 'postgres' : 'pglite';

function serverCommand(server: Tenant, store: Store): string {
  if (store === 'pglite') return `rm -rf ${server.dataDir} && sh scripts/serve.sh`;
  const databaseUrl = Object.assign(new URL(CLUSTER_ADMIN_URL!), { pathname: `/${server.database}` }).toString();
  return `node --import tsx tests/support/cluster-cli.ts --admin-url '${CLUSTER_ADMIN_URL}' --database-url '${databaseUrl}' --port ${server.port} --data-dir ${server.dataDir} --replicas 2`;
}

/** Every server the run starts: PGlite's always, PostgreSQL's clusters (the demo and the second tenant) when there is a database for them. */
const STARTED: [Tenant, Store][] = [
  ...Object.values(SERVERS_OF.pglite).map((server): [Tenant, Store] => [server, 'pglite']),
  ...(CLUSTER_ADMIN_URL
    ? [SERVERS_OF.postgres.demo, SERVERS_OF.postgres.second].map((server): [Tenant, Store] => [server, 'postgres'])
    : []),
];

/** The journeys checked on a phone-sized screen (a 390 × 844 viewport, also tried at 360 px). */
const PHONE_SPECS = /phone\.spec\.ts$/;
const PHONE = { width: 390, height: 844 };

const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const baseURL = (project: string) => `http://localhost:${SERVERS_OF[storeOf(project)].demo.port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey walks several pages with an accessibility check on each: on a 2-core machine under two workers some need over 45 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./tests/support/slowest-journeys-reporter.ts'], ['./tests/support/failed-page-reporter.ts']],
  use: {
    // A trace records screenshots and snapshots of every step, for every test, in Chromium's browser
    // and GPU processes: recorded only when a failed test runs again (CI retries once).
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    {
      name: 'js',
      testIgnore: PHONE_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: baseURL('js'), launchOptions, javaScriptEnabled: true },
    },
    // The pseudo-locale walk opens both modes itself, from the project with scripts.
    {
      name: 'no-js',
      testIgnore: [PHONE_SPECS, /pseudo-locale\.spec\.ts$/],
      use: { ...devices['Desktop Chrome'], baseURL: baseURL('no-js'), launchOptions, javaScriptEnabled: false },
    },
    {
      name: 'phone-js',
      testMatch: PHONE_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: baseURL('phone-js'),
        viewport: PHONE,
        launchOptions,
        javaScriptEnabled: true,
      },
    },
    {
      name: 'phone-no-js',
      testMatch: PHONE_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: baseURL('phone-no-js'),
        viewport: PHONE,
        launchOptions,
        javaScriptEnabled: false,
      },
    },
  ],
  webServer: STARTED.map(([server, store]) => ({
    command: serverCommand(server, store),
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
      // Each journey makes its buyers and signs them in: scrypt's lowest cost the server takes (decision 049).
      PASSWORD_HASH_COST: '10',
      PGLITE_TEMPLATE_DIR,
      ...(server === SERVERS_OF.pglite.pseudo ? { PSEUDO_LOCALE: 'on' } : {}),
    },
  })),
});
