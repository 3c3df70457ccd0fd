import { useCallback, useEffect, useState } from 'react';

export type JsonStatus = 'loading' | 'ready' | 'not-found' | 'error';

export interface JsonResult<T> {
  status: JsonStatus;
  data?: T;
  error?: string;
  httpStatus?: number;
  reload(): void;
}

interface JsonState<T> {
  status: JsonStatus;
  data?: T;
  error?: string;
  httpStatus?: number;
}

/** The API's own message (`{ message }`) when it sent one, else a plain description of the status. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (Array.isArray(body.message) && typeof body.message[0] === 'string') return body.message[0];
  } catch {
    // not JSON: fall through
  }
  return `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
}

/**
 * GETs JSON from `url` (nothing while `url` is null). 404 -> 'not-found'; network failures, other
 * error statuses and unreadable bodies -> 'error'. The request is aborted when the url changes or the
 * component unmounts, so a slow old answer never overwrites a newer one.
 */
export function useJson<T>(url: string | null): JsonResult<T> {
  const [state, setState] = useState<JsonState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });

    (async () => {
      let response: Response;
      try {
        response = await fetch(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
      } catch {
        if (!controller.signal.aborted) {
          setState({ status: 'error', error: 'Could not reach the server. Check your connection and try again.' });
        }
        return;
      }
      if (controller.signal.aborted) return;
      if (response.status === 404) {
        setState({ status: 'not-found', httpStatus: 404, error: await failureMessage(response) });
        return;
      }
      if (!response.ok) {
        setState({ status: 'error', httpStatus: response.status, error: await failureMessage(response) });
        return;
      }
      try {
        const data = (await response.json()) as T;
        if (!controller.signal.aborted) setState({ status: 'ready', data, httpStatus: response.status });
      } catch {
        if (!controller.signal.aborted) {
          setState({ status: 'error', httpStatus: response.status, error: 'The server sent an unreadable answer.' });
        }
      }
    })();

    return () => controller.abort();
  }, [url, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
