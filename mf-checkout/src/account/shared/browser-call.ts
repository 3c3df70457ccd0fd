import { ACCOUNT_PATHS, SESSION_CHANGED_EVENT } from '@storefront/contracts';
import { useBrowserCall as useKitBrowserCall, type BrowserCall, type BrowserCallState } from '@storefront/ui';

// the hook and its states are the UI kit's (shared with the back office); the account's own helpers stay here
export { failureOf, unreachable, type BrowserCall, type BrowserCallState } from '@storefront/ui';

/** useBrowserCall with the account's option: ask again when this tab signs in or out. */
export function useBrowserCall<T>(
  request: Parameters<typeof useKitBrowserCall<T>>[0],
  key: string,
  { refreshOnSessionChange = false }: { refreshOnSessionChange?: boolean } = {},
): BrowserCall<T> {
  return useKitBrowserCall(request, key, refreshOnSessionChange ? { refreshOnEvent: SESSION_CHANGED_EVENT } : {});
}

/** Tells the header (and any open account screen) that this tab signed in or out. */
export function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The sign-in page that comes back to `path` afterwards (`/login?returnTo=/my-account`). */
export function loginPathFor(path: string): string {
  return `${ACCOUNT_PATHS.login}?returnTo=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

/** 401: the visitor has no session (or it ended). */
export function needsSignIn(state: BrowserCallState<unknown>): boolean {
  return state.status === 'failed' && state.httpStatus === 401;
}
