import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { ADMIN_PATHS, adminApi, call, roleAllows, type StaffMe, type StaffRole } from '@storefront/contracts';
import { ErrorState, Link, LoadingState, useBrowserCall, useLocation, useNavigate } from '@storefront/ui';
import { BackofficeFrame } from '../frame/BackofficeFrame.js';

const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (or API key) of a screen inside StaffScreen. */
export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff() outside <StaffScreen>');
  return me;
}

/** The sign-in page that comes back here afterwards. */
export function signInPathFor(path: string): string {
  return `${ADMIN_PATHS.signIn}?returnTo=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

/** A return path that stays in the back office (anything else comes back to the dashboard). */
export function backofficeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/admin') || value.startsWith('//')) return ADMIN_PATHS.home;
  return value;
}

export interface StaffScreenProps {
  /** the page's h1 */
  title: string;
  /** the least role the screen is for (the API refuses the rest anyway; this says so at once) */
  role?: StaffRole;
  children: ReactNode;
}

/**
 * Every signed-in screen: asks who is signed in (GET /api/admin/me, in the browser: staff data is
 * never in the server's HTML), shows the loading state meanwhile (what the server draws), sends a
 * visitor without a session to sign in and back, and hands the staff member to the screen.
 */
export function StaffScreen({ title, role = 'sales', children }: StaffScreenProps) {
  const me = useBrowserCall((signal) => call(adminApi.me, { signal }), 'me');
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const signedOut = me.status === 'failed' && me.httpStatus === 401;
  useEffect(() => {
    if (signedOut) navigate(signInPathFor(here), { replace: true });
  }, [signedOut, here, navigate]);

  if (signedOut) {
    return (
      <BackofficeFrame title={title} nav={false}>
        <p>
          Please <Link to={signInPathFor(here)}>sign in to the back office</Link>.
        </p>
      </BackofficeFrame>
    );
  }
  if (me.status === 'failed') {
    return (
      <BackofficeFrame title={title} nav={false}>
        <ErrorState title="The back office could not be reached" message={me.message} onRetry={me.reload} />
      </BackofficeFrame>
    );
  }
  if (me.status !== 'ready') {
    return (
      <BackofficeFrame title={title} nav={false}>
        <LoadingState label="Loading the back office…" />
      </BackofficeFrame>
    );
  }
  const staff = me.data.me;
  return (
    <StaffContext.Provider value={staff}>
      <BackofficeFrame title={title} staff={staff}>
        {roleAllows(staff.role, role) ? children : <p role="alert">Your role ({staff.role}) cannot open this page: it is for {role === 'manager' ? 'managers' : role}.</p>}
      </BackofficeFrame>
    </StaffContext.Provider>
  );
}
