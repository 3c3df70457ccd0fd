// Debian's Chromium, as every browser run of the project starts it (e2e, bench): headless, and
// without the background networking this machine's closed network refuses (STACK-NOTES).
import { existsSync } from 'node:fs';

/** The full browser: what the bench's Lighthouse runs measure (a shopper's Chrome). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const COMMON_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const CHROMIUM_FLAGS = ['--headless=new', ...COMMON_FLAGS];

/**
 * The e2e suites' browser: Debian's `chromium-headless-shell` when installed, the same engine without
 * the full browser's UI layers (what Playwright itself runs headless by default). On this 2-core machine
 * it took the accessibility spec from 4.9 to 3.3 minutes. `E2E_CHROMIUM_PATH` picks another binary;
 * without the shell the full browser runs in its new headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const e2ePath = process.env.E2E_CHROMIUM_PATH ?? (process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const E2E_BROWSER = {
  executablePath: e2ePath,
  // the headless shell is headless by construction: the flag is the full browser's
  args: e2ePath.endsWith('headless-shell') ? COMMON_FLAGS : CHROMIUM_FLAGS,
};
