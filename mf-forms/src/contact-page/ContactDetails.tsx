import type { SiteSettings } from '@storefront/contracts';

function mapLink(address: SiteSettings['address']): string {
  const query = [address.street, address.city, address.state, address.zip].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Phone, e-mail, text, showroom address and hours from the site settings. */
export function ContactDetails({ site }: { site: SiteSettings }) {
  const { address } = site;
  return (
    // data-analytics: the shell's click listener pushes get_in_touch_click for the phone/e-mail links here.
    <aside className="mf-contact__details" aria-labelledby="mf-contact-details-title" data-analytics="get-in-touch">
      <h2 id="mf-contact-details-title" className="mf-contact__details-title">
        Get in touch
      </h2>
      <dl className="mf-contact__list">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </dd>
        </div>
        {site.sms && (
          <div>
            <dt>Text us</dt>
            <dd>
              <a href={`sms:${site.sms.replace(/[^\d+]/g, '')}`}>{site.sms}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>Showroom</dt>
          <dd>
            <address>
              {address.street}
              <br />
              {address.city}, {address.state} {address.zip}
            </address>
            <a href={mapLink(address)} target="_blank" rel="noopener noreferrer">
              View on map<span className="sf-visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
        {site.hours.length > 0 && (
          <div>
            <dt>Hours</dt>
            <dd>
              <ul className="mf-contact__hours">
                {site.hours.map((entry) => (
                  <li key={entry.days}>
                    <span>{entry.days}</span> <span>{entry.time}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </aside>
  );
}
