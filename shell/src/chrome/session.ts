/** What the header knows about the shopper's session. */
export type SessionState = { status: 'loading' } | { status: 'ready'; accessToken: string | undefined };

/**
 * The seam for sessions, which come with a later issue: for now every visitor is a guest ("no
 * session"), so account links show Log In. Replace this body (e.g. with the session access token
 * from the request cookies) without touching the header.
 */
export function useSession(): SessionState {
  return { status: 'ready', accessToken: undefined };
}
