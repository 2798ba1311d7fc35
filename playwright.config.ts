import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';

/** First of the three ports; set E2E_PORT_BASE to run two checkouts' journeys side by side. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3101);

/** The servers the journeys run against: the demo tenant, a second tenant, and a deactivated one. */
export const SERVERS = {
  demo: { port: PORT_BASE, dataDir: 'data-e2e', config: 'config/tenants/demo.json' },
  second: { port: PORT_BASE + 1, dataDir: 'data-e2e-second', config: 'config/tenants/second.json' },
  deactivated: { port: PORT_BASE + 2, dataDir: 'data-e2e-deactivated', config: 'tests/fixtures/deactivated-tenant.json' },
} as const;

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
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${SERVERS.demo.port}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'js', testIgnore: PHONE_SPECS, use: { ...devices['Desktop Chrome'], launchOptions, javaScriptEnabled: true } },
    { name: 'no-js', testIgnore: PHONE_SPECS, use: { ...devices['Desktop Chrome'], launchOptions, javaScriptEnabled: false } },
    { name: 'phone-js', testMatch: PHONE_SPECS, use: { ...devices['Desktop Chrome'], viewport: PHONE, launchOptions, javaScriptEnabled: true } },
    { name: 'phone-no-js', testMatch: PHONE_SPECS, use: { ...devices['Desktop Chrome'], viewport: PHONE, launchOptions, javaScriptEnabled: false } },
  ],
  webServer: Object.values(SERVERS).map((server) => ({
    command: `rm -rf ${server.dataDir} && node build/node/index.js`,
    url: `http://localhost:${server.port}/readyz`,
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
    },
  })),
});
