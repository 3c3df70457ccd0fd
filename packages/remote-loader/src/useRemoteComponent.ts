import { createContext, use, useContext, useEffect, useState, type ComponentType } from 'react';
import { remoteNameOf } from './remote-loader.js';
import { loadOnServer } from './server-remotes.js';

/** How a component is fetched: `loadRemoteComponent` in the apps, a fake remote in unit tests. */
export type RemoteComponentLoad<P> = (moduleId: string) => Promise<ComponentType<P>>;

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'error' };

/**
 * While the server renders a page it collects the remote modules rendered, so the browser can load
 * exactly those before it hydrates (and hydration finds the same components the server used).
 */
export const RenderedRemotesContext = createContext<Set<string> | null>(null);

// Components already loaded, per load function: navigating back to a page (or a block shown again)
// renders at once instead of flashing a loading state. Keyed by the function so a test's fake remote
// never sees the real one's modules.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one cache serves loaders of any props
const loadedComponents = new WeakMap<RemoteComponentLoad<any>, Map<string, ComponentType<any>>>();

function cacheOf<P>(load: RemoteComponentLoad<P>): Map<string, ComponentType<P>> {
  let cache = loadedComponents.get(load);
  if (!cache) loadedComponents.set(load, (cache = new Map()));
  return cache;
}

/** Drops what `load` has cached for one remote, so a Retry fetches its modules again. */
export function forgetRemote<P>(load: RemoteComponentLoad<P>, remoteName: string): void {
  const cache = cacheOf(load);
  for (const moduleId of cache.keys()) if (remoteNameOf(moduleId) === remoteName) cache.delete(moduleId);
}

/**
 * Loads a module into the cache before the first render: the browser does this for every module the
 * server rendered, so hydration renders them at once. Resolves false when it could not be loaded
 * (that area then renders in the browser, with its own loading and Retry states).
 */
export async function preloadRemoteComponent<P>(moduleId: string, load: RemoteComponentLoad<P>): Promise<boolean> {
  try {
    cacheOf(load).set(moduleId, await load(moduleId));
    return true;
  } catch (error) {
    console.warn(`Remote ${moduleId} could not be loaded before hydration`, error);
    return false;
  }
}

interface Settled<P> {
  load: RemoteComponentLoad<P>;
  moduleId: string;
  attempt: number;
  state: RemoteComponentState<P>;
}

/**
 * Loads `mf_x/Module` through `load` and reports loading / ready (with the component) / error. A
 * cached component is ready on the first render. A load that finishes after the module, the loader
 * or `attempt` changed (or after unmount) is ignored, so a slow old answer never replaces a newer
 * one. Bump `attempt` to load again (after `forgetRemote`, for a Retry).
 *
 * On the server the render waits for the module (Suspense). A module that fails to load there throws
 * to the nearest Suspense boundary, whose fallback (the loading state) goes into the HTML, and the
 * browser renders that area itself, as it does without server rendering.
 */
export function useRemoteComponent<P = object>(
  moduleId: string,
  load: RemoteComponentLoad<P>,
  attempt = 0,
): RemoteComponentState<P> {
  const [settled, setSettled] = useState<Settled<P> | null>(null);
  const rendered = useContext(RenderedRemotesContext);

  useEffect(() => {
    let current = true;
    const settle = (state: RemoteComponentState<P>) => {
      if (current) setSettled({ load, moduleId, attempt, state });
    };
    const cache = cacheOf(load);
    const cached = cache.get(moduleId);
    // Another user of the module may have loaded it since this render looked at the cache.
    if (cached) {
      settle({ status: 'ready', Component: cached });
      return;
    }
    load(moduleId).then(
      (Component) => {
        cache.set(moduleId, Component);
        settle({ status: 'ready', Component });
      },
      (error: unknown) => {
        console.error(`Remote ${moduleId} could not be loaded`, error);
        settle({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, moduleId, attempt]);

  // What settled belongs to this very request only; for a new one, the cache answers or it is loading.
  const current: RemoteComponentState<P> =
    settled && settled.load === load && settled.moduleId === moduleId && settled.attempt === attempt
      ? settled.state
      : (() => {
          const cached = cacheOf(load).get(moduleId);
          return cached ? { status: 'ready', Component: cached } : { status: 'loading' };
        })();
  // runs when the area using this module commits with it (its Suspense boundary hydrated or rendered)
  const ready = current.status === 'ready';
  useEffect(() => {
    if (ready) markAreaCommitted(moduleId);
  }, [ready, moduleId]);

  if (rendered) {
    const Component = use(loadOnServer(moduleId, load));
    rendered.add(moduleId);
    return { status: 'ready', Component };
  }
  return current;
}

// --- which areas are live -----------------------------------------------------------------------

/** Modules whose area has committed in this browser (hydrated or rendered) at least once. */
const committedAreas = new Set<string>();
const areaWaiters = new Set<() => void>();

function markAreaCommitted(moduleId: string): void {
  if (committedAreas.has(moduleId)) return;
  committedAreas.add(moduleId);
  for (const wake of [...areaWaiters]) wake();
}

/**
 * Resolves true once the area of every one of `moduleIds` has committed at least once (hydrated, or
 * rendered in the browser), false after `timeoutMs`. Each remote module renders inside its own
 * Suspense boundary (a page, a block), which may come alive after the rest of the page: what the
 * server rendered (the page bootstrap's `remoteModules`) is all live once this resolves. The shell
 * waits for it before replaying a press caught before hydration.
 */
export function areasCommitted(moduleIds: readonly string[], timeoutMs: number): Promise<boolean> {
  const done = () => moduleIds.every((moduleId) => committedAreas.has(moduleId));
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (value: boolean) => {
      areaWaiters.delete(check);
      clearTimeout(timer);
      resolve(value);
    };
    const check = () => {
      if (done()) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    areaWaiters.add(check);
  });
}
