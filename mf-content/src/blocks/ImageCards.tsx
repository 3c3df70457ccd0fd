import './layout-blocks.css';
import type { BlockComponentProps, Card, ImageCardsBlock } from '@storefront/contracts';
import { ResponsiveImage } from '@storefront/ui';
import { useId } from 'react';
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

function CardItem({ card, index, numbered, headingLevel: Heading, fullText }: CardItemProps) {
  const step = card.stepNumber ?? index + 1;
  return (
    <li className="content-cards__card">
      {numbered && !card.hideStepNumber && (
        <span className="content-cards__step" aria-label={`Step ${step}`}>
          {padStepNumber(step)}
        </span>
      )}
      {card.image && (
        <div className="content-cards__image">
          <ResponsiveImage image={card.image} />
        </div>
      )}
      <div className="content-cards__body">
        <Heading className="content-cards__title">{card.title}</Heading>
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
  const headingId = useId();
  const numbered = block.version === 'v3';
  const look = numbered ? (block.look ?? 'steps') : 'grid';
  const List = numbered ? 'ol' : 'ul';
  return (
    <section
      className={`sf-container content-cards content-cards--${block.version} content-cards--${look}`}
      aria-labelledby={block.title ? headingId : undefined}
    >
      {block.title && (
        <h2 id={headingId} className="content-cards__heading">
          {block.title}
        </h2>
      )}
      {block.description && <p className="content-cards__intro">{block.description}</p>}
      {block.cards.length === 0 ? (
        <NoDataFound />
      ) : (
        <List className="content-cards__list">
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
    </section>
  );
}
