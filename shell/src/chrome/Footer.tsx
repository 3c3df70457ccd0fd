import { Button, Skeleton } from '@storefront/ui';
import { Link } from 'react-router-dom';
import { useSiteData } from './site-data';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function Footer() {
  const siteData = useSiteData();

  if (siteData.status === 'loading') {
    return (
      <footer className="shell-footer" aria-busy="true">
        <div className="sf-container shell-footer__grid">
          {[0, 1, 2].map((column) => (
            <div key={column}>
              <Skeleton width="short" height="title" />
              <Skeleton width="long" />
              <Skeleton width="medium" />
            </div>
          ))}
        </div>
      </footer>
    );
  }

  if (siteData.status !== 'ready' || !siteData.data) {
    return (
      <footer className="shell-footer">
        <div className="sf-container shell-footer__problem" role="status">
          <p>The site links could not be loaded.</p>
          <Button variant="secondary" onClick={siteData.reload}>
            Retry
          </Button>
        </div>
      </footer>
    );
  }

  const { site, menus } = siteData.data;
  return (
    <footer className="shell-footer">
      <div className="sf-container shell-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="shell-footer__title">
            {site.name}
          </h2>
          <p className="shell-footer__tagline">{site.tagline}</p>
          <address className="shell-footer__address">
            {site.address.street}
            <br />
            {site.address.city}, {site.address.state} {site.address.zip}
            <br />
            <a href={telHref(site.phone)}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
          <ul className="shell-footer__hours">
            {site.hours.map((entry) => (
              <li key={entry.days}>
                <span>{entry.days}:</span> {entry.time}
              </li>
            ))}
          </ul>
        </section>
        {menus.footer.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="shell-footer__title">{column.title}</h2>
            <ul className="shell-footer__links">
              {column.items.map((item) => (
                <li key={item.path}>
                  <Link to={item.path}>{item.text}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="sf-container sf-cluster shell-footer__bottom">
        <ul className="shell-footer__social" aria-label="Follow us">
          {site.social.map((entry) => (
            <li key={entry.type}>
              <a href={entry.url} rel="noopener noreferrer" target="_blank">
                {entry.type.charAt(0).toUpperCase() + entry.type.slice(1)}
                <span className="sf-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="shell-footer__copyright">{site.copyright}</p>
      </div>
    </footer>
  );
}
