import { halfStarsOf, ratingLabel } from '../text/text';

/**
 * Stars in half-star steps (max 5). The fill width is a class per step because the CSP allows no inline
 * styles; the glyphs are hidden from screen readers, which hear "4.5 out of 5 stars" instead.
 */
export function StarRating({ star, className, decorative = false }: { star: number; className?: string; decorative?: boolean }) {
  // decorative: the text beside the stars already says the rating, so screen readers skip the stars
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': ratingLabel(star) };
  return (
    <span className={['content-stars', className].filter(Boolean).join(' ')} {...a11y}>
      <span className={`content-stars__fill content-stars__fill--${halfStarsOf(star)}`} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
