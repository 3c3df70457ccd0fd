import './layout-blocks.css';
import { cardPicture, type BlockComponentProps, type Card, type CardImage, type ImageCardsBlock } from '@storefront/contracts';
import { ResponsiveImage, TitledSection } from '@storefront/ui';
import { formatPublishDate } from '../blogs/blog-api';
import { padStepNumber } from '../text/text';
import { ActionLink } from './ActionLink';
import { NoDataFound } from './NoDataFound';
import { ReadMore } from './ReadMore';

interface CardItemProps {
  card: Card;
  index: number;
  numbered: boolean;
  /** h3 under the block's title, h2 when the block has none */
  headingLevel: 'h2' | 'h3';
  fullText: boolean;
}

/**
 * The card picture. With a hoverSrc (hoverEffect swap, the default then) the second picture sits over
 * the first and shows while the card is hovered or holds focus (CSS only, so it works before hydration);
 * it is decorative (alt ""), the first picture's alt text names both. zoom enlarges the picture instead.
 */
function CardPicture({ image }: { image: CardImage }) {
  const effect = image.hoverEffect ?? (image.hoverSrc ? 'swap' : 'none');
  const swap = effect === 'swap' && image.hoverSrc;
  const classes = [
    'content-cards__image',
    image.objectFit === 'contain' && 'content-cards__image--contain',
    swap && 'content-cards__image--swap',
    effect === 'zoom' && 'content-cards__image--zoom',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} title={image.title}>
      <ResponsiveImage image={image} />
      {swap && <img className="content-cards__hover-image" src={image.hoverSrc} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />}
    </div>
  );
}

function CardItem({ card, index, numbered, headingLevel: Heading, fullText }: CardItemProps) {
  const step = card.stepNumber ?? index + 1;
  const picture = cardPicture(card);
  // className is a checked token (cardClassName), namespaced so content picks a card style, never a layout class
  const className = ['content-cards__card', card.className && `content-cards__card--${card.className}`].filter(Boolean).join(' ');
  return (
    <li className={className}>
      {numbered && !card.hideStepNumber && (
        <span className="content-cards__step" aria-label={`Step ${step}`}>
          {padStepNumber(step)}
        </span>
      )}
      {picture && <CardPicture image={picture} />}
      <div className="content-cards__body">
        <Heading className="content-cards__title">{card.title}</Heading>
        {(card.author || card.publishDate) && (
          <p className="content-cards__byline">
            {card.author && <span>By {card.author}</span>}
            {card.author && card.publishDate && ' · '}
            {card.publishDate && <time dateTime={card.publishDate}>{formatPublishDate(card.publishDate)}</time>}
          </p>
        )}
        {fullText ? <p className="content-cards__description">{card.description}</p> : <ReadMore text={card.description} className="content-cards__description" />}
        {card.action && <ActionLink action={card.action} />}
      </div>
    </li>
  );
}

/**
 * Image cards: v1 a grid of image-over-text cards, v2 a list of image-beside-text cards, v3 numbered
 * process steps (zero-padded to 2 digits) as a grid or, with look 'timeline', a vertical timeline.
 */
export default function ImageCards({ block }: BlockComponentProps<ImageCardsBlock>) {
  const numbered = block.version === 'v3';
  const look = numbered ? (block.look ?? 'steps') : 'grid';
  const List = numbered ? 'ol' : 'ul';
  return (
    <TitledSection className={`sf-container sf-section content-cards content-cards--${block.version} content-cards--${look}`} title={block.title} headingClassName="sf-section__heading content-cards__heading" intro={block.description} introClassName="sf-section__intro content-cards__intro">
      {block.cards.length === 0 ? (
        <NoDataFound />
      ) : (
        <List className="sf-card-grid content-cards__list">
          {block.cards.map((card, index) => (
            <CardItem
              key={`${index}-${card.title}`}
              card={card}
              index={index}
              numbered={numbered}
              headingLevel={block.title ? 'h3' : 'h2'}
              fullText={block.fullText === true}
            />
          ))}
        </List>
      )}
    </TitledSection>
  );
}
