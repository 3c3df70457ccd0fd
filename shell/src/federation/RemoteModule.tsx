import { ErrorState, LoadingState, RenderErrorBoundary } from '@storefront/ui';
import { Suspense, createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import {
  forgetRemote,
  loadRemoteComponent,
  refreshRemote,
  remoteNameOf,
  useRemoteComponent,
} from '@storefront/remote-loader';

/** How remote components are fetched: Module Federation in the app, a fake remote in unit tests. */
export interface RemoteLoader {
  /** Called on its own (not as a method); loaded components are cached per `load` function. */
  load(moduleId: string): Promise<ComponentType>;
  /** Forget the remote so the next load fetches its manifest again. */
  refresh(remoteName: string): Promise<void>;
}

export const federationLoader: RemoteLoader = { load: loadRemoteComponent, refresh: refreshRemote };
export const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);

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

export interface RemoteModuleProps {
  /** `mf_content/ContentPage` */
  moduleId: string;
  /**
   * The remote draws the page's `<main id="main-content">` itself (a route without the shop's
   * chrome): while it is not on screen (loading, failed), the area's state is drawn in that main, so
   * the skip link still has its target and the page its landmark.
   */
  drawsOwnMain?: boolean;
  /** What is loading, for screen readers: "Loading page…" */
  loadingLabel?: string;
  resetKey?: string;
  /** Props for the remote's component (a popup's form gets its formName and onSuccess). */
  componentProps?: object;
}

/** The area's loading or failure state, inside the page's main where the remote would have drawn it. */
function AreaState({ drawsOwnMain, children }: { drawsOwnMain: boolean | undefined; children: ReactNode }) {
  if (!drawsOwnMain) return children;
  return (
    <main id="main-content" tabIndex={-1} className="shell-main">
      {children}
    </main>
  );
}

/**
 * Renders a remote's default-exported component. Loading shows a status; a remote that fails to load
 * or throws shows "This section could not be loaded." with a Retry that re-registers the remote
 * (fresh manifest fetch) and loads it again. A crash stays inside this area: the header, footer and
 * other areas keep working.
 */
export function RemoteModule(props: RemoteModuleProps) {
  const { moduleId, loadingLabel = 'Loading…' } = props;
  // On the server this boundary holds the area while its remote loads; a remote that cannot be loaded
  // or throws there leaves its loading state in the HTML, and the browser renders the area itself.
  const area = useRef<HTMLDivElement>(null);
  return (
    <div ref={area} className="shell-remote" data-remote={moduleId}>
      <Suspense
        fallback={
          <AreaState drawsOwnMain={props.drawsOwnMain}>
            <LoadingState label={loadingLabel} />
          </AreaState>
        }
      >
        <RemoteArea {...props} area={area} />
      </Suspense>
    </div>
  );
}

/**
 * Marks the area `data-live` once its remote's component has committed (hydrated or rendered): an
 * area inside a Suspense boundary can come alive after the rest of the page, and a press caught
 * before hydration waits for it (early-events/replay-early-events.ts).
 */
function useAreaLive(area: RefObject<HTMLDivElement | null>, live: boolean): void {
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    if (live) element.dataset['live'] = 'true';
    else delete element.dataset['live'];
  }, [area, live]);
}

function RemoteArea({ moduleId, loadingLabel = 'Loading…', resetKey = '', componentProps, drawsOwnMain, area }: RemoteModuleProps & { area: RefObject<HTMLDivElement | null> }) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  // While Retry re-registers the remote, the area shows it is loading again.
  const [refreshing, setRefreshing] = useState(false);
  const remote = useRemoteComponent(moduleId, loader.load, attempt);
  const state = refreshing ? ({ status: 'loading' } as const) : remote;
  useAreaLive(area, state.status === 'ready');

  const retry = useCallback(() => {
    const remoteName = remoteNameOf(moduleId);
    forgetRemote(loader.load, remoteName);
    setRefreshing(true);
    loader
      .refresh(remoteName)
      .catch((error: unknown) => console.error(`Remote ${remoteName} could not be re-registered`, error))
      .finally(() => {
        setRefreshing(false);
        setAttempt((n) => n + 1);
      });
  }, [loader, moduleId]);

  return (
    <>
      {state.status === 'loading' && (
        <AreaState drawsOwnMain={drawsOwnMain}>
          <LoadingState label={loadingLabel} />
        </AreaState>
      )}
      {state.status === 'error' && (
        <AreaState drawsOwnMain={drawsOwnMain}>
          <RemoteFailure onRetry={retry} />
        </AreaState>
      )}
      {state.status === 'ready' && (
        <RenderErrorBoundary
          resetKey={`${resetKey}#${attempt}`}
          onError={(error, info) => console.error(`Remote ${moduleId} failed while rendering`, error, info.componentStack)}
          fallback={(reset) => (
            <AreaState drawsOwnMain={drawsOwnMain}>
              <RemoteFailure
                onRetry={() => {
                  reset();
                  retry();
                }}
              />
            </AreaState>
          )}
        >
          <state.Component {...componentProps} />
        </RenderErrorBoundary>
      )}
    </>
  );
}
