import './interactive.css';
import type { BlockComponentProps, ContactItem, ContactListBlock, SiteData } from '@storefront/contracts';
import { ResponsiveImage, SITE_DATA_URL, usePageData, TitledSection } from '@storefront/ui';

/** A phone number as a dialable tel:/sms: target: digits and a leading +, US numbers get +1. */
export function dialable(text: string): string {
  const digits = text.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  return digits.length === 10 ? `+1${digits}` : digits;
}

/** The address on Google Maps unless the content gives its own map link. */
export function mapLinkFor(item: Extract<ContactItem, { type: 'address' }>): string {
  return item.mapLink ?? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(item.text)}`;
}

/** The given hours, else the site's own (one place to change them). */
function Hours({ rows }: { rows?: { days: string; time: string }[] }) {
  const site = usePageData<SiteData>(rows ? null : SITE_DATA_URL);
  const shown = rows ?? site.data?.site.hours ?? [];
  return (
    <dl className="content-contact__hours">
      {shown.map((row) => (
        <div key={row.days} className="content-contact__hours-row">
          <dt>{row.days}</dt>
          <dd>{row.time}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemBody({ item }: { item: ContactItem }) {
  switch (item.type) {
    case 'address':
      return (
        <>
          <address className="content-contact__address">{item.text}</address>
          {item.enableMapLink && (
            <a href={mapLinkFor(item)} target="_blank" rel="noopener noreferrer" className="content-contact__map">
              Get directions<span className="sf-visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </>
      );
    case 'phone':
      return <a href={`tel:${dialable(item.text)}`}>{item.text}</a>;
    case 'sms':
      return <a href={`sms:${dialable(item.text)}`}>{item.text}</a>;
    case 'email':
      return <a href={`mailto:${item.text}`}>{item.text}</a>;
    case 'hours':
      return <Hours rows={item.items} />;
    case 'icon-link':
    case 'link': {
      const external = !item.url.startsWith('/');
      return (
        <a href={item.url} className={`content-contact__${item.type}`} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {item.type === 'icon-link' && (
            <span className="content-contact__icon" aria-hidden="true">
              →
            </span>
          )}
          {item.text}
          {external && <span className="sf-visually-hidden"> (opens in a new tab)</span>}
        </a>
      );
    }
    case 'image':
      return <ResponsiveImage image={item.image} className="content-contact__image" />;
  }
}

/** Ways to reach the business; here-to-help shows them as a highlighted panel of cards. */
export default function ContactList({ block }: BlockComponentProps<ContactListBlock>) {
  const layout = block.layout ?? 'default';
  return (
    // data-analytics: the shell's click listener pushes get_in_touch_click for phone/e-mail links in here.
    <TitledSection className={`sf-container content-contact content-contact--${layout}`} title={block.title} headingClassName="content-contact__title" intro={block.subTitle} introClassName="content-contact__subtitle" data-analytics="get-in-touch">
      <ul className="sf-card-grid content-contact__items">
        {block.items.map((item, index) => (
          <li key={`${item.type}-${index}`} className={`content-contact__item content-contact__item--${item.type}`}>
            {item.title && <h3 className="content-contact__item-title">{item.title}</h3>}
            <ItemBody item={item} />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
