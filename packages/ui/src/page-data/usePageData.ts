import { createContext, use, useCallback, useContext, useEffect, useState } from 'react';
import { PageDataStore, type PageDataEntry, type PageDataStatus } from './page-data-store.js';

export type JsonStatus = 'loading' | PageDataStatus;

export interface JsonResult<T> {
  status: JsonStatus;
  data?: T;
  error?: string;
  /** the API's errorType, when it named why */
  errorType?: string;
  httpStatus?: number;
  /** Fetch again (a Retry button). */
  reload(): void;
}

/**
 * The page's data store: the shell provides one per page render on the server and one for the browser
 * (seeded from the server's snapshot). The UI kit is a shared singleton, so every remote reads the
 * shell's store through this context.
 */
export const PageDataContext = createContext<PageDataStore | null>(null);

const browserFetch: typeof fetch = (...args) => fetch(...args);

/** Outside a provider (a unit test rendering one screen) each component keeps a browser store of its own. */
function useStore(): PageDataStore {
  const provided = useContext(PageDataContext);
  const [own] = useState(() => provided ?? new PageDataStore({ mode: 'browser', fetch: browserFetch }));
  return provided ?? own;
}

/**
 * The JSON at `url` (nothing while `url` is null) as loading / ready / not-found / error. On the server
 * the render waits for the answer, so the first HTML has the content; in the browser an answer the
 * server already had is there on the first render (hydration matches, no second request), and any
 * other is fetched after render.
 */
export function usePageData<T>(url: string | null): JsonResult<T> {
  const store = useStore();
  // Bumped when an answer arrives or Retry drops one, so the component reads the store again.
  const [version, setVersion] = useState(0);

  let entry: PageDataEntry<T> | undefined;
  if (url !== null && store.mode === 'server') {
    // `use` suspends this render until the answer is in (the store never rejects). It is called on
    // every server render, settled or not: React matches `use` calls by their order when it replays a
    // suspended component, so skipping one for a settled URL would hand the next call this one's answer.
    entry = use(store.load(url)) as PageDataEntry<T>;
  } else if (url !== null) {
    entry = store.peek<T>(url);
  }

  useEffect(() => {
    if (url === null || store.peek(url)) return;
    let current = true;
    void store.load(url).then(() => {
      if (current) setVersion((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [url, store, version]);

  const reload = useCallback(() => {
    if (url === null) return;
    store.forget(url);
    setVersion((n) => n + 1);
  }, [url, store]);

  if (!entry) return { status: 'loading', reload };
  return { ...entry, reload };
}
