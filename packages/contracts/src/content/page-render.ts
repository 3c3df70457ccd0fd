import type { ServerResponse } from 'node:http';

/**
 * The contract between the gateway and the shell's server build (shell/dist/server/server.js): the
 * gateway owns HTTP (routing, CSP nonce, upstream calls, timeouts); the shell owns what a page is.
 */
export interface PageRenderRequest {
  /** path and query as the shopper asked, e.g. `/products/.../ssw?type=color&value=white` */
  url: string;
  /** the request's Cookie header ('' when none): screens may read layout hints such as the cart count */
  cookieHeader: string;
  /** the shell's built index.html (scripts and styles linked; an empty `<div id="root">`) */
  template: string;
  /** this response's CSP nonce, for React's inline streaming scripts */
  nonce: string;
  /** GETs an `/api/...` URL from the owning service directly (no second trip through the gateway) */
  fetchApi(url: string, init: { signal: AbortSignal; headers: Record<string, string> }): Promise<Response>;
  /** remote name -> manifest URL, exactly what /config/remotes.json tells the browser */
  remotes: Record<string, string>;
  /**
   * With a remotes registry: the server bundles the renderer may run, each downloaded and checked
   * against its sha384 by the gateway; the renderer never loads a remote's server code from the
   * network. Undefined in development: server builds load over `remotes`' URLs (the gateway's own).
   */
  serverRemotes?: {
    /** remote name -> the release serving (`release` changes with each new bundle), null while none is verified */
    releases: Record<string, { version: string; release: string; entry: string } | null>;
    /** the remote's verified container (its remoteEntry.js, loaded from the gateway's cache) */
    containerOf(remoteName: string): unknown;
    /**
     * remote name -> where the server reads the serving release's browser manifest (absolute), for
     * the page's stylesheets and preloads: a site path is asked of the remote's own server (the
     * server bundle's origin), which the gateway reaches inside the cluster with no edge in between.
     */
    manifestUrls: Record<string, string>;
  };
  /** where the server itself reaches relative manifest URLs (the gateway's own address) */
  internalOrigin: string;
  /** bound on each data call made while rendering */
  dataTimeoutMs: number;
  /** bound on the whole render: what is still pending then is left to the browser */
  renderTimeoutMs: number;
  /** how long the body waits for every area before streaming the ready part first */
  streamAfterMs: number;
  /** how often a remote's manifest is checked for a new deployment, at most */
  manifestTtlMs: number;
  /** structured logging for render problems (a remote that failed, a render error) */
  log(level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
}

export type RenderPage = (request: PageRenderRequest, response: ServerResponse) => Promise<void>;

/** What the shell's server build exports. */
export interface ShellServerModule {
  renderPage: RenderPage;
}
