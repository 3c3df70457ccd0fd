import './layout-blocks.css';
import type { BlockComponentProps, ProductStyleCardsBlock, ProductStyleSummary } from '@storefront/contracts';
import { ErrorState, LoadingState, ResponsiveImage, usePageData } from '@storefront/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { NoDataFound } from './NoDataFound';

export const PRODUCT_STYLES_URL = '/api/content/product-styles';
export const STYLE_PAGE_BASE = '/products/kitchen-cabinets/rta-kitchen-cabinets';

/** The catalog's door styles as cards, each linking to its style page; the list comes from the catalog. */
export default function ProductStyleCards({ block }: BlockComponentProps<ProductStyleCardsBlock>) {
  const headingId = useId();
  const styles = usePageData<ProductStyleSummary[]>(PRODUCT_STYLES_URL);
  let body;
  if (styles.status === 'error' || styles.status === 'not-found') {
    body = <ErrorState title="The cabinet styles could not be loaded." message={styles.error ?? 'Please try again in a moment.'} onRetry={styles.reload} />;
  } else if (styles.status === 'loading' || !styles.data) {
    body = <LoadingState label="Loading styles…" />;
  } else if (styles.data.length === 0) {
    body = <NoDataFound />;
  } else {
    body = (
      <ul className="content-style-cards__list">
        {styles.data.map((style) => (
          <li key={style.name} className="content-style-cards__card">
            <Link to={`${STYLE_PAGE_BASE}/${encodeURIComponent(style.name)}`} className="content-style-cards__link">
              <ResponsiveImage image={style.image} />
              <span className="content-style-cards__title">{style.title}</span>
              {style.label && <span className="content-style-cards__label">{style.label}</span>}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="sf-container content-style-cards" aria-labelledby={block.title ? headingId : undefined} aria-label={block.title ? undefined : 'Cabinet styles'}>
      {block.title && (
        <h2 id={headingId} className="content-style-cards__heading">
          {block.title}
        </h2>
      )}
      {block.description && <p className="content-style-cards__intro">{block.description}</p>}
      {body}
    </section>
  );
}
