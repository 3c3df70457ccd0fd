// Page speed for `npm run bench`: Lighthouse (default mobile settings: simulated slow 4G and a 4x
// slower CPU) on each page, and on "the static limit" of the same page: the HTML the server returned,
// every script removed, served from a tiny local server at the same path (everything else it is
// asked for, CSS and images, comes from the site as before). The page's LCP over the static one says
// how much of the first paint waits for JavaScript; it works whatever the server renders.
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium.mjs';

export const BENCH_PAGES = [
  '/',
  '/products/kitchen-cabinets/rta-kitchen-cabinets',
  '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw',
  '/blogs/shaker-vs-slab-cabinet-doors',
  '/contact',
  '/free-kitchen-design',
  '/estimator',
  '/checkout',
];

export const CHROME_FLAGS = CHROMIUM_FLAGS;

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b[^>]*>/gi;

/** <link rel=modulepreload> and <link rel=preload as=script>: script downloads without a <script>. */
function preloadsScript(link) {
  return /\brel\s*=\s*["']?modulepreload/i.test(link) || (/\brel\s*=\s*["']?preload/i.test(link) && /\bas\s*=\s*["']?script/i.test(link));
}

/** The HTML without any script: what a visitor sees before (or without) JavaScript. */
export function stripScripts(html) {
  return html.replace(SCRIPT_ELEMENT, '').replace(LINK_ELEMENT, (link) => (preloadsScript(link) ? '' : link));
}

/** `values` sorted, the middle one (the lower middle for an even count); undefined when empty. */
export function median(values) {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * A local server answering each of `pages` with its script-free HTML and passing every other
 * request on to `siteUrl` (so the page's CSS, images and API calls still load).
 */
export async function startStaticLimitServer(siteUrl, pages) {
  const html = new Map();
  for (const page of pages) {
    const response = await fetch(siteUrl + page, { headers: { accept: 'text/html' } });
    // by path: a page measured with a query (a quote's payment link) is served for its path
    html.set(new URL(page, 'http://x').pathname, stripScripts(await response.text()));
  }
  const site = new URL(siteUrl);
  const server = http.createServer((req, res) => {
    const page = html.get(new URL(req.url, 'http://x').pathname);
    if (page !== undefined && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(page);
      return;
    }
    const upstream = http.request(
      { host: site.hostname, port: site.port, path: req.url, method: req.method, headers: { ...req.headers, host: site.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/** One Lighthouse performance run: score 0-100, LCP/TBT in ms, CLS; `error` when a metric failed. */
async function runLighthouse(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const metric = (id) => lhr.audits[id]?.numericValue;
  const score = lhr.categories.performance.score;
  return {
    score: score === null ? undefined : Math.round(score * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    runtimeError: lhr.runtimeError?.code,
    error: lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage,
  };
}

/** Lighthouse errors that are an answer (the page paints nothing), not a failed run. */
const PAINT_ERRORS = new Set(['NO_FCP', 'NO_LCP']);

/**
 * A run, tried once more when Lighthouse failed for another reason (a fresh headless Chromium
 * sometimes reports NO_NAVSTART for its first page).
 */
async function runLighthouseOnceMore(url, port) {
  const result = await runLighthouse(url, port);
  return result.runtimeError && !PAINT_ERRORS.has(result.runtimeError) ? runLighthouse(url, port) : result;
}

/** Median of `runs` Lighthouse runs per figure. */
async function measure(url, port, runs) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await runLighthouseOnceMore(url, port));
  const middle = (key) => median(results.map((result) => result[key]));
  return {
    score: middle('score'),
    lcpMs: middle('lcpMs'),
    cls: middle('cls'),
    tbtMs: middle('tbtMs'),
    error: results.find((result) => result.error)?.error,
  };
}

/** Lighthouse on every page as served and as its static limit; one row per page. */
export async function measurePages(siteUrl, { pages = BENCH_PAGES, runs = 1, chromePath = '/usr/bin/chromium' } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const staticLimit = await startStaticLimitServer(siteUrl, pages);
  try {
    const rows = [];
    for (const page of pages) {
      const served = await measure(siteUrl + page, chrome.port, runs);
      const limit = await measure(staticLimit.url + page, chrome.port, runs);
      rows.push({ page, served, limit });
    }
    return rows;
  } finally {
    await staticLimit.close();
    chrome.kill();
  }
}
