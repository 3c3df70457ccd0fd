import { ACCOUNT_PATHS } from '@storefront/contracts';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from './session';

/** Pages a sign-in should not return to: the sign-in and password pages and the registration form. */
const NO_RETURN_TO: readonly string[] = [ACCOUNT_PATHS.login, ACCOUNT_PATHS.register, ACCOUNT_PATHS.forgotPassword, ACCOUNT_PATHS.resetPassword];

/** /login, with `?returnTo=` the page the shopper is on (none from Home or an account sign-in page). */
export function loginHref(pathname: string, search: string): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '' || NO_RETURN_TO.includes(path)) return ACCOUNT_PATHS.login;
  return `${ACCOUNT_PATHS.login}?${new URLSearchParams({ returnTo: `${pathname}${search}` }).toString()}`;
}

function PersonIcon() {
  return (
    <svg className="shell-account__icon" aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

/**
 * Sign-in or account link (§2), only when the my-account flag is the string "true" (the header
 * decides). The server's HTML and the hydrating render draw an empty panel (the session is only
 * known in the browser, and the HTML stays the same for every visitor); after hydration the panel
 * holds Log In (no session) or My Account. All three are one box of fixed size (shell.css), so the
 * switch moves nothing (CLS 0).
 */
export function AccountLinks() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status === 'loading') return <div className="shell-account shell-account--pending" aria-hidden="true" />;
  const [to, text] = session.signedIn ? [ACCOUNT_PATHS.myAccount, 'My Account'] : [loginHref(pathname, search), 'Log In'];
  return (
    <div className="shell-account">
      <Link to={to} className="shell-account__link">
        <PersonIcon />
        <span className="shell-account__text">{text}</span>
      </Link>
    </div>
  );
}
