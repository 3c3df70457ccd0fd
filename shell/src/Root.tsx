import { PageDataContext, type PageDataStore } from '@storefront/ui';
import type { ReactNode } from 'react';
import { App } from './App';

/**
 * The page as both sides render it: the server inside a StaticRouter, the browser inside a
 * BrowserRouter. Everything else is identical, which is what makes hydration match.
 */
export function Root({ store, router: Router }: { store: PageDataStore; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <PageDataContext.Provider value={store}>
      <Router>
        <App />
      </Router>
    </PageDataContext.Provider>
  );
}
