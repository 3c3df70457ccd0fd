import { Link } from 'react-router-dom';
import { useSession } from './session';

/**
 * Sign-in or account link (§2), only when the my-account flag is the string "true". While the
 * session is being worked out an empty panel of the same size holds the place, so nothing shifts.
 */
export function AccountLinks() {
  const session = useSession();
  if (session.status === 'loading') return <div className="shell-account shell-account--pending" aria-hidden="true" />;
  return (
    <div className="shell-account">
      {session.accessToken ? (
        <Link to="/my-account" className="shell-account__link">
          My Account
        </Link>
      ) : (
        <Link to="/login" className="shell-account__link">
          Log In
        </Link>
      )}
    </div>
  );
}
