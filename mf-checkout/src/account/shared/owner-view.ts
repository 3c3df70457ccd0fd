import type { ApiAnswer } from '@storefront/contracts';
import { useBrowserCall } from './browser-call.js';

/** A view page's record as page data reads it (usePageData's states), whichever way it was asked. */
export interface OwnerViewResult<T> {
  status: 'idle' | 'loading' | 'ready' | 'not-found' | 'error';
  data?: T;
  error?: string;
  reload(): void;
}

/** What an owner's request without a working session gets: the same as an unknown record. */
const NOT_YOURS = new Set([401, 403, 404]);

/**
 * The order and quote view pages for the signed-in owner (a link without ?token=, e.g. from My
 * Orders): the session is the proof, and the server renders without cookies, so the record is not
 * page data. The server (and the hydrating render) draws the loading state; the browser asks after
 * hydration. 401/403/404 read like an unknown record, as they do for a wrong token.
 */
export function useOwnerView<T>(request: ((signal: AbortSignal) => Promise<ApiAnswer<T>>) | null, key: string): OwnerViewResult<T> {
  const answer = useBrowserCall(request, key);
  switch (answer.status) {
    case 'idle':
      return { status: 'idle', reload: answer.reload };
    case 'loading':
      return { status: 'loading', reload: answer.reload };
    case 'ready':
      return { status: 'ready', data: answer.data, reload: answer.reload };
    case 'failed':
      if (answer.httpStatus !== undefined && NOT_YOURS.has(answer.httpStatus)) return { status: 'not-found', reload: answer.reload };
      return { status: 'error', error: answer.message, reload: answer.reload };
  }
}
