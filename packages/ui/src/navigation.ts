/**
 * The router's links and hooks, for the remotes. The router itself is the shell's and is not a
 * federation singleton: a shared package is bundled whole (~50 KiB brotli for react-router), while
 * code that imports the few parts it uses gets only those. Remotes still need the shell's router
 * context, so they take these from the UI kit, which is a singleton: the copy the page runs is the
 * shell's, bound to the same react-router module as the shell's BrowserRouter. Lint keeps remotes
 * from importing react-router directly (their copy's context would be a different object).
 */
export { Link, NavLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
