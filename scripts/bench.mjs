#!/usr/bin/env node
// Prints measured figures (no pass/fail): cold and cached build time, and the JavaScript the home
// page loads (count, raw, gzip) plus load timings, against the production build in Debian Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--no-build');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

function timed(label, command, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const figures = [];
if (!skipBuild) {
  figures.push(['build, cold (turbo --force)', `${timed('cold build', 'npx', ['turbo', 'run', 'build', '--force']).toFixed(1)} s`]);
  figures.push(['build, cached (turbo)', `${timed('cached build', 'npx', ['turbo', 'run', 'build']).toFixed(1)} s`]);
}

const port = 8095;
const stackEnv = {
  ...env, PORT: String(port), CONTENT_PORT: '4301', FORMS_PORT: '4302', ORDERS_PORT: '4303', PAYMENTS_PORT: '4304',
  EMBEDDED_PG_PORT: '54359', EMBEDDED_PG_DATA_DIR: '.data/bench-postgres', LOG_LEVEL: 'warn',
};
const stack = spawn('node', ['scripts/start.mjs', '--no-build', '--fresh-database'], { cwd: root, env: stackEnv, stdio: ['ignore', 'ignore', 'inherit'] });
const stopStack = () => new Promise((resolve) => { stack.once('exit', resolve); stack.kill('SIGTERM'); });

async function waitForStack(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error('the stack exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/health/upstreams`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the stack did not become healthy in 120 s');
}

try {
  await waitForStack();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length, encoding: response.headers()['content-encoding'] ?? 'identity' });
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, fcp: fcp?.startTime ?? null };
    });
    const h1 = await page.evaluate(() => performance.now());
    runs.push({ scripts, timing, h1 });
    await context.close();
  }
  await browser.close();

  const first = runs[0];
  const sum = (key) => first.scripts.reduce((total, s) => total + s[key], 0);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  figures.push(['JS files loaded by /', String(first.scripts.length)]);
  figures.push(['JS loaded by /, raw', `${(sum('raw') / 1024).toFixed(1)} KiB`]);
  figures.push(['JS loaded by /, gzip (level 6)', `${(sum('gzip') / 1024).toFixed(1)} KiB`]);
  figures.push(['served encodings', [...new Set(first.scripts.map((s) => s.encoding))].join(', ')]);
  figures.push(['/ first contentful paint (median of 3, cold cache)', `${median(runs.map((r) => r.timing.fcp ?? 0)).toFixed(0)} ms`]);
  figures.push(['/ heading rendered (median of 3)', `${median(runs.map((r) => r.h1)).toFixed(0)} ms`]);
  for (const s of first.scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${new URL(s.url).pathname}`);
} finally {
  await stopStack();
}

console.log('\nStorefront benchmark');
for (const [label, value] of figures) console.log(`  ${label.padEnd(52)} ${value}`);
