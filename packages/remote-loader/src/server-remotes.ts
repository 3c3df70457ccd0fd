import type { ComponentType } from 'react';
import { loadRemotesConfig, refreshRemote, remoteNameOf } from './remote-loader.js';

/**
 * Server-side loading of remote components. The server is one long-lived process rendering many
 * pages, so loaded components are cached for the process; a failure is remembered briefly (a remote
 * that is down costs one timeout per `FAILURE_MEMORY_MS`, not one per page) and then tried again.
 */

export const SERVER_LOAD_TIMEOUT_MS = 3000;
const FAILURE_MEMORY_MS = 5000;

interface CachedLoad {
  promise: Promise<ComponentType<never>>;
  failedAt?: number;
}

const serverLoads = new Map<string, CachedLoad>();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The (cached) server load of `moduleId`; the same promise object while it is valid, as `use` needs. */
export function loadOnServer<P>(moduleId: string, load: (id: string) => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const cached = serverLoads.get(moduleId);
  if (cached && (cached.failedAt === undefined || Date.now() - cached.failedAt < FAILURE_MEMORY_MS)) {
    return cached.promise as Promise<ComponentType<P>>;
  }
  const entry: CachedLoad = { promise: withTimeout(load(moduleId), SERVER_LOAD_TIMEOUT_MS, moduleId) as Promise<ComponentType<never>> };
  entry.promise.catch(() => {
    entry.failedAt = Date.now();
  });
  serverLoads.set(moduleId, entry);
  return entry.promise as Promise<ComponentType<P>>;
}

/** Forgets a remote's server-loaded components (its manifest changed: a new build is deployed). */
export function forgetServerRemote(remoteName: string): void {
  for (const moduleId of serverLoads.keys()) if (remoteNameOf(moduleId) === remoteName) serverLoads.delete(moduleId);
}

export interface ManifestWatcherOptions {
  /** A manifest checked less than this long ago is not asked again (bounds the cost under load). */
  ttlMs: number;
  timeoutMs: number;
  fetch?: typeof fetch;
  onChange?: (remoteName: string) => void;
  /**
   * The manifest URLs to watch, when the server does not load remotes through them (registry mode:
   * they only give the page's stylesheets and preloads, and a change reloads nothing). Default: the
   * registered remotes, whose change means a redeployment to load.
   */
  manifestUrls?: () => Record<string, string>;
}

interface ManifestState {
  checkedAt: number;
  url?: string;
  validator?: string;
  body?: string;
  parsed?: unknown;
}

/**
 * Revalidates each remote's manifest (conditional GET). When one changes, the remote was redeployed:
 * the federation runtime and the component cache forget it, so the next render loads the new server
 * build. The browser gets the new manifest on its own (it is served no-cache).
 */
export class RemoteManifestWatcher {
  private readonly states = new Map<string, ManifestState>();
  private inFlight: Promise<void> | null = null;

  constructor(private readonly options: ManifestWatcherOptions) {}

  /** The manifest last read for a remote (parsed), e.g. to preload a route's assets. */
  manifestOf<T>(remoteName: string): T | undefined {
    const state = this.states.get(remoteName);
    if (!state?.body) return undefined;
    if (state.parsed === undefined) {
      try {
        state.parsed = JSON.parse(state.body) as unknown;
      } catch {
        state.parsed = null;
      }
    }
    return (state.parsed ?? undefined) as T | undefined;
  }

  /** Checks every manifest not checked within the TTL; resolves when done (never rejects). */
  revalidate(): Promise<void> {
    this.inFlight ??= this.checkAll().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async checkAll(): Promise<void> {
    let urls: Record<string, string>;
    try {
      urls = this.options.manifestUrls ? this.options.manifestUrls() : await loadRemotesConfig();
    } catch {
      return;
    }
    await Promise.all(Object.entries(urls).map(([name, url]) => this.check(name, url)));
  }

  private async check(remoteName: string, url: string): Promise<void> {
    const known = this.states.get(remoteName);
    // another URL (the registry moved the remote): nothing known of it, not even its validator
    const before = known?.url === undefined || known.url === url ? known : undefined;
    const now = Date.now();
    if (before && now - before.checkedAt < this.options.ttlMs) return;
    const fetchImpl = this.options.fetch ?? fetch;
    try {
      const response = await fetchImpl(url, {
        headers: before?.validator ? { 'If-None-Match': before.validator } : {},
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (response.status === 304 && before) {
        this.states.set(remoteName, { ...before, checkedAt: now });
        return;
      }
      if (!response.ok) {
        this.states.set(remoteName, { ...before, url, checkedAt: now });
        return;
      }
      const body = await response.text();
      this.states.set(remoteName, { checkedAt: now, url, validator: response.headers.get('etag') ?? undefined, body });
      if (this.options.manifestUrls) return;
      if (before?.body !== undefined && before.body !== body) {
        forgetServerRemote(remoteName);
        await refreshRemote(remoteName);
        this.options.onChange?.(remoteName);
      }
    } catch {
      // unreachable now: rendering falls back to the browser for this remote; check again after the TTL
      this.states.set(remoteName, { ...before, url, checkedAt: now });
    }
  }
}
