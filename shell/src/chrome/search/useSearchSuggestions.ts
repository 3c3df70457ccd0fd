import { SEARCH_SUGGESTION_LIMIT, call, contentApi, isSearchableQuery, normaliseSearchQuery, type SearchResponse } from '@storefront/contracts';
import { useEffect, useState } from 'react';

/** How long typing must pause before the popup asks for suggestions. */
export const SUGGESTION_DEBOUNCE_MS = 200;

export type SuggestionsState =
  | { status: 'too-short'; query: string }
  | { status: 'loading'; query: string }
  | { status: 'ready'; query: string; response: SearchResponse }
  | { status: 'error'; query: string };

/**
 * The header's suggestions for what the shopper has typed: nothing under 3 characters; otherwise,
 * once typing pauses for SUGGESTION_DEBOUNCE_MS, GET /api/search with limit=6. A newer query aborts
 * the request of an older one, so a slow answer never replaces a fresh one. Browser-only (it runs
 * in effects), and not page data: it follows keystrokes, not the page's address.
 */
export function useSearchSuggestions(text: string, active: boolean): SuggestionsState & { retry(): void } {
  const query = normaliseSearchQuery(text);
  const searchable = isSearchableQuery(query);
  const [answer, setAnswer] = useState<(SuggestionsState & { attempt: number }) | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active || !searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(contentApi.search, { query: { query, limit: SEARCH_SUGGESTION_LIMIT }, signal: controller.signal })
        .then((answer) => {
          if (!answer.ok) throw new Error(`search answered ${answer.status}`);
          const body = answer.data as SearchResponse | undefined;
          if (!Array.isArray(body?.items)) throw new Error('search answered without items');
          if (!controller.signal.aborted) setAnswer({ status: 'ready', query, response: body, attempt });
        })
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ status: 'error', query, attempt });
        });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable, active, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (!searchable) return { status: 'too-short', query, retry };
  // an answer for another query or an earlier attempt (or none yet): the current one is on its way
  if (!answer || answer.query !== query || answer.attempt !== attempt) return { status: 'loading', query, retry };
  const { attempt: _attempt, ...state } = answer;
  return { ...state, retry };
}
