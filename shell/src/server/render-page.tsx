import { ACCOUNT_PATHS, ADMIN_PATHS, ORDER_VIEW_PATH, QUOTE_VIEW_PATH, pageHeadUrl, type PageHead, type PageRenderRequest } from '@storefront/contracts';
import {
  RemoteManifestWatcher,
  RenderedRemotesContext,
  adoptRemotesConfig,
  adoptVerifiedServerRemotes,
  forgetServerRemote,
  installVerifiedServerEntries,
  remoteNameOf,
} from '@storefront/remote-loader';
import { JSDOM } from 'jsdom';
import {
  PAGE_DATA_ELEMENT_ID,
  PageDataStore,
  RequestCookiesContext,
  SITE_DATA_URL,
  parseCookieHeader,
  toScriptJson,
  type PageBootstrap,
} from '@storefront/ui';
import { setServerSanitizerWindow } from '@storefront/ui/server-sanitizer';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Root } from '../Root';
import { routeChromeFor } from '../routes/route-table';
import { earlyEventsTag } from '../early-events/early-events-script';
import { deferredScriptsLoader, escapeHtml, fallbackHead, headTags, stylesheetTags, type RouteAssets } from './head-tags';
import { assetsForModule, routeModuleFor, stylesheetKey, type RemoteManifest } from './route-assets';

/** The built index.html is minified (attribute quotes may go), so find its parts by pattern. */
const ROOT_ELEMENT = /<div id="?root"?>\s*<\/div>/;
const ENTRY_SCRIPT = /<script\b[^>]*\bsrc="?([^"\s>]+)"?[^>]*><\/script>/g;

export interface TemplateParts {
  /** up to </head>, without the entry scripts */
  head: string;
  /** from </head> to inside #root */
  body: string;
  /** after #root's content */
  end: string;
  /** the shell's entry scripts, loaded after the first paint */
  entries: string[];
}

/** The template around the app: up to </head>, from there to inside #root, and after #root. */
export function splitTemplate(template: string): TemplateParts {
  const entries = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '').filter(Boolean);
  const withoutScripts = template.replace(ENTRY_SCRIPT, '');
  const headEnd = withoutScripts.indexOf('</head>');
  const root = ROOT_ELEMENT.exec(withoutScripts);
  if (headEnd < 0 || !root) throw new Error('index.html needs a </head> and an empty <div id="root"></div>');
  const rootOpen = root[0].slice(0, root[0].indexOf('>') + 1);
  return {
    head: withoutScripts.slice(0, headEnd),
    body: `${withoutScripts.slice(headEnd, root.index)}${rootOpen}`,
    end: `</div>${withoutScripts.slice(root.index + root[0].length)}`,
    entries,
  };
}

// One per server process: remotes are registered once, their manifests revalidated per request.
let watcher: RemoteManifestWatcher | null = null;
/** Registry mode: where the latest request said to read each remote's manifest (for its assets). */
let manifestUrls: Record<string, string> = {};
/** Registry mode: the gateway's verified containers (the same function for every request). */
let verifiedContainerOf: (remoteName: string) => unknown = () => undefined;

function manifestWatcher(request: PageRenderRequest): RemoteManifestWatcher {
  if (!watcher) {
    // Content HTML is sanitised on the server by the same DOMPurify as in the browser, on jsdom's DOM.
    setServerSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setServerSanitizerWindow>[0]);
    if (request.serverRemotes) {
      // Registry mode: a remote's server code comes only from the bundle the gateway verified; the
      // manifests are read for the page's stylesheets and preloads only.
      installVerifiedServerEntries((remoteName) => verifiedContainerOf(remoteName));
      watcher = new RemoteManifestWatcher({
        ttlMs: request.manifestTtlMs,
        timeoutMs: request.dataTimeoutMs,
        manifestUrls: () => manifestUrls,
      });
    } else {
      void adoptRemotesConfig(request.remotes, request.internalOrigin);
      watcher = new RemoteManifestWatcher({
        ttlMs: request.manifestTtlMs,
        timeoutMs: request.dataTimeoutMs,
        onChange: (remoteName) => request.log('info', `Remote ${remoteName} has a new deployment; the server renders it from now on`, { remoteName }),
      });
    }
  }
  if (request.serverRemotes) {
    manifestUrls = request.serverRemotes.manifestUrls;
    verifiedContainerOf = request.serverRemotes.containerOf;
    for (const remoteName of adoptVerifiedServerRemotes(request.serverRemotes.releases)) {
      // the components rendered from the old bundle are forgotten with it
      forgetServerRemote(remoteName);
      const release = request.serverRemotes.releases[remoteName];
      request.log('info', `Remote ${remoteName} serves release ${release?.version ?? 'none'}; the server renders it from now on`, { remoteName, version: release?.version ?? null });
    }
  }
  return watcher;
}

