import { adoptRemotesConfig, loadRemoteComponent, loadRemotesConfig, preloadRemoteComponent } from '@storefront/remote-loader';
import { PageDataStore, readPageBootstrap } from '@storefront/ui';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  // What the server rendered with: its data (not fetched again), its remotes config and modules.
  const bootstrap = readPageBootstrap(document);
  const store = new PageDataStore({ mode: 'browser', fetch: (...args) => fetch(...args), initial: bootstrap.data });
  if (Object.keys(bootstrap.remotes).length > 0) {
    void adoptRemotesConfig(bootstrap.remotes);
  } else {
    // A page the server did not render: fetch the config; remote areas wait for it, the chrome does not.
    loadRemotesConfig().catch((error: unknown) => console.error('Could not load /config/remotes.json', error));
  }
  // The modules the server rendered must be in hand before hydrating, or those areas would not match.
  // One that fails here is rendered by the browser instead (loading, then Retry).
  await Promise.all(bootstrap.remoteModules.map((moduleId) => preloadRemoteComponent(moduleId, loadRemoteComponent)));

  const app = (
    <StrictMode>
      <Root store={store} router={BrowserRouter} />
    </StrictMode>
  );
  if (rootElement.firstElementChild) {
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a default-priority hydration is one long task);
    // a press on a part not yet hydrated makes React hydrate that part first, synchronously.
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        // An area that could not be hydrated (its remote did not load here) is rendered afresh: expected
        // when a remote is unreachable, so it is a warning, not an error.
        onRecoverableError: (error) => console.warn('Part of the page was rendered again in the browser:', error),
      });
    });
  } else {
    createRoot(rootElement).render(app);
  }
}

void start();
