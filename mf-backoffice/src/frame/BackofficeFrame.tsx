import { ADMIN_PATHS, adminApi, call, roleAllows, type StaffMe, type StaffRole } from '@storefront/contracts';
import { AlertsProvider, Button, Link, NavLink, PageContainer, useNavigate } from '@storefront/ui';
import { useState, type ReactNode } from 'react';
import './backoffice.css';

/** The back office's sections, in the order staff use them, each with the least role it is for. */
export const BACKOFFICE_NAV: readonly { label: string; to: string; role: StaffRole }[] = [
  { label: 'Dashboard', to: ADMIN_PATHS.home, role: 'sales' },
  { label: 'Orders', to: ADMIN_PATHS.orders, role: 'sales' },
  { label: 'Quotes', to: ADMIN_PATHS.quotes, role: 'sales' },
  { label: 'Form submissions', to: ADMIN_PATHS.submissions, role: 'sales' },
  { label: 'Operations', to: ADMIN_PATHS.operations, role: 'manager' },
  { label: 'Audit log', to: ADMIN_PATHS.audit, role: 'manager' },
  { label: 'Staff', to: ADMIN_PATHS.staff, role: 'manager' },
  { label: 'My account', to: ADMIN_PATHS.account, role: 'sales' },
];

/** Signs this browser's staff session out and goes to the sign-in page. */
function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="bo-header__sign-out"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        void call(adminApi.signOut, {})
          .catch(() => undefined)
          .finally(() => navigate(ADMIN_PATHS.signIn, { replace: true }));
      }}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}

export interface BackofficeFrameProps {
  /** the page's h1 */
  title: string;
  /** false on the screens before sign-in (sign-in, first setup): no sections to go to yet */
  nav?: boolean;
  /** who is signed in: their name and role in the header, the sections their role opens, Sign out */
  staff?: StaffMe;
  children: ReactNode;
}

/**
 * Every back-office screen's frame. The shell draws none of the shop's chrome around /admin (no
 * header, footer, cookie banner, popups or search: route-table.tsx, `chrome: 'none'`), so the frame
 * draws the page's landmarks itself: a banner header, the back office's nav and the `<main
 * id="main-content">` the shell's skip link points at, with the page's h1. It also holds the back
 * office's own alerts (the shop's alerts host is not on these pages).
 */
export function BackofficeFrame({ title, nav = true, staff, children }: BackofficeFrameProps) {
  const sections = BACKOFFICE_NAV.filter((item) => !staff || roleAllows(staff.role, item.role));
  return (
    <AlertsProvider>
      <div className={`bo-frame${nav ? ' bo-frame--with-nav' : ''}`}>
        <header className="bo-header">
          <div className="bo-header__bar">
            <p className="bo-header__title">Back office</p>
            {/* a document load: the shop is drawn with its own chrome and data from the server */}
            <Link to="/" reloadDocument className="bo-header__site">
              View the site
            </Link>
            {staff && (
              <div className="bo-header__staff">
                <span>
                  {staff.name} <span className="bo-header__role">({staff.role})</span>
                </span>
                {staff.kind === 'staff' && <SignOutButton />}
              </div>
            )}
          </div>
        </header>
        {nav && (
          <nav aria-label="Back office" className="bo-nav">
            <ul className="bo-nav__list">
              {sections.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === ADMIN_PATHS.home} className="bo-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main-content" tabIndex={-1} className="bo-main">
          <PageContainer title={title}>{children}</PageContainer>
        </main>
      </div>
    </AlertsProvider>
  );
}

/** The short paragraph a screen shows until its real content is written. */
export function Placeholder({ children }: { children: ReactNode }) {
  return <p className="bo-placeholder">{children}</p>;
}