function isPageHead(value: Partial<PageHead> | null): value is PageHead {
  return (
    !!value &&
    (value.status === 200 || value.status === 404) &&
    typeof value.title === 'string' &&
    typeof value.description === 'string' &&
    typeof value.openGraph === 'object' &&
    Array.isArray(value.jsonLd)
  );
}

/**
 * The route's head from the page table (404 for what the site does not have), through the page data
 * store: the browser's DocumentHead then finds it there instead of asking again.
 */
async function loadHead(request: PageRenderRequest, store: PageDataStore, pathname: string): Promise<PageHead> {
  const entry = await store.load(pageHeadUrl(pathname));
  const head = entry.data as Partial<PageHead> | null;
  if (isPageHead(head)) return head;
  request.log('warn', `The content service gave no usable head for ${pathname}: ${entry.error ?? `HTTP ${entry.httpStatus}`}`);
  return fallbackHead(pathname);
}

/**
 * Styles, scripts and manifests of the route's remote module and of every module rendered so far
 * (blocks too), each once (a stylesheet once per content: see stylesheetKey).
 */
function moduleAssets(request: PageRenderRequest, moduleIds: Iterable<string>, manifests: RemoteManifestWatcher): RouteAssets {
  const all: RouteAssets = { stylesheets: [], scripts: [], manifests: [] };
  const styleKeys = new Set<string>();
  for (const moduleId of moduleIds) {
    const remoteName = remoteNameOf(moduleId);
    const manifestUrl = request.remotes[remoteName];
    if (!manifestUrl) continue;
    const assets = assetsForModule(moduleId, manifestUrl, manifests.manifestOf<RemoteManifest>(remoteName));
    for (const url of assets.stylesheets) {
      if (styleKeys.has(stylesheetKey(url))) continue;
      styleKeys.add(stylesheetKey(url));
      all.stylesheets.push(url);
    }
    for (const key of ['scripts', 'manifests'] as const) {
      for (const url of assets[key]) if (!all[key].includes(url)) all[key].push(url);
    }
  }
  return all;
}

/**
 * Forwards React's stream to the response and closes the document after it: the page data (written
 * once, after everything that used it), then the rest of the template. `flush` pushes each part
 * through compression at once, so the header reaches the browser before slow areas finish.
 */
class PageWriter extends Writable {
  constructor(
    private readonly response: ServerResponse & { flush?: () => void },
    private readonly closing: () => string,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.response.write(chunk)) done();
    else this.response.once('drain', () => done());
  }

  override _final(done: (error?: Error | null) => void): void {
    this.response.end(this.closing());
    done();
  }

  flush(): void {
    this.response.flush?.();
  }
}

