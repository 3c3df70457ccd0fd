import { Button, Skeleton, useDeviceClass } from '@storefront/ui';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { AccountLinks } from './AccountLinks';
import { CartLink } from './CartLink';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';
import { HeaderSearch } from './search/HeaderSearch';
import { itemsForDevice, useSiteData } from './site-data';
import { useStickyHeader } from './sticky-header';

/** The spec compares the my-account flag with the string "true" (anything else hides the links). */
export const MY_ACCOUNT_FLAG = 'myAccount';

/**
 * Logo, navigation and cart. The menus come from the content service; while they load the header
 * keeps its height, and if they fail the logo and cart still work with a small Retry.
 */
export function Header() {
  const siteData = useSiteData();
  const device = useDeviceClass();
  const site = siteData.data?.site;
  const menu = siteData.data?.menus.header ?? [];
  // Both menus are in the HTML and CSS shows the one for the screen width, so the server's page is
  // right on a phone too and nothing moves when scripts arrive. The drawer's items follow the device
  // class once it is known (the server assumes a phone).
  const drawerDevice = device === 'desktop' ? 'mobile' : device;
  const headerRef = useRef<HTMLElement>(null);
  // Sticky positioning keeps the header's place in the page, so switching it on and off never moves
  // the content (no layout shift); it only decides whether the header follows the scroll.
  const sticky = useStickyHeader(headerRef);
  const accountLinks = site?.featureFlags[MY_ACCOUNT_FLAG] === 'true';

  return (
    <header ref={headerRef} className={`shell-header${sticky ? ' is-sticky' : ''}`}>
      <div className="sf-container shell-header__bar">
        <Link to="/" className="shell-logo">
          {siteData.status === 'loading' ? <Skeleton width="long" height="title" /> : (site?.name ?? 'Home')}
          {siteData.status === 'loading' && <span className="sf-visually-hidden">Home</span>}
        </Link>
        {siteData.status === 'ready' && <DesktopMenu items={itemsForDevice(menu, 'desktop')} />}
        {siteData.status === 'error' && (
          <p className="shell-header__problem" role="status">
            The menu could not be loaded.{' '}
            <Button variant="link" onClick={siteData.reload}>
              Retry
            </Button>
          </p>
        )}
        <div className="shell-header__actions">
          <HeaderSearch />
          {accountLinks && <AccountLinks />}
          <CartLink />
          {siteData.status === 'ready' && <MobileMenu items={itemsForDevice(menu, drawerDevice)} />}
        </div>
      </div>
    </header>
  );
}
