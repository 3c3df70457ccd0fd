import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiUnreachableError, SERVER_UNREACHABLE_MESSAGE, statusMessage, type ApiAnswer, type ApiError } from '@storefront/contracts';

/**
 * Per-visitor data (a customer's account, an owner's order, everything in the staff back office) is
 * never page data: the server renders without the visitor's cookies, so it draws the loading state,
 * and the browser asks after hydration with `call()` (same-origin cookies). `useBrowserCall` is that:
 * 'loading' on the server and on the first browser render (hydration matches), then the answer.
 * Shared by mf-checkout's account screens and mf-backoffice.
 */
export type BrowserCallState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** httpStatus undefined: no answer at all (network, timeout) */
  | { status: 'failed'; httpStatus: number | undefined; message: string; error?: ApiError };

export type BrowserCall<T> = BrowserCallState<T> & {
  /** asks again, showing the loading state (Retry) */
  reload(): void;
  /** asks again behind the current data (a list refreshed after a change) */
  refresh(): void;
  /** changes the data in hand (a deleted row leaves the list) */
  update(change: (data: T) => T): void;
};

export interface BrowserCallOptions {
  /** ask again when this window event fires (e.g. a sign-in or sign-out in this tab) */
  refreshOnEvent?: string;
}

/** The failure of an answer (or of no answer) in the words the page shows. */
export function failureOf(answer: { status: number; error: ApiError }): Extract<BrowserCallState<never>, { status: 'failed' }> {
  return { status: 'failed', httpStatus: answer.status, message: answer.error.message ?? statusMessage(answer.status), error: answer.error };
}

export function unreachable(error: unknown): Extract<BrowserCallState<never>, { status: 'failed' }> {
  const message = error instanceof ApiUnreachableError ? error.message : SERVER_UNREACHABLE_MESSAGE;
  return { status: 'failed', httpStatus: undefined, message };
}

/**
 * Calls `request` in the browser after render (never on the server), again when `key` changes, on
 * reload/refresh and, if asked, when a window event fires. `request` null: nothing to ask ('idle').
 */
export function useBrowserCall<T>(
  request: ((signal: AbortSignal) => Promise<ApiAnswer<T>>) | null,
  key: string,
  options: BrowserCallOptions = {},
): BrowserCall<T> {
  const enabled = request !== null;
  const [state, setState] = useState<BrowserCallState<T>>(enabled ? { status: 'loading' } : { status: 'idle' });
  const [round, setRound] = useState({ count: 0, quiet: false });
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    const ask = requestRef.current;
    if (!ask) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    if (!round.quiet) setState({ status: 'loading' });
    ask(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) setState({ status: 'ready', data: answer.data });
        // a quiet refresh that failed keeps what is on screen
        else if (!round.quiet) setState(failureOf(answer));
      },
      (error: unknown) => {
        if (controller.signal.aborted || round.quiet) return;
        setState(unreachable(error));
      },
    );
    return () => controller.abort();
  }, [key, enabled, round]);

  const reload = useCallback(() => setRound((previous) => ({ count: previous.count + 1, quiet: false })), []);
  const refresh = useCallback(() => setRound((previous) => ({ count: previous.count + 1, quiet: true })), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous));
  }, []);

  const { refreshOnEvent } = options;
  useEffect(() => {
    if (!refreshOnEvent || !enabled) return;
    window.addEventListener(refreshOnEvent, reload);
    return () => window.removeEventListener(refreshOnEvent, reload);
  }, [refreshOnEvent, enabled, reload]);

  return { ...state, reload, refresh, update };
}
