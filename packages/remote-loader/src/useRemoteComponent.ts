import { useEffect, useState, type ComponentType } from 'react';
import { remoteNameOf } from './remote-loader.js';

/** How a component is fetched: `loadRemoteComponent` in the apps, a fake remote in unit tests. */
export type RemoteComponentLoad<P> = (moduleId: string) => Promise<ComponentType<P>>;

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'error' };

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
 */
export function useRemoteComponent<P = object>(
  moduleId: string,
  load: RemoteComponentLoad<P>,
  attempt = 0,
): RemoteComponentState<P> {
  const [settled, setSettled] = useState<Settled<P> | null>(null);

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
  if (settled && settled.load === load && settled.moduleId === moduleId && settled.attempt === attempt) {
    return settled.state;
  }
  const cached = cacheOf(load).get(moduleId);
  return cached ? { status: 'ready', Component: cached } : { status: 'loading' };
}
