import './blocks.css';
import './media-blocks.css';
import { REVIEWS_SUMMARY_URL, type BlockComponentProps, type ReviewSummary, type ReviewsSummaryBlock } from '@storefront/contracts';
import { usePageData } from '@storefront/ui';
import { StarRating } from './StarRating';

/** "4.8 out of 5 based on 10 reviews". */
export function summaryText(summary: ReviewSummary): string {
  const count = `${summary.reviewCount} review${summary.reviewCount === 1 ? '' : 's'}`;
  return `${summary.avgRating.toFixed(1)} out of 5 based on ${count}`;
}

function isSummary(value: unknown): value is ReviewSummary {
  const summary = value as ReviewSummary | null;
  return typeof summary?.avgRating === 'number' && typeof summary.reviewCount === 'number';
}

/** The reviews' average and count; with no reviews, or when the summary cannot be loaded, nothing shows (spec §7). */
export default function ReviewsSummary({ block }: BlockComponentProps<ReviewsSummaryBlock>) {
  const summary = usePageData<ReviewSummary>(REVIEWS_SUMMARY_URL);
  if (summary.status !== 'ready' || !isSummary(summary.data) || summary.data.reviewCount === 0) return null;
  return (
    <section className="sf-container content-reviews-summary" aria-label={block.title ?? 'Customer rating'}>
      {block.title && <h2 className="content-reviews-summary__title">{block.title}</h2>}
      <p className="content-reviews-summary__line">
        <StarRating star={summary.data.avgRating} decorative className="content-stars--on-light content-reviews-summary__stars" />
        <span className="content-reviews-summary__text">{summaryText(summary.data)}</span>
      </p>
    </section>
  );
}
