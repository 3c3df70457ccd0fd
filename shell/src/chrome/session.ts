import { CSRF_COOKIE, SESSION_CHANGED_EVENT, readCookie } from '@storefront/contracts';
import { useEffect, useState } from 'react';

/** What the header knows about the shopper's session. */
export type SessionState = { status: 'loading' } | { status: 'ready'; signedIn: boolean };

const LOADING: SessionState = { status: 'loading' };

/** The CSRF cookie is readable (the session cookie is httpOnly): its presence says a session exists. */
export function hasSessionCookie(cookies: string): boolean {
  return readCookie(cookies, CSRF_COOKIE) !== undefined;
}

/**
 * The shopper's session as the header draws it. The server's render and the first browser render
 * (hydration) answer `loading`, whoever asks: the server's HTML is the same for every visitor, so
 * pages stay cacheable, and hydration matches it. After hydration the CSRF cookie is read, and read
 * again when this tab signs in or out (SESSION_CHANGED_EVENT) or comes back into view (another tab
 * may have signed in or out meanwhile).
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>(LOADING);
  useEffect(() => {
    const read = () => {
      const signedIn = hasSessionCookie(document.cookie);
      setState((current) => (current.status === 'ready' && current.signedIn === signedIn ? current : { status: 'ready', signedIn }));
    };
    const readWhenVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    read();
    window.addEventListener(SESSION_CHANGED_EVENT, read);
    document.addEventListener('visibilitychange', readWhenVisible);
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, read);
      document.removeEventListener('visibilitychange', readWhenVisible);
    };
  }, []);
  return state;
}
