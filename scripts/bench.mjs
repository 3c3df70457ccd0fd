#!/usr/bin/env node
// `npm run bench`: prints measured figures side by side (no pass/fail) against the production build:
// cold and cached build time; the JavaScript the home page loads (Playwright + Debian Chromium);
// Lighthouse mobile figures per page next to the page's static limit (scripts/lib/bench-pages.mjs);
// API requests/s and p95 through the gateway next to a bare node:http server (scripts/lib/bench-api.mjs).
//
//   --no-build            skip the two builds (use what is built)
//   --only=js,pages,api,metrics,catalog,backoffice,checkout,scale   run only these sections (build is one too)
//   --lighthouse-runs=N   Lighthouse runs per page and per static limit, median shown (default 1)
//   --api-seconds=N       load per API call and per bare server, in 3 alternating rounds (default 6)
//   --gateway=URL         measure a stack that is already running instead of starting one
//   --catalog-styles=N    styles in the catalog listing's scratch schema (default 5000; section "catalog")
//   section "metrics": pairs of fresh gateways, metrics on and off, in front of the stack's services; the cached read through
//                         each in interleaved rounds (3 fresh pairs), then an A/A: what metrics cost in the gateway's
//                         CPU per request (target < 5%)
//   section "scale": the catalog listing, search and the orders list on the bench's data and on 10× of it, in one run
//   section "backoffice": the staff's orders list and search on 100,000 orders and 10,000 quotes (target p95 ≤ 50 ms)
//   section "checkout": order created, paid with a sandbox card token, both e-mails queued, at 1, 8 and 50
//                         shoppers, next to the same rows by raw SQL (target at 8: ≥ 60 checkouts/s, p95 ≤ 250 ms)
//   --checkout-shoppers=1,8,50   the checkout's concurrencies
//   --cpu-prof=DIR        the stack's processes run under V8's CPU profiler, written into DIR; the checkout's rounds at
//                         --profile-shoppers=N (default 8) are then summarised per process (top functions)
// Ports: BENCH_GATEWAY_PORT (8095; the metrics section's two gateways on +1, +2, the scale section's on +3),
// BENCH_SERVICE_PORT_BASE (4300: services on +1..+4, the scale section's content service on +5), BENCH_PG_PORT (54359).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  CATALOG_LISTING_PATH,
  measureApi,
  measureCatalogListing,
  measureFormSubmit,
  measureOrderCreate,
  measureOrderWrites,
  measureSearch,
  variedCatalogPaths,
} from './lib/bench-api.mjs';
import { backofficeOrderPaths, seedBackoffice } from './lib/backoffice-fixture.mjs';
import { generateCatalog, seededRandom } from './lib/catalog-fixture.mjs';
import { BENCH_PAGES, CHROME_FLAGS, measurePages } from './lib/bench-pages.mjs';
import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { checkoutReport, measureCheckoutRounds } from './lib/bench-checkout.mjs';
import { measureMetricsCost } from './lib/bench-metrics.mjs';
import { measureAtScale } from './lib/bench-scale.mjs';
import { stackProcesses, stackRssMiB } from './lib/stack-processes.mjs';
import { profilesIn, summarizeProfileFile } from './lib/cpu-profile.mjs';
import { fixed, kib, ms, ratio, table, whole } from './lib/bench-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const chromePath = CHROMIUM_PATH;

function option(name) {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}
const only = option('only')?.split(',');
const runs = (section) => (only ? only.includes(section) : section !== 'build' || !process.argv.includes('--no-build'));
const lighthouseRuns = Number(option('lighthouse-runs') ?? 1);
const apiSeconds = Number(option('api-seconds') ?? 6);
const catalogStyles = Number(option('catalog-styles') ?? 5000);
const checkoutShoppers = (option('checkout-shoppers') ?? '1,8,50').split(',').map(Number);
const cpuProfileDir = option('cpu-prof') && path.resolve(option('cpu-prof'));
// the stack's processes write their profiles there when they exit: it must exist by then
if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
const profileShoppers = Number(option('profile-shoppers') ?? 8);
const gatewayPort = Number(process.env.BENCH_GATEWAY_PORT || 8095);
const servicePortBase = Number(process.env.BENCH_SERVICE_PORT_BASE || 4300);
const pgPort = Number(process.env.BENCH_PG_PORT || 54359);
/** The bench stack's embedded PostgreSQL (the back office and the raw order writes use it directly). */
const benchDatabaseUrl = `postgres://postgres:password@127.0.0.1:${pgPort}/storefront`;

