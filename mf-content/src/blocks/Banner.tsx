import './blocks.css';
import type { BannerBlock, BlockComponentProps } from '@storefront/contracts';
import { ResponsiveImage } from '@storefront/ui';
import { ActionLink } from './ActionLink';
import { StarRating } from './StarRating';

// halfStarsOf moved to the shared text helpers; re-exported for existing callers.
export { halfStarsOf } from '../text/text';

function Rating({ text, star }: { text: string; star: number }) {
  return (
    <p className="content-banner__rating">
      <StarRating star={star} decorative />
      <span>{text}</span>
    </p>
  );
}

/** A full-width banner: image behind a title, subtitle, description, rating and an action. */
export default function Banner({ block, position }: BlockComponentProps<BannerBlock>) {
  // The page's first block carries its heading and is the largest paint: load it first.
  const first = position === 0;
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className="content-banner" aria-label={block.title}>
      <ResponsiveImage image={block.backgroundImage} priority={block.priority ?? first} className="content-banner__image" />
      <div className="content-banner__scrim" aria-hidden="true" />
      <div className="sf-container content-banner__inner">
        <div className="content-banner__text">
          {block.subTitle && <p className="content-banner__subtitle">{block.subTitle}</p>}
          <Heading className="content-banner__title">{block.title}</Heading>
          {block.description && <p className="content-banner__description">{block.description}</p>}
          {block.ratings && <Rating text={block.ratings.text} star={block.ratings.star} />}
          {block.action && <ActionLink action={block.action} className="content-banner__action" />}
        </div>
      </div>
    </section>
  );
}