/** Renders one page: status and head, the app (whole, or streamed when slow), the data last. */
export async function renderPage(request: PageRenderRequest, response: ServerResponse & { flush?: () => void }): Promise<void> {
  const manifests = manifestWatcher(request);
  const { pathname } = new URL(request.url, 'http://page.local');
  const store = new PageDataStore({ mode: 'server', fetch: request.fetchApi, timeoutMs: request.dataTimeoutMs });

  // In parallel: the head, every manifest (a new deployment is noticed now), and the site data the
  // shop's header and footer need (not on a route that draws none of the shop's chrome: the back office).
  const shopChrome = routeChromeFor(pathname) === 'shop';
  const [head] = await Promise.all([loadHead(request, store, pathname), manifests.revalidate(), shopChrome ? store.load(SITE_DATA_URL) : undefined]);

  const rendered = new Set<string>();
  const template = splitTemplate(request.template);
  const routeModule = routeModuleFor(pathname);
  const pageModules = () => [...(routeModule ? [routeModule] : []), ...rendered];
  // Written when the body starts: by then the modules the page rendered (its blocks) are known too.
  const top = () =>
    `${template.head}${earlyEventsTag(request.nonce, escapeHtml)}${headTags(head)}${stylesheetTags(moduleAssets(request, pageModules(), manifests).stylesheets)}${template.body}`;

  const closing = () => {
    const bootstrap: PageBootstrap = { data: store.snapshot(), remoteModules: [...rendered], remotes: request.remotes };
    const assets = moduleAssets(request, pageModules(), manifests);
    return (
      `</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${toScriptJson(bootstrap)}</script>` +
      deferredScriptsLoader(request.nonce, template.entries, assets) +
      template.end.slice('</div>'.length)
    );
  };

  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={request.url}>{children}</StaticRouter>;

  await new Promise<void>((resolve) => {
    let streamTimer: NodeJS.Timeout | undefined;
    let bodyStarted = false;
    const writer = new PageWriter(response, closing);
    let shellReady = false;
    const startBody = () => {
      clearTimeout(streamTimer);
      if (bodyStarted || !shellReady) return;
      bodyStarted = true;
      response.statusCode = head.status;
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Cache-Control', cacheControlFor(request.url));
      response.write(top());
      stream.pipe(writer);
    };
    writer.on('finish', () => {
      clearTimeout(timer);
      resolve();
    });
    const stream = renderToPipeableStream(
      <RequestCookiesContext.Provider value={parseCookieHeader(request.cookieHeader)}>
        <RenderedRemotesContext.Provider value={rendered}>
          <Root store={store} router={router} />
        </RenderedRemotesContext.Provider>
      </RequestCookiesContext.Provider>,
      {
        nonce: request.nonce,
        // An area that is complete when the body starts goes out in place, whatever its size (React would
        // otherwise move large areas behind a script that reveals them): the HTML shows without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellReady = true;
          // A page whose areas are ready within the budget goes out whole and in order (complete without
          // any script, every stylesheet in its head); a slower one streams: chrome first, slow areas as
          // they resolve.
          streamTimer = setTimeout(startBody, request.streamAfterMs);
        },
        onAllReady() {
          startBody();
        },
        onShellError(error) {
          // The page chrome itself failed: the browser renders the page on its own.
          clearTimeout(timer);
          clearTimeout(streamTimer);
          request.log('error', `Server rendering failed for ${request.url}: ${(error as Error).message}`);
          response.statusCode = 200;
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.setHeader('Cache-Control', 'no-store');
          response.end(`${template.head}${earlyEventsTag(request.nonce, escapeHtml)}${headTags(head)}${template.body}${template.end.replace('</body>', `${deferredScriptsLoader(request.nonce, template.entries, { scripts: [], manifests: [] })}</body>`)}`);
          resolve();
        },
        onError(error) {
          // An area that failed on the server (a remote that did not load or threw): its Suspense
          // fallback is in the HTML and the browser renders it instead.
          request.log('warn', `An area of ${request.url} is left to the browser: ${(error as Error)?.message ?? String(error)}`);
        },
      },
    );
    const timer = setTimeout(() => stream.abort(new Error(`rendering took longer than ${request.renderTimeoutMs} ms`)), request.renderTimeoutMs);
    response.on('close', () => {
      if (!response.writableFinished) stream.abort(new Error('the browser went away'));
    });
  });
}

/** The static part of a path with parameters: '/order/view/:orderId' -> '/order/view/'. */
const staticPrefix = (path: string) => path.slice(0, path.indexOf(':'));

/**
 * Pages drawn for one visitor: the account's pages (sign-in and password pages, My
 * Account and everything under it), the order and quote view pages, which show an owner's order
 * without a token, and the whole staff back office (/admin and everything under it: customers'
 * orders, quotes and submissions, drawn for one member of staff). Matched as the router matches:
 * static segments in any case, a trailing slash or repeated slashes ignored.
 */
const PER_VISITOR_PAGES = [ACCOUNT_PATHS.login, ACCOUNT_PATHS.forgotPassword, ACCOUNT_PATHS.resetPassword, ACCOUNT_PATHS.myAccount, ADMIN_PATHS.home];
const PER_VISITOR_PREFIXES = [staticPrefix(ORDER_VIEW_PATH), staticPrefix(QUOTE_VIEW_PATH)];

function isPerVisitorPage(pathname: string): boolean {
  const path = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1').toLowerCase();
  return PER_VISITOR_PAGES.some((page) => path === page || path.startsWith(`${page}/`)) || PER_VISITOR_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * A page reached with a proof in its address (an order's view token, ?token=, a password reset
 * link) or drawn for one visitor (isPerVisitorPage) may carry that customer's data in its HTML and
 * page data: no cache may keep it. Every other page is the same for every visitor and may be stored
 * and revalidated (the header's account link is drawn after hydration, so it does not make a page
 * per-visitor).
 */
export function cacheControlFor(url: string): string {
  // split by hand: URL() would read a path starting with '//' as a host
  const [pathname = '', query = ''] = url.split('#', 1)[0]!.split(/\?(.*)/s);
  return new URLSearchParams(query).has('token') || isPerVisitorPage(pathname) ? 'private, no-store' : 'no-cache';
}
