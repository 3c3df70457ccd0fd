import { productStylePath, type FinishSwatch, type ProductStyleCard as Card } from '@storefront/contracts';
import { CARD_SWATCH_MAX_VISIBLE, ResponsiveImage, SwatchList, Link } from '@storefront/ui';
import { useId, type ReactNode } from 'react';
import { CARD_READ_MORE_TEXT, cardDescription } from './card-description';

/** A finish swatch: links to the style page with that finish chosen (?type=&value=). */
function SwatchLink({ code, swatch }: { code: string; swatch: FinishSwatch }) {
  return (
    <Link className="sf-listing-swatch" to={productStylePath(code, swatch)} title={swatch.label} aria-label={`${swatch.label} finish`}>
      <img src={swatch.image} alt="" width={28} height={28} loading="lazy" decoding="async" />
    </Link>
  );
}

export interface ProductStyleCardProps {
  card: Card;
  /** the card's heading level follows the listing's (an h2 title makes cards h3) */
  children?: ReactNode;
  /** the first row of cards is above the fold: no lazy image there */
  eager?: boolean;
}

/**
 * A product-style card (spec §2, §5): the picture and title link to the style page; the short
 * description as up to six list items then "Read more...", or as text cut at 350 characters; the
 * finishes as swatches, nine shown, then "+n" / "Less".
 */
export function ProductStyleCard({ card, children, eager = false }: ProductStyleCardProps) {
  const titleId = useId();
  const description = cardDescription(card.shortDescription);
  return (
    <article className="sf-listing-card" aria-labelledby={titleId}>
      <Link to={card.path} className="sf-listing-card__image" tabIndex={-1} aria-hidden="true">
        {card.image ? <ResponsiveImage image={{ ...card.image, altText: '' }} priority={eager} /> : <span className="sf-listing-card__no-image" />}
        {card.label && <span className="sf-listing-card__label">{card.label}</span>}
      </Link>
      <div className="sf-listing-card__body">
        <h3 id={titleId} className="sf-listing-card__title">
          <Link to={card.path}>{card.title}</Link>
        </h3>
        {description.kind === 'list' ? (
          <ul className="sf-listing-card__features">
            {description.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        ) : (
          description.text && <p className="sf-listing-card__text">{description.text}</p>
        )}
        {description.kind === 'list' && description.more && (
          <Link to={card.path} className="sf-listing-card__more" aria-label={`Read more about ${card.title}`}>
            {CARD_READ_MORE_TEXT}
          </Link>
        )}
        {card.swatches.length > 0 && (
          <SwatchList
            className="sf-listing-card__swatches"
            items={card.swatches}
            getKey={(swatch) => `${swatch.type}:${swatch.value}`}
            maxVisible={CARD_SWATCH_MAX_VISIBLE}
            itemNoun={`finishes of ${card.title}`}
            renderItem={(swatch) => <SwatchLink code={card.code} swatch={swatch} />}
          />
        )}
        {children}
      </div>
    </article>
  );
}