function timed(label, command, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * The stack on the bench's own ports, default settings (request logs on, to /dev/null). `extraEnv`:
 * the catalog section's scratch schema and generated styles file.
 */
function startStack(extraEnv = {}) {
  const stackEnv = {
    ...env,
    PORT: String(gatewayPort),
    ...Object.fromEntries(STACK_SERVICES.map(({ portEnv, port }) => [portEnv, String(port)])),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DATA_DIR: `.data/bench-postgres${pgPort === 54359 ? '' : `-${pgPort}`}`,
    // the order-create load is 50 shoppers at once from one address: lift the per-client write limit
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    // the back office's list under load comes from one address too
    RATE_LIMIT_ADMIN_PER_MINUTE: '1000000',
    // Node 20 refuses --cpu-prof in NODE_OPTIONS: a preload starts the same profiler
    ...(cpuProfileDir
      ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${path.join(root, 'scripts/lib/cpu-profile-preload.mjs')}`.trim(), BENCH_CPU_PROF_DIR: cpuProfileDir }
      : {}),
    ...extraEnv,
  };
  const stack = spawn('node', ['scripts/start.mjs', '--no-build', '--fresh-database'], {
    cwd: root,
    env: stackEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (stack.exitCode !== null) return resolve();
      stack.once('exit', resolve);
      stack.kill('SIGTERM');
    });
  return { url: `http://127.0.0.1:${gatewayPort}`, stack, stop };
}

/** `quote create` with the example quote on the bench stack's database: the link's path and query. */
function benchQuotePaymentPath() {
  const created = spawnSync(process.execPath, ['services/orders/dist/backoffice/cli.js', 'quote', 'create', '--file', 'services/orders/examples/quote.example.json'], {
    cwd: root,
    env: { ...env, DATABASE_URL: benchDatabaseUrl },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`quote create failed: ${created.stderr}`);
  return JSON.parse(created.stdout).paymentPath;
}

async function waitForStack(url, stack, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (stack && stack.exitCode !== null) throw new Error('the stack exited before it was ready');
    const ok = await fetch(`${url}/health/upstreams`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the stack did not become healthy in 120 s');
}

/** Every script response of three cold loads of `/`, as the browser received them. */
async function measureHomeScripts(url) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  const loads = [];
  try {
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.push({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body).length,
          brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        });
      });
      await page.goto(`${url}/`, { waitUntil: 'networkidle' });
      // The shell marks the moment the server-rendered page became interactive.
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const timing = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({
                fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
                lcp: entries[entries.length - 1]?.startTime ?? null,
                hydrated: performance.getEntriesByName('sf-hydrated')[0]?.startTime ?? null,
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      loads.push({ scripts, timing });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return loads;
}

function homeScriptRows(loads) {
  const first = loads[0];
  const sum = (key) => first.scripts.reduce((total, script) => total + script[key], 0);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const script of first.scripts) {
    console.log(`  ${kib(script.brotli).padStart(10)} br  ${kib(script.gzip).padStart(10)} gz  ${new URL(script.url).pathname}`);
  }
  return [
    ['JS files loaded by /', String(first.scripts.length)],
    ['JS loaded by /, raw', kib(sum('raw'))],
    ['JS loaded by /, gzip (level 6)', kib(sum('gzip'))],
    ['JS loaded by /, brotli (quality 11)', kib(sum('brotli'))],
    ['served encodings', [...new Set(first.scripts.map((s) => s.encoding))].join(', ')],
    ['/ first contentful paint (median of 3, cold cache)', ms(median(loads.map((l) => l.timing.fcp ?? 0)))],
    ['/ largest contentful paint (median of 3)', ms(median(loads.map((l) => l.timing.lcp ?? 0)))],
    ['/ interactive: hydrated (median of 3)', ms(median(loads.map((l) => l.timing.hydrated ?? 0)))],
  ];
}

/** Lighthouse's error codes, said plainly where they are expected (a client-rendered page). */
function explain(error) {
  if (error === 'NO_FCP' || error === 'NO_LCP') return `${error}: nothing paints without JavaScript`;
  return error;
}

function pageTable(rows) {
  return table([
    ['page', 'score', 'LCP', 'CLS', 'TBT', 'static LCP', 'LCP page/static', 'note'],
    ...rows.map(({ page, served, limit }) => [
      // a link's secret query is not for the report
      page.replace(/\?.*$/, (query) => (query ? '?…' : '')),
      served.score ?? '–',
      ms(served.lcpMs),
      fixed(served.cls, 3),
      ms(served.tbtMs),
      ms(limit.lcpMs),
      ratio(served.lcpMs, limit.lcpMs),
      [served.error && `page: ${explain(served.error)}`, limit.error && `static: ${explain(limit.error)}`]
        .filter(Boolean)
        .join('; '),
    ]),
  ], { leftColumns: [0, 7] });
}

function apiTable(rows) {
  return table([
    ['call (50 connections)', 'gateway req/s', 'p95', 'bare req/s', 'p95', 'ratio', 'failures'],
    ...rows.map((row) => [
      row.label,
      whole(row.gateway.requestsPerSecond),
      ms(row.gateway.p95Ms),
      whole(row.bare.requestsPerSecond),
      ms(row.bare.p95Ms),
      fixed(row.ratio, 2),
      String(row.gateway.failures + row.bare.failures),
    ]),
  ]);
}

const figures = [];
const sections = [];
/** --cpu-prof: the checkout rounds to summarise (monotonic µs windows), which process is which part, and the checkouts in them. */
const profiled = { windows: [], parts: new Map(), checkouts: 0 };
if (runs('build')) {
  figures.push(['build, cold (turbo --force)', `${timed('cold build', 'npx', ['turbo', 'run', 'build', '--force']).toFixed(1)} s`]);
  figures.push(['build, cached (turbo)', `${timed('cached build', 'npx', ['turbo', 'run', 'build']).toFixed(1)} s`]);
}

/**
 * The bench stack's services (packages/topology, which the build above or an earlier one made): each
 * one's port and URL variables, on BENCH_SERVICE_PORT_BASE + 1, + 2, ... in their start order.
 */
const { SERVICE_NAMES, SERVICES } = await import('@storefront/topology');
const STACK_SERVICES = SERVICE_NAMES.map((name, index) => ({ ...SERVICES[name], port: servicePortBase + 1 + index }));

const external = option('gateway');
// The catalog listing's scratch schema: the content service loads the generated styles into it at
// start-up (CATALOG_SCHEMA + CATALOG_STYLES_FILE) and answers /api/catalog from it.
let catalogFolder;
const catalogEnv = {};
if (runs('catalog') && !external) {
  catalogFolder = mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
  const stylesFile = path.join(catalogFolder, 'product-styles.json');
  writeFileSync(stylesFile, JSON.stringify(generateCatalog(catalogStyles)));
  Object.assign(catalogEnv, { CATALOG_SCHEMA: `bench_catalog_${catalogStyles}`, CATALOG_STYLES_FILE: stylesFile });
}
/** The back office's dataset once seeded (section "backoffice", else "scale" seeds it). */
let backofficeSeed;
const stack = external ? { url: external, stack: undefined, stop: async () => undefined } : startStack(catalogEnv);
try {
  await waitForStack(stack.url, stack.stack);
  // each process's resident memory once started and ready, and again after every section ran
  const rssAtStart = stack.stack ? stackRssMiB(stack.stack.pid) : undefined;
  if (runs('js')) figures.push(...homeScriptRows(await measureHomeScripts(stack.url)));
  if (runs('pages')) {
    // the money pages: a quote's payment link (made by the back office on the bench's own
    // database; a stack given by --gateway has no database of ours, so its link page is left out) and
    // the split-payment page as the success page's link opens it (the lookup form)
    const moneyPages = [...(external ? [] : [benchQuotePaymentPath()]), '/order/split-payment'];
    const rows = await measurePages(stack.url, { pages: [...BENCH_PAGES, ...moneyPages], runs: lighthouseRuns, chromePath });
    sections.push([`Pages: Lighthouse mobile (median of ${lighthouseRuns}), and the static limit (the served HTML without scripts)`, pageTable(rows)]);
  }
  if (runs('api')) {
    const rows = await measureApi(stack.url, { seconds: apiSeconds });
    sections.push([
      `API: ${apiSeconds} s each (3 alternating rounds) through the gateway, and a bare node:http server answering the same bytes`,
      apiTable(rows),
    ]);
    // the same rows written straight into the stack's database: what PostgreSQL alone gives an order,
    // in rounds alternating with the API's (a stack given by --gateway has no database of ours, so it is left out there)
    const { order, raw } = external
      ? { order: await measureOrderCreate(stack.url, { seconds: apiSeconds }), raw: undefined }
      : await measureOrderWrites(stack.url, benchDatabaseUrl, { seconds: apiSeconds });
    const orderRow = (row) => [row.label, whole(row.requestsPerSecond), ms(row.p50Ms), ms(row.p95Ms), String(row.created), String(row.failures)];
    sections.push([
      `Orders: ${apiSeconds} s of order creation through the gateway into PostgreSQL (3 alternating rounds), next to the same rows written by raw SQL`,
      table([
        ['call', 'req/s', 'p50', 'p95', 'created', 'failures', 'order / raw'],
        [...orderRow(order), ratio(order.requestsPerSecond, raw?.requestsPerSecond)],
        ...(raw ? [[...orderRow(raw), '']] : []),
      ]),
    ]);
    const form = await measureFormSubmit(stack.url, { seconds: apiSeconds });
    sections.push([
      `Forms: ${apiSeconds} s of contact-form submissions through the gateway into PostgreSQL (with their e-mail jobs)`,
      table([
        ['call', 'req/s', 'p50', 'p95', 'stored', 'failures'],
        [form.label, whole(form.requestsPerSecond), ms(form.p50Ms), ms(form.p95Ms), String(form.created), String(form.failures)],
      ]),
    ]);
    const search = await measureSearch(stack.url, { seconds: apiSeconds });
    sections.push([
      `Search: ${apiSeconds} s of site search through the gateway into PostgreSQL full-text search`,
      table([
        ['call', 'req/s', 'p50', 'p95', 'failures'],
        [search.label, whole(search.requestsPerSecond), ms(search.p50Ms), ms(search.p95Ms), String(search.failures)],
      ]),
    ]);
  }
  if (runs('metrics') && !external) {
    const upstreamEnv = Object.fromEntries(STACK_SERVICES.map(({ port, urlEnv }) => [urlEnv, `http://127.0.0.1:${port}`]));
    const ports = [gatewayPort + 1, gatewayPort + 2];
    const cost = await measureMetricsCost(root, { upstreamEnv, ports });
    // the same two fresh processes with nothing different: how large a "cost" the method finds in its own noise
    const control = await measureMetricsCost(root, { upstreamEnv, ports, control: true });
    const side = (name, figures) => [
      name,
      whole(figures.requestsPerSecond),
      ms(figures.p95Ms),
      fixed(figures.cpuUsPerRequest, 1),
      `${fixed(figures.cpuUsRange[0], 1)}–${fixed(figures.cpuUsRange[1], 1)}`,
      String(figures.failures),
    ];
    const share = (value) => `${value >= 0 ? '+' : ''}${fixed(value * 100, 1)}%`;
    const costs = (result) =>
      `median ${fixed(result.medianCostUs, 1)} µs, ${share(result.medianCostShare)} (pairs: ${result.costs.map((one) => share(one.costShare)).join(', ')})`;
    sections.push([
      `Metrics: ${cost.label} through pairs of fresh gateways in front of the stack's services, METRICS_ENABLED=true and false ` +
        `(${cost.pairs} pairs, each ${cost.rounds} interleaved rounds of ${cost.seconds} s a side, ${cost.connections} connections); ` +
        'then the same with metrics on in both (A/A). Target: metrics < 5% of a cached read',
      table([
        ['gateway', 'req/s', 'p95', 'gateway CPU µs/request', 'per round', 'failures'],
        side('A/B: metrics on', cost.on),
        side('A/B: metrics off', cost.off),
        side('A/A: metrics on', control.on),
        side('A/A: metrics on, its twin', control.off),
      ]) +
        `\n  metrics' cost in gateway CPU per request (on − off, of off): ${costs(cost)}` +
        `\n  the A/A's difference, nothing different (the method's noise):  ${costs(control)}`,
    ]);
  }
  if (runs('catalog')) {
    const loadBefore = os.loadavg()[0];
    const rows = [
      await measureCatalogListing(stack.url, { label: `one listing, repeated (edge-cached as every content GET): ${CATALOG_LISTING_PATH.replace('/api/catalog/styles', '')}`, paths: [CATALOG_LISTING_PATH], seconds: apiSeconds }),
      await measureCatalogListing(stack.url, { label: 'a different selection, sort and page each request (uncached: from the listing index)', paths: variedCatalogPaths(20_000, seededRandom(7)), seconds: apiSeconds }),
      // the same load on an answer served from memory: what the machine gives any API call right now
      await measureCatalogListing(stack.url, { label: 'reference: GET /api/content/product-styles/ssw (from memory)', paths: ['/api/content/product-styles/ssw'], seconds: apiSeconds }),
    ];
    sections.push([
      `Catalog listing at ${external ? 'the running stack\'s catalog' : `${catalogStyles.toLocaleString('en-US')} styles`}: ${apiSeconds} s each, 20 concurrent, through the gateway (target p95 ≤ 30 ms)`,
      `  machine load average before: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)} (${os.availableParallelism()} cores)\n` +
      table([
        ['call (20 connections)', 'matched', 'req/s', 'p50', 'p95', 'failures'],
        ...rows.map((row) => [row.label, row.total === undefined ? '–' : whole(row.total), whole(row.requestsPerSecond), ms(row.p50Ms), ms(row.p95Ms), String(row.failures)]),
      ]),
    ]);
  }
  if (runs('backoffice') && !external) {
    const seeded = (backofficeSeed = await seedBackoffice(benchDatabaseUrl));
    const headers = { Authorization: `Bearer ${seeded.key}` };
    const loadBefore = os.loadavg()[0];
    const mixed = backofficeOrderPaths(20_000, seededRandom(11));
    const rows = [
      // a back office is a handful of staff at once: 4 of them, each clicking as fast as the answers come
      await measureCatalogListing(stack.url, { label: 'orders list, 4 staff at once: first pages, filters, searches by name, e-mail and number, each different', paths: mixed, seconds: apiSeconds, headers, connections: 4 }),
      await measureCatalogListing(stack.url, { label: 'the same, 20 at once (the API sections\' load)', paths: mixed, seconds: apiSeconds, headers }),
      await measureCatalogListing(stack.url, { label: 'orders list: a page deep in the list (keyset, after an old order)', paths: [`/api/admin/orders?limit=50&after=${seeded.firstNumber.replace(/\d+$/, (digits) => String(Number(digits) + 500))}`], seconds: apiSeconds, headers }),
      // the same load on an answer served from memory: what the machine gives any API call right now
      await measureCatalogListing(stack.url, { label: 'reference: GET /api/content/product-styles/ssw (from memory)', paths: ['/api/content/product-styles/ssw'], seconds: apiSeconds }),
    ];
    sections.push([
      `Back office: the orders list and its search on 100,000 orders and 10,000 quotes, ${apiSeconds} s each, through the gateway with an API key (target p95 ≤ 50 ms)`,
      `  machine load average before: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)} (${os.availableParallelism()} cores)\n` +
      table([
        ['call', 'connections', 'req/s', 'p50', 'p95', 'failures'],
        ...rows.map((row) => [row.label, String(row.connections), whole(row.requestsPerSecond), ms(row.p50Ms), ms(row.p95Ms), String(row.failures)]),
      ]),
    ]);
  }
  if (runs('checkout') && !external) {
    const loadBefore = os.loadavg()[0];
    const rows = await measureCheckoutRounds(stack.url, benchDatabaseUrl, {
      concurrencies: checkoutShoppers,
      seconds: apiSeconds,
      stackPid: stack.stack.pid,
      onRound: (shoppers, side, startedUs, endedUs) => {
        if (shoppers === profileShoppers && side === 'api') profiled.windows.push([startedUs, endedUs]);
      },
    });
    for (const process of stackProcesses(stack.stack.pid)) profiled.parts.set(process.pid, process.part);
    profiled.checkouts = rows.find((row) => row.connections === profileShoppers)?.api.completed;
    sections.push([
      `Checkout: order created, paid (sandbox card token), both e-mails queued; ${apiSeconds} s per concurrency through the gateway next to the same rows by raw SQL (3 alternating rounds). Target at 8 concurrent: ≥ 60 checkouts/s, p95 ≤ 250 ms`,
      `  machine load average before: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)} (${os.availableParallelism()} cores)\n` +
        checkoutReport(rows, { table, ms, whole, ratio, fixed }),
    ]);
  }
  if (runs('scale') && !external) {
    const upstreamEnv = Object.fromEntries(STACK_SERVICES.map(({ port, urlEnv }) => [urlEnv, `http://127.0.0.1:${port}`]));
    const { rows, loadBefore } = await measureAtScale(root, {
      stackUrl: stack.url,
      databaseUrl: benchDatabaseUrl,
      serviceEnv: { ...upstreamEnv, DATABASE_URL: benchDatabaseUrl },
      content: { ...SERVICES.content, port: servicePortBase + STACK_SERVICES.length + 1 },
      gatewayPort: gatewayPort + 3,
      styles: catalogStyles,
      factor: 10,
      seconds: apiSeconds,
      seeded: backofficeSeed,
    });
    sections.push([
      `Scale: the catalog listing, site search and the orders list on the bench's data, then on 10× (same run); ${apiSeconds} s each, through the gateway. Target: p95 holds`,
      `  machine load average before: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)} (${os.availableParallelism()} cores)\n` +
        table([
          ['call', 'connections', 'data', 'req/s', 'p50', 'p95', 'failures', 'p95 10× / 1×'],
          ...rows.flatMap(({ label, connections, one, ten }) => [
            [label, String(connections), one.data, whole(one.requestsPerSecond), ms(one.p50Ms), ms(one.p95Ms), String(one.failures), ''],
            ['', '', ten.data, whole(ten.requestsPerSecond), ms(ten.p50Ms), ms(ten.p95Ms), String(ten.failures), fixed(ten.p95Ms / one.p95Ms, 2) + '×'],
          ]),
        ]),
    ]);
  }
  if (rssAtStart) {
    const rssAfter = stackRssMiB(stack.stack.pid);
    const parts = [...new Set([...Object.keys(rssAtStart), ...Object.keys(rssAfter)])].filter((part) => part !== 'bench');
    sections.push([
      `Memory: resident set (RSS, MiB) of each process of the stack, started and idle, then after the sections run (${only ? only.join(', ') : 'all'})`,
      table([
        ['process', 'idle after start', 'after the bench', 'grew'],
        ...parts.map((part) => [part, fixed(rssAtStart[part], 0), fixed(rssAfter[part], 0), fixed((rssAfter[part] ?? 0) - (rssAtStart[part] ?? 0), 0)]),
      ], { leftColumns: [0] }),
    ]);
  }
} finally {
  await stack.stop();
  if (catalogFolder) rmSync(catalogFolder, { recursive: true, force: true });
}

if (cpuProfileDir && profiled.windows.length > 0) {
  const lines = [];
  for (const [pid, file] of profilesIn(cpuProfileDir)) {
    const part = profiled.parts.get(pid);
    if (!part || part === 'postgres') continue;
    const summary = summarizeProfileFile(file, profiled.windows);
    const perCheckout = (value) => (value / profiled.checkouts).toFixed(2);
    lines.push(`\n  ${part} (pid ${pid}): ${summary.busyMs.toFixed(0)} ms busy in the rounds, ${perCheckout(summary.busyMs)} ms per checkout; ${path.basename(file)}`);
    lines.push('    by origin (ms per checkout):  ' + summary.byOrigin.slice(0, 12).map(([origin, value]) => `${origin} ${perCheckout(value)}`).join(', '));
    lines.push('    self time, top 15 (ms per checkout):');
    for (const [name, value] of summary.self.slice(0, 15)) lines.push(`      ${perCheckout(value).padStart(6)}  ${name}`);
    // our own functions (services/*, packages/*) with what they call: where the time goes, by step
    lines.push('    our code with what it calls, top 20 (ms per checkout):');
    for (const [name, value] of summary.inclusive.filter(([frame]) => / [a-z-]+\/[\w./-]+:\d+$/.test(frame)).slice(0, 20)) {
      lines.push(`      ${perCheckout(value).padStart(6)}  ${name}`);
    }
  }
  sections.push([
    `CPU profiles of the checkout rounds at ${profileShoppers} shoppers (${profiled.checkouts} checkouts; ${cpuProfileDir}; ` +
      `the rounds' windows in µs of the monotonic clock: ${JSON.stringify(profiled.windows)}). ` +
      'A profile counts wall time between samples, so on a busy machine its ms exceed the CPU from /proc: read its shares',
    lines.join('\n'),
  ]);
}

console.log('\nStorefront benchmark');
for (const [label, value] of figures) console.log(`  ${label.padEnd(52)} ${value}`);
for (const [title, text] of sections) console.log(`\n${title}\n${text}`);
