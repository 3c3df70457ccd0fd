import { defineConfig, devices } from '@playwright/test';
import { E2E_BROWSER } from '../scripts/lib/chromium.mjs';
import { PROVIDERS_BASE_URL, STAND_INS_INDEX_PORT, STAND_IN_PORTS, providersStackEnv } from './support/providers-stack.js';

/**
 * The checkout on the real payment adapters: the production build on its own ports with every
 * gateway's keys, talking to the providers' local stand-ins (started first). Run by `npm run e2e`
 * after the main suite; `npx playwright test -c playwright.providers.config.ts` alone.
 */
export default defineConfig({
  testDir: './providers',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-providers' }]],
  outputDir: 'test-results-providers',
  use: {
    baseURL: PROVIDERS_BASE_URL,
    // as in playwright.config.ts: only a failure's retry records a trace
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: E2E_BROWSER,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node ../packages/provider-stand-ins/dist/cli.js',
      url: `http://127.0.0.1:${STAND_INS_INDEX_PORT}/__stand-in/health`,
      env: {
        STAND_INS_PORT: String(STAND_INS_INDEX_PORT),
        ...Object.fromEntries(Object.entries(STAND_IN_PORTS).map(([name, port]) => [`STAND_IN_${name.toUpperCase()}_PORT`, String(port)])),
      },
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../scripts/start.mjs --no-build --fresh-database',
      url: `${PROVIDERS_BASE_URL}/health/upstreams`,
      env: providersStackEnv,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
