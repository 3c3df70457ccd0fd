import { ADMIN_PATHS } from '@storefront/contracts';
import { AlertsProvider, Link, NavLink, PageContainer } from '@storefront/ui';
import type { ReactNode } from 'react';
import './backoffice.css';

/** The back office's sections, in the order staff use them. */
export const BACKOFFICE_NAV: readonly { label: string; to: string }[] = [
  { label: 'Dashboard', to: ADMIN_PATHS.home },
  { label: 'Orders', to: ADMIN_PATHS.orders },
  { label: 'Quotes', to: ADMIN_PATHS.quotes },
  { label: 'Form submissions', to: ADMIN_PATHS.submissions },
  { label: 'Operations', to: ADMIN_PATHS.operations },
  { label: 'Audit log', to: ADMIN_PATHS.audit },
  { label: 'Staff', to: ADMIN_PATHS.staff },
  { label: 'My account', to: ADMIN_PATHS.account },
];

export interface BackofficeFrameProps {
  /** the page's h1 */
  title: string;
  /** false on the screens before sign-in (sign-in, first setup): no sections to go to yet */
  nav?: boolean;
  children: ReactNode;
}

/**
 * Every back-office screen's frame. The shell draws none of the shop's chrome around /admin (no
 * header, footer, cookie banner, popups or search: route-table.tsx, `chrome: 'none'`), so the frame
 * draws the page's landmarks itself: a banner header, the back office's nav and the `<main
 * id="main-content">` the shell's skip link points at, with the page's h1. It also holds the back
 * office's own alerts (the shop's alerts host is not on these pages).
 */
export function BackofficeFrame({ title, nav = true, children }: BackofficeFrameProps) {
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
          </div>
        </header>
        {nav && (
          <nav aria-label="Back office" className="bo-nav">
            <ul className="bo-nav__list">
              {BACKOFFICE_NAV.map((item) => (
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
