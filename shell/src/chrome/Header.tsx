import { Button, Skeleton, useDeviceClass } from '@storefront/ui';
import { Link } from 'react-router-dom';
import { CartLink } from './CartLink';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';
import { itemsForDevice, useSiteData } from './site-data';

/**
 * Logo, navigation and cart. The menus come from the content service; while they load the header
 * keeps its height, and if they fail the logo and cart still work with a small Retry.
 */
export function Header() {
  const siteData = useSiteData();
  const device = useDeviceClass();
  const site = siteData.data?.site;
  const items = siteData.data ? itemsForDevice(siteData.data.menus.header, device) : [];

  return (
    <header className="shell-header">
      <div className="sf-container shell-header__bar">
        <Link to="/" className="shell-logo">
          {siteData.status === 'loading' ? <Skeleton width="10rem" height="1.5rem" /> : (site?.name ?? 'Home')}
          {siteData.status === 'loading' && <span className="sf-visually-hidden">Home</span>}
        </Link>
        {siteData.status === 'ready' && device === 'desktop' && <DesktopMenu items={items} />}
        {siteData.status === 'error' && (
          <p className="shell-header__problem" role="status">
            The menu could not be loaded.{' '}
            <Button variant="link" onClick={siteData.reload}>
              Retry
            </Button>
          </p>
        )}
        <div className="shell-header__actions">
          <CartLink />
          {siteData.status === 'ready' && device !== 'desktop' && <MobileMenu items={items} />}
        </div>
      </div>
    </header>
  );
}
