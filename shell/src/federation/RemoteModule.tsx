import { ErrorState, LoadingState } from '@storefront/ui';
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadRemoteComponent, refreshRemote, remoteNameOf } from '@storefront/remote-loader';

/** How remote components are fetched: Module Federation in the app, a fake remote in unit tests. */
export interface RemoteLoader {
  load(moduleId: string): Promise<ComponentType>;
  /** Forget the remote so the next load fetches its manifest again. */
  refresh(remoteName: string): Promise<void>;
}

export const federationLoader: RemoteLoader = { load: loadRemoteComponent, refresh: refreshRemote };
export const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);

/** Components already loaded, per loader: navigating back to a page does not flash a spinner. */
const loadedComponents = new WeakMap<RemoteLoader, Map<string, ComponentType>>();
function cacheOf(loader: RemoteLoader): Map<string, ComponentType> {
  let cache = loadedComponents.get(loader);
  if (!cache) {
    cache = new Map();
    loadedComponents.set(loader, cache);
  }
  return cache;
}

export const REMOTE_FAILURE_TITLE = 'This section could not be loaded.';

function RemoteFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="sf-container">
      <ErrorState
        title={REMOTE_FAILURE_TITLE}
        message="Part of this page is unavailable right now. Check your connection and try again."
        onRetry={onRetry}
      />
    </div>
  );
}

interface BoundaryProps {
  moduleId: string;
  /** When it changes (e.g. the route), a caught error is forgotten. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote's crash inside its own area: the header, footer and other areas keep working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote ${this.props.moduleId} failed while rendering`, error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    return this.state.error ? <RemoteFailure onRetry={this.retry} /> : this.props.children;
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'error' };

export interface RemoteModuleProps {
  /** `mf_content/ContentPage` */
  moduleId: string;
  /** What is loading, for screen readers: "Loading page…" */
  loadingLabel?: string;
  resetKey?: string;
}

/**
 * Renders a remote's default-exported component. Loading shows a status; a remote that fails to load
 * or throws shows "This section could not be loaded." with a Retry that re-registers the remote
 * (fresh manifest fetch) and loads it again.
 */
export function RemoteModule({ moduleId, loadingLabel = 'Loading…', resetKey = '' }: RemoteModuleProps) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const cached = cacheOf(loader).get(moduleId);
    return cached ? { status: 'ready', Component: cached } : { status: 'loading' };
  });

  useEffect(() => {
    const cache = cacheOf(loader);
    const cached = cache.get(moduleId);
    if (cached) {
      setState({ status: 'ready', Component: cached });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loader.load(moduleId).then(
      (Loaded) => {
        cache.set(moduleId, Loaded);
        if (current) setState({ status: 'ready', Component: Loaded });
      },
      (error: unknown) => {
        console.error(`Remote ${moduleId} could not be loaded`, error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, moduleId, attempt]);

  const retry = useCallback(() => {
    const remoteName = remoteNameOf(moduleId);
    const cache = cacheOf(loader);
    for (const id of cache.keys()) if (remoteNameOf(id) === remoteName) cache.delete(id);
    setState({ status: 'loading' });
    loader
      .refresh(remoteName)
      .catch((error: unknown) => console.error(`Remote ${remoteName} could not be re-registered`, error))
      .finally(() => setAttempt((n) => n + 1));
  }, [loader, moduleId]);

  return (
    <div className="shell-remote" data-remote={moduleId}>
      {state.status === 'loading' && <LoadingState label={loadingLabel} />}
      {state.status === 'error' && <RemoteFailure onRetry={retry} />}
      {state.status === 'ready' && (
        <RemoteErrorBoundary moduleId={moduleId} resetKey={`${resetKey}#${attempt}`} onRetry={retry}>
          <state.Component />
        </RemoteErrorBoundary>
      )}
    </div>
  );
}
