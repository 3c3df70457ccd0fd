import { defineConfig, devices } from '@playwright/test';
import { E2E_BROWSER } from '../scripts/lib/chromium.mjs';
import { E2E_BASE_URL, e2eStackEnv } from './support/stack.js';

/**
 * The e2e suite drives the production build (built by `npm run test:e2e` through turbo) served by
 * `scripts/start.mjs` on its own ports with a fresh embedded PostgreSQL, in Debian's Chromium.
 * Playwright never downloads a browser here.
 */
/**
 * Specs that must have the machine to themselves: two rebuild a remote's dist in place (the stack
 * serves it), three press at first sight, before hydration, on a throttled or contended CPU (under a
 * second worker the press can land after hydration, and the test then proves nothing: measured).
 * They run after the rest, one at a time; everything else shares the stack on two workers, each
 * test with its own browser context, cart and customer. typed-before-hydration shares: it holds the
 * page's scripts until the whole form is typed, so a second worker cannot change what it sees.
 * backoffice-last-manager needs the stack to itself instead: it makes its manager the only active
 * one by disabling every other manager for the test, which would sign out the other specs' staff.
 */
const ALONE = ['remote-releases', 'remote-deployment', 'early-clicks', 'early-clicks-full-speed', 'backoffice-early-clicks', 'backoffice-last-manager'].map(
  (name) => new RegExp(`/${name}\\.spec\\.ts$`),
);
const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace for every test (to keep only the failures') costs CPU on every action of the
    // whole suite: a failure's retry (CI retries once) records one; `--trace retain-on-failure` asks for more.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: E2E_BROWSER,
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: ALONE },
    { name: 'alone', use: chromium, testMatch: ALONE, workers: 1, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs --no-build --fresh-database',
    url: `${E2E_BASE_URL}/health/upstreams`,
    env: e2eStackEnv,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
