import './blocks.css';
import './media-blocks.css';
import { REVIEW_TEXT_LIMIT, REVIEWS_URL, type BlockComponentProps, type Review, type ReviewCardsBlock } from '@storefront/contracts';
import { LoadingState, usePageData } from '@storefront/ui';
import { Slider } from '@storefront/ui/slider';
import { useId } from 'react';
import { NoDataFound } from './NoDataFound';
import { ReadMore } from './ReadMore';
import { StarRating } from './StarRating';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** One review: who, where, on which platform, the stars, and the text cut at 150 characters. */
export function ReviewCard({ review }: { review: Review }) {
  const nameId = useId();
  return (
    <article className="content-review-card" aria-labelledby={nameId}>
      <header className="content-review-card__header">
        {review.profilePicture ? (
          <img className="content-review-card__avatar" src={review.profilePicture} alt="" width={50} height={50} loading="lazy" decoding="async" />
        ) : (
          <span className="content-review-card__avatar content-review-card__avatar--initials" aria-hidden="true">
            {initialsOf(review.name)}
          </span>
        )}
        <div>
          <h3 id={nameId} className="content-review-card__name">
            {review.name}
          </h3>
          {review.location && <p className="content-review-card__location">{review.location}</p>}
        </div>
      </header>
      <div className="sf-cluster content-review-card__meta">
        <StarRating star={review.rating} className="content-stars--on-light" />
        {review.platform && <span className="content-review-card__platform">on {review.platform}</span>}
      </div>
      {review.reviewText && (
        <ReadMore text={review.reviewText} limit={REVIEW_TEXT_LIMIT} moreLabel="Show More" lessLabel="Show Less" className="content-review-card__text" />
      )}
    </article>
  );
}

/** Customer reviews from the reviews table, as cards in the Slider; a failure shows the empty state (spec §7). */
export default function ReviewCards({ block }: BlockComponentProps<ReviewCardsBlock>) {
  const headingId = useId();
  const reviews = usePageData<Review[]>(REVIEWS_URL);
  const title = block.title ?? 'What Our Customers Say';
  let body;
  if (reviews.status === 'loading') {
    body = <LoadingState label="Loading reviews…" />;
  } else if (reviews.status !== 'ready' || !Array.isArray(reviews.data) || reviews.data.length === 0) {
    // Spec §7: review calls that fail yield empty results, shown like an empty list.
    body = <NoDataFound />;
  } else {
    body = (
      <Slider
        label="Customer reviews"
        slidesToShow={{ mobile: 1, tablet: 2, desktop: 3 }}
        className="content-review-cards__slider"
        slides={reviews.data.map((review) => ({ key: review.id, label: `Review by ${review.name}`, content: <ReviewCard review={review} /> }))}
      />
    );
  }
  return (
    <section className="sf-container content-review-cards" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-review-cards__heading">
        {title}
      </h2>
      {block.description && <p className="content-review-cards__intro">{block.description}</p>}
      {body}
    </section>
  );
}
